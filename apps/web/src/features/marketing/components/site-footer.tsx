import type { SocialNetwork } from "@atelier/contract";
import { Mail, Phone } from "lucide-react";
import { BrandMark } from "@/components/brand";
import { paths } from "@/config/paths";
import { useSiteConfig } from "../api/site-config";
import { SUPPORT_HOURS, TAGLINE } from "../content/site-facts";
import { FOOTER_GROUPS } from "./nav-links";

const SOCIAL_LABELS: Record<SocialNetwork, string> = { instagram: "Instagram", facebook: "Facebook", pinterest: "Pinterest" };

const footerLink = "rounded-sm text-background/75 transition-colors hover:text-background focus-visible:outline-background";

export function SiteFooter() {
  const site = useSiteConfig();
  const email = site.data?.contact_email;
  const phone = site.data?.contact_phone;
  const socials = site.data?.socials ?? [];
  return (
    <footer className="bg-foreground text-background">
      <div className="container-page grid grid-cols-2 gap-x-8 gap-y-12 pb-12 pt-16 md:grid-cols-3 lg:grid-cols-[1.4fr_repeat(3,0.7fr)_1.2fr]">
        <div className="col-span-2 flex flex-col gap-5 md:col-span-3 lg:col-span-1">
          <BrandMark inverted />
          <p className="max-w-xs font-display text-xl leading-snug text-background/90">{TAGLINE}</p>
          {socials.length > 0 && (
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label="Follow us">
              {socials.map((s) => (
                <li key={s.network}>
                  <a href={s.url} className={footerLink} rel="noopener noreferrer" target="_blank">
                    {SOCIAL_LABELS[s.network]}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="mb-4 font-sans text-xs font-semibold uppercase tracking-[0.2em] text-accent">{group.title}</h2>
            <ul className="flex flex-col gap-2.5 text-sm">
              {group.links.map((l) => (
                <li key={l.href}>
                  <a href={l.href} className={footerLink}>
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <h2 className="mb-4 font-sans text-xs font-semibold uppercase tracking-[0.2em] text-accent">Get in touch</h2>
          <ul className="flex min-h-14 flex-col gap-2.5 text-sm" aria-busy={site.status === "loading" || site.status === "idle"}>
            {email && (
              <li>
                <a href={`mailto:${email}`} className={`${footerLink} inline-flex items-center gap-2`}>
                  <Mail className="size-4 text-accent" aria-hidden />
                  {email}
                </a>
              </li>
            )}
            {phone && (
              <li>
                <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={`${footerLink} inline-flex items-center gap-2`}>
                  <Phone className="size-4 text-accent" aria-hidden />
                  {phone}
                </a>
              </li>
            )}
            {site.status === "success" && !email && !phone && (
              <li>
                <a href={paths.contact.getHref()} className={footerLink}>
                  Write to us
                </a>
              </li>
            )}
          </ul>
          <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs text-background/70">
            {SUPPORT_HOURS.map((h) => (
              <div key={h.days} className="contents">
                <dt>{h.days}</dt>
                <dd>{h.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="border-t border-background/10">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-background/70 sm:flex-row sm:justify-between">
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> Aurelia Atelier. Certified jewellery, made to order.
          </p>
          <p>Hallmarked metals · Certified diamonds and gemstones</p>
        </div>
      </div>
    </footer>
  );
}
