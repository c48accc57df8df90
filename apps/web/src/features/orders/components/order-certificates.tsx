import { CERTIFICATE_TYPE_LABELS, certificateVerifyLabel, type Certificate } from "@atelier/contract";
import { BadgeCheck, ExternalLink, FileText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatDay } from "@/lib/format";

/**
 * The order's certificates on its Details tab: type, lab, number, date, the stone it covers, the
 * document itself and, where the lab offers one, its public report check.
 */
export function OrderCertificates({ certificates }: { certificates: Certificate[] }) {
  return (
    <section aria-labelledby="order-certificates" className="flex flex-col gap-3" data-testid="order-certificates">
      <h3 id="order-certificates" className="eyebrow font-sans">
        Certificates
      </h3>
      {certificates.length === 0 ? (
        <p className="text-sm text-muted">
          No certificates yet. Hallmark and grading certificates appear here once your piece is certified.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Certificates">
          {certificates.map((c) => (
            <li key={c.id} className="flex flex-col gap-3 rounded-md border border-border bg-background/60 p-4 sm:p-5">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                <BadgeCheck className="size-5 shrink-0 text-accent" aria-hidden />
                <Badge tone="gold">{CERTIFICATE_TYPE_LABELS[c.type]}</Badge>
                <span className="min-w-0 break-all font-mono text-sm">{c.number}</span>
              </div>
              <dl className="grid grid-cols-[minmax(5rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
                <dt className="text-muted">Lab</dt>
                <dd className="min-w-0 break-words">{c.lab}</dd>
                <dt className="text-muted">Issued</dt>
                <dd>
                  <time dateTime={c.issued_on}>{formatDay(c.issued_on)}</time>
                </dd>
                <dt className="text-muted">Covers</dt>
                <dd className="min-w-0 break-words">{c.stone || "The whole piece"}</dd>
              </dl>
              <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
                <a
                  href={c.file.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 font-medium text-accent-strong underline-offset-4 hover:underline"
                >
                  <FileText className="size-4" aria-hidden /> View certificate
                  <span className="sr-only"> {`${CERTIFICATE_TYPE_LABELS[c.type]} ${c.number}`} (opens in a new tab)</span>
                </a>
                {c.verify_url && (
                  <a
                    href={c.verify_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1.5 font-medium text-accent-strong underline-offset-4 hover:underline"
                  >
                    <ExternalLink className="size-4" aria-hidden /> {certificateVerifyLabel(c.type)}
                    <span className="sr-only"> (the lab&apos;s website, opens in a new tab)</span>
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
