import { z } from "zod";

export const SOCIAL_NETWORKS = ["instagram", "facebook", "pinterest"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** GET /api/site/: the business contact details and the social links that are configured (none are invented). */
export const siteConfigSchema = z.object({
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  socials: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.string() })),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** The public pages (spec §2); they are prerendered and listed in sitemap.xml. */
export const PUBLIC_PAGE_PATHS = ["/", "/how-it-works", "/gallery", "/contact", "/faq", "/privacy", "/terms"] as const;
export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];
