import { LEGAL_UPDATED, type LegalSection } from "../content/legal";

/** A legal text laid out for reading: numbered headings, a comfortable measure. */
export function LegalDocument({ sections }: { sections: LegalSection[] }) {
  return (
    <div className="container-page max-w-3xl py-16 sm:py-20">
      <p className="text-sm text-muted">Last updated: {LEGAL_UPDATED}</p>
      {sections.map((s, i) => (
        <section key={s.heading} className="mt-12 first-of-type:mt-8">
          <h2 className="text-3xl">
            <span className="mr-3 text-accent-strong">{i + 1}.</span>
            {s.heading}
          </h2>
          {s.paragraphs.map((p) => (
            <p key={p.slice(0, 40)} className="mt-4 leading-relaxed text-foreground/85">
              {p}
            </p>
          ))}
          {s.list && (
            <ul className="mt-4 flex list-disc flex-col gap-2 pl-6 leading-relaxed text-foreground/85 marker:text-accent-strong">
              {s.list.map((item) => (
                <li key={item.slice(0, 40)}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
