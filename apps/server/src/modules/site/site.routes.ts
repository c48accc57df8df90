import { PUBLIC_PAGE_PATHS, siteConfigSchema, SOCIAL_NETWORKS, type SiteConfig } from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import type { Config } from "../../config.ts";

/** The footer's contact details and social links, from configuration (the public pages are static HTML). */
export function toSiteConfig(config: Pick<Config, "contactEmail" | "contactPhone" | "socialLinks">): SiteConfig {
  return {
    contact_email: config.contactEmail ?? null,
    contact_phone: config.contactPhone ?? null,
    socials: SOCIAL_NETWORKS.flatMap((network) => {
      const url = config.socialLinks[network];
      return url ? [{ network, url }] : [];
    }),
  };
}

/**
 * GET /api/site/, /robots.txt and /sitemap.xml. The last two are built from PUBLIC_URL at
 * serve time, so one build works under any address.
 */
export const siteModule: FastifyPluginCallbackZod<{ config: Config }> = (app, { config }, done) => {
  const site = toSiteConfig(config);
  const origin = config.publicUrl;

  app.get("/api/site/", {
    schema: { tags: ["site"], summary: "Business contact details and social links (public)", response: { 200: siteConfigSchema } },
    handler: (_req, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return site;
    },
  });

  const robots = ["User-agent: *", "Allow: /", "Disallow: /dashboard", "Disallow: /api/", "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
  app.get("/robots.txt", { schema: { hide: true } }, (_req, reply) =>
    reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(robots),
  );

  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGE_PATHS.map(
      (p) =>
        `  <url><loc>${origin}${p === "/" ? "/" : p}</loc><changefreq>${p === "/gallery" ? "weekly" : "monthly"}</changefreq><priority>${p === "/" ? "1.0" : "0.7"}</priority></url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  app.get("/sitemap.xml", { schema: { hide: true } }, (_req, reply) =>
    reply.header("cache-control", "public, max-age=3600").type("application/xml; charset=utf-8").send(sitemap),
  );
  done();
};
