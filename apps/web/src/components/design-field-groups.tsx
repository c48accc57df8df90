import { designFieldGroups, type DesignDetails } from "@atelier/contract";
import { cn } from "@/lib/cn";
import { formatAmount } from "@/lib/format";

/**
 * Every field the customer filled in, under the custom form's section titles (the contract's
 * `designFieldGroups`, which the order PDF uses too); empty fields and sections are left out.
 */
export function DesignFieldGroups({ details, className }: { details: DesignDetails; className?: string }) {
  const groups = designFieldGroups(details, { money: formatAmount });
  if (groups.length === 0) return null;
  return (
    <div className={cn("flex flex-col gap-4", className)}>
      {groups.map((group) => (
        <section key={group.id} aria-label={group.title} className="flex flex-col gap-1.5">
          <h3 className="eyebrow font-sans">{group.title}</h3>
          <dl className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            {group.rows.map((row) => (
              <div key={row.label} className="contents">
                <dt className="text-muted">{row.label}</dt>
                <dd className="whitespace-pre-line break-words">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
