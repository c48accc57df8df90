import { addressLines, type PostalAddress } from "@atelier/contract";
import { cn } from "@/lib/cn";

/** A postal address as it goes on a parcel: the name first, a line each, then the phone. */
export function PostalAddressView({ address, className, showPhone = true }: { address: PostalAddress; className?: string; showPhone?: boolean }) {
  const [name, ...rest] = addressLines(address);
  return (
    <address className={cn("flex flex-col text-sm not-italic leading-relaxed", className)}>
      <span className="font-medium text-foreground">{name}</span>
      {rest.map((line, i) => (
        <span key={i} className="text-foreground/90">
          {line}
        </span>
      ))}
      {showPhone && address.phone && <span className="mt-1 tabular-nums text-muted">{address.phone}</span>}
    </address>
  );
}
