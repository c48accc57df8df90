import { Clock, Mail, Phone } from "lucide-react";
import { paths } from "@/config/paths";
import { useSiteConfig } from "../api/site-config";
import { EMAIL_RESPONSE, PHONE_HOURS, SUPPORT_HOURS } from "../content/site-facts";

/** The atelier's e-mail and phone (from configuration) and the support hours. */
export function ContactDetails() {
  const site = useSiteConfig();
  const email = site.data?.contact_email;
  const phone = site.data?.contact_phone;
  const loading = site.status === "idle" || site.status === "loading";
  return (
    <div className="flex flex-col gap-8 rounded-[1.25rem] bg-foreground p-8 text-background sm:p-10">
      <div className="flex flex-col gap-2">
        <h2 className="text-3xl text-background">Talk to a designer</h2>
        <p className="text-sm leading-relaxed text-background/75">We answer every message ourselves, {EMAIL_RESPONSE}.</p>
      </div>
      <ul className="flex min-h-20 flex-col gap-4 text-sm" aria-busy={loading}>
        {loading && (
          <>
            <li aria-hidden className="h-5 w-3/4 animate-pulse rounded bg-background/15" />
            <li aria-hidden className="h-5 w-1/2 animate-pulse rounded bg-background/15" />
          </>
        )}
        {email && (
          <li className="flex items-start gap-3">
            <Mail className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
            <span>
              <span className="block text-xs uppercase tracking-[0.18em] text-background/70">Email</span>
              <a href={`mailto:${email}`} className="text-base text-background underline-offset-4 hover:underline">
                {email}
              </a>
              <span className="block text-xs text-background/70">Answered {EMAIL_RESPONSE}</span>
            </span>
          </li>
        )}
        {phone && (
          <li className="flex items-start gap-3">
            <Phone className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
            <span>
              <span className="block text-xs uppercase tracking-[0.18em] text-background/70">Phone</span>
              <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="text-base text-background underline-offset-4 hover:underline">
                {phone}
              </a>
              <span className="block text-xs text-background/70">{PHONE_HOURS}</span>
            </span>
          </li>
        )}
        {site.status === "success" && !email && !phone && <li className="text-background/80">Use the form and we will write back {EMAIL_RESPONSE}.</li>}
        {site.status === "error" && <li className="text-background/80">Use the form and we will write back {EMAIL_RESPONSE}.</li>}
      </ul>
      <div className="flex flex-col gap-3 border-t border-background/15 pt-6">
        <h3 className="flex items-center gap-2 font-sans text-xs font-semibold uppercase tracking-[0.2em] text-accent">
          <Clock className="size-4" aria-hidden /> Support hours
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
          {SUPPORT_HOURS.map((h) => (
            <div key={h.days} className="contents">
              <dt className="text-background/75">{h.days}</dt>
              <dd>{h.hours}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-background/70">Phone support {PHONE_HOURS}.</p>
      </div>
      <p className="text-sm text-background/75">
        Quick answers on metals, timing and payment are in the{" "}
        <a href={paths.faq.getHref()} className="text-background underline underline-offset-4">
          FAQ
        </a>
        .
      </p>
    </div>
  );
}
