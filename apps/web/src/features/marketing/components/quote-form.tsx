import { BadgePercent, Link2, Loader2, ReceiptText, ShieldCheck, Truck } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { fieldBase } from "@/components/ui/field-styles";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { authStorage } from "@/lib/auth-storage";
import { normaliseProductLink, PRODUCT_LINK_PARAM, storePendingLink } from "@/lib/pending-design";
import { useHydrated } from "@/lib/use-hydrated";
import { goTo } from "../lib/navigate";

const STEPS = [
  { icon: Link2, title: "Share Link", text: "Paste the page of a piece you love." },
  { icon: ReceiptText, title: "Get Quote", text: "See our price beside the original." },
  { icon: Truck, title: "Order & Delivery", text: "Approve the CAD; we craft and deliver." },
] as const;

export const QUOTE_FORM_ID = "quote-form";
export const QUOTE_INTRO = "Share a link to any piece of jewellery. We read its details and show you what it costs, made by us.";

/** The quote's three-step explainer (spec: Share Link, Get Quote, Order & Delivery). */
export function QuoteSteps() {
  return (
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
  );
}

/** The 'Get Quote' button's content: a spinner while the next page loads. */
export function GetQuoteLabel({ leaving }: { leaving: boolean }) {
  return (
    <>
      {leaving && <Loader2 className="animate-spin" aria-hidden />}
      Get Quote
    </>
  );
}

/**
 * The 'Jewelry Product Link' form of the quote dialog and of the /quote page. Once hydrated, a
 * visitor's link is kept as the pending design and they go to sign-up; a signed-in customer
 * goes straight to New design with it. Before that (or without JavaScript) it is a plain GET
 * form to /signup?link=..., and the sign-up page keeps the link the same way. The input is
 * uncontrolled, so a link typed before hydration is still there afterwards.
 */
export function QuoteForm({ actions }: { actions: (leaving: boolean) => ReactNode }) {
  const hydrated = useHydrated();
  const [error, setError] = useState<string>();
  const [leaving, setLeaving] = useState(false);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const raw = new FormData(e.currentTarget).get(PRODUCT_LINK_PARAM);
    const link = typeof raw === "string" ? raw : "";
    if (!link.trim()) {
      toast({ variant: "destructive", title: "Please enter a jewelry product link" });
      return;
    }
    const url = normaliseProductLink(link);
    if (!url) {
      setError("Please enter a full web address, for example https://www.example.com/rings/halo-ring");
      return;
    }
    setLeaving(true);
    if (authStorage.getToken()) {
      goTo(paths.dashboard.newDesign.getHref(), { pendingDesign: { type: "link", data: url } });
    } else {
      storePendingLink(url);
      goTo(paths.signup.getHref());
    }
  }

  return (
    <form
      id={QUOTE_FORM_ID}
      action={paths.signup.getHref()}
      method="get"
      noValidate={hydrated}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
      <Field
        id="product-link"
        label="Jewelry Product Link"
        error={error}
        hint="Any jeweller's product page works: a ring, pendant, earrings or bracelet."
      >
        <input
          id="product-link"
          name={PRODUCT_LINK_PARAM}
          type="url"
          inputMode="url"
          autoComplete="url"
          required
          placeholder="https://www.example.com/rings/emerald-halo-ring"
          className={`${fieldBase} h-11 py-2`}
          onChange={() => setError(undefined)}
          {...fieldAria("product-link", error, { hint: true })}
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
            <strong className="font-medium text-foreground">Certified</strong>: hallmarked precious metals and certified diamonds and
            gemstones.
          </span>
        </li>
      </ul>
      {actions(leaving)}
    </form>
  );
}
