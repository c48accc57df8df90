import { BadgePercent, Link2, ReceiptText, ShieldCheck, Truck } from "lucide-react";
import { useState, type FormEvent, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { authStorage, PENDING_DESIGN_KEY, type PendingDesign } from "@/lib/auth-storage";
import { goTo } from "../lib/navigate";

const STEPS = [
  { icon: Link2, title: "Share Link", text: "Paste the page of a piece you love." },
  { icon: ReceiptText, title: "Get Quote", text: "See our price beside the original." },
  { icon: Truck, title: "Order & Delivery", text: "Approve the CAD; we craft and deliver." },
] as const;

/** A link as typed, with https:// added when only the address was pasted; null when it is not a web link. */
export function normaliseProductLink(raw: string): string | null {
  const value = raw.trim();
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname.includes(".")) return null;
    return withScheme;
  } catch {
    return null;
  }
}

/**
 * 'Get Your Instant Quote' (spec: quote dialog). A visitor's link is kept as the pending design
 * and they go to sign-up; a signed-in customer goes straight to New design with it.
 */
export default function QuoteDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog (it is not a Radix trigger, so focus is handed back by hand). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const [link, setLink] = useState("");
  const [error, setError] = useState<string>();
  const [leaving, setLeaving] = useState(false);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!link.trim()) {
      toast({ variant: "destructive", title: "Please enter a jewelry product link" });
      return;
    }
    const url = normaliseProductLink(link);
    if (!url) {
      setError("Please enter a full web address, for example https://www.example.com/rings/halo-ring");
      return;
    }
    const pending: PendingDesign = { type: "link", data: url };
    setLeaving(true);
    if (authStorage.getToken()) {
      goTo(paths.dashboard.newDesign.getHref(), { pendingDesign: pending });
    } else {
      sessionStorage.setItem(PENDING_DESIGN_KEY, JSON.stringify(pending));
      goTo(paths.signup.getHref());
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-xl"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <p className="eyebrow">Instant quote</p>
          <DialogTitle>Get Your Instant Quote</DialogTitle>
          <DialogDescription>Share a link to any piece of jewellery. We read its details and show you what it costs, made by us.</DialogDescription>
        </DialogHeader>
        <ol className="grid gap-3 sm:grid-cols-3" aria-label="How it works">
          {STEPS.map((s, i) => (
            <li key={s.title} className="flex gap-3 rounded-[var(--radius-card)] bg-surface-muted p-3 sm:flex-col sm:gap-2">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-strong">
                <s.icon className="size-4" aria-hidden />
              </span>
              <span>
                <span className="block text-sm font-medium">
                  <span className="sr-only">Step {i + 1}: </span>
                  {s.title}
                </span>
                <span className="block text-xs leading-relaxed text-muted">{s.text}</span>
              </span>
            </li>
          ))}
        </ol>
        <form id="quote-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Field id="product-link" label="Jewelry Product Link" error={error} hint="Any jeweller's product page works: a ring, pendant, earrings or bracelet.">
            <Input
              id="product-link"
              name="product-link"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://www.example.com/rings/emerald-halo-ring"
              value={link}
              onChange={(e) => {
                setLink(e.target.value);
                setError(undefined);
              }}
              aria-invalid={!!error}
              aria-describedby={error ? "product-link-error" : "product-link-hint"}
            />
          </Field>
          <ul className="grid gap-2 text-sm text-muted">
            <li className="flex items-start gap-2.5">
              <BadgePercent className="mt-0.5 size-4 shrink-0 text-accent-strong" aria-hidden />
              <span>
                <strong className="font-medium text-foreground">Save up to 40%</strong> against retail: direct pricing with no showroom markup.
              </span>
            </li>
            <li className="flex items-start gap-2.5">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-accent-strong" aria-hidden />
              <span>
                <strong className="font-medium text-foreground">Certified</strong>: hallmarked precious metals and certified diamonds and gemstones.
              </span>
            </li>
          </ul>
        </form>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" form="quote-form" loading={leaving}>
            Get Quote
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
