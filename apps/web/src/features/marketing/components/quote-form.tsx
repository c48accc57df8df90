import { BadgePercent, Link2, ReceiptText, ShieldCheck, Truck } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { fieldBase } from "@/components/ui/field-styles";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { normaliseProductLink, PRODUCT_LINK_PARAM } from "@/lib/pending-design";
import { useHydrated } from "@/lib/use-hydrated";
import type { QuoteRequest } from "./instant-quote";

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


const loadPanels = () => import("./instant-quote");
const LinkQuote = lazy(() => loadPanels().then((m) => ({ default: m.LinkQuote })));
const DescribeQuote = lazy(() => loadPanels().then((m) => ({ default: m.DescribeQuote })));

/** A pause in typing this long starts the reading of a link that looks complete; a paste starts it at once. */
const TYPING_PAUSE_MS = 800;
/** A link worth reading without a click: a web address with a host that has a top-level domain (or an IP address). */
const looksComplete = (url: string) => /^(?:[^.]+\.)+(?:[a-z]{2,}|\d{1,3})$/i.test(new URL(url).hostname);

/**
 * The 'Jewelry Product Link' form of the quote dialog and of the /quote page: the instant
 * estimate before sign-up (issue 22). A pasted link (or one typed and left alone) is read at once,
 * with no button to press, and its estimate appears below; 'Get Quote' does the same. 'Describe it
 * instead' prices a piece without a link. 'Save and get a firm quote' keeps the design for the
 * account. Before hydration (or without JavaScript) it is a plain GET form to /signup?link=...,
 * and the sign-up page keeps the link as the pending design. The input is uncontrolled, so a
 * link typed before hydration is still there afterwards.
 */
export function QuoteForm({ actions }: { actions: (state: { started: boolean }) => ReactNode }) {
  const hydrated = useHydrated();
  const [error, setError] = useState<string>();
  const [mode, setMode] = useState<"link" | "describe">("link");
  const [request, setRequest] = useState<QuoteRequest | null>(null);
  const typing = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => window.clearTimeout(typing.current), []);

  /** Reads the link; `quiet` (a paste or a pause in typing) says nothing of a link that is not one yet. */
  function start(raw: string, quiet: boolean) {
    window.clearTimeout(typing.current);
    if (!raw.trim()) {
      if (!quiet) toast({ variant: "destructive", title: "Please enter a jewelry product link" });
      return;
    }
    const url = normaliseProductLink(raw);
    if (!url || (quiet && !looksComplete(url))) {
      if (!quiet) setError("Please enter a full web address, for example https://www.example.com/rings/halo-ring");
      return;
    }
    setError(undefined);
    setRequest((current) => (quiet && current?.url === url ? current : { url, n: (current?.n ?? 0) + 1 }));
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mode !== "link") return;
    const raw = new FormData(e.currentTarget).get(PRODUCT_LINK_PARAM);
    start(typeof raw === "string" ? raw : "", false);
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
      {mode === "link" ? (
        <>
          <Field
            id="product-link"
            label="Jewelry Product Link"
            error={error}
            hint="Paste any jeweller's product page: your estimate appears here, no account needed."
          >
            <input
              ref={input}
              id="product-link"
              name={PRODUCT_LINK_PARAM}
              type="url"
              inputMode="url"
              autoComplete="url"
              required
              placeholder="https://www.example.com/rings/emerald-halo-ring"
              className={`${fieldBase} h-11 py-2`}
              onFocus={() => void loadPanels()}
              onChange={(e) => {
                setError(undefined);
                const value = e.currentTarget.value;
                window.clearTimeout(typing.current);
                typing.current = window.setTimeout(() => start(value, true), TYPING_PAUSE_MS);
              }}
              onPaste={() => {
                // The pasted text is in the field after this event.
                window.setTimeout(() => start(input.current?.value ?? "", true), 0);
              }}
              {...fieldAria("product-link", error, { hint: true })}
            />
          </Field>
          {request && (
            <Suspense fallback={<p className="text-sm text-muted">Reading the shop&apos;s page…</p>}>
              <LinkQuote key={`${request.url}#${request.n}`} request={request} onDescribe={() => setMode("describe")} />
            </Suspense>
          )}
          {hydrated && (
            <button type="button" className="self-start text-sm font-medium text-accent-strong underline-offset-4 hover:underline" onClick={() => setMode("describe")}>
              No link? Describe the piece instead
            </button>
          )}
        </>
      ) : (
        <>
          <Suspense fallback={<p className="text-sm text-muted">Loading…</p>}>
            <DescribeQuote />
          </Suspense>
          <button type="button" className="self-start text-sm font-medium text-accent-strong underline-offset-4 hover:underline" onClick={() => setMode("link")}>
            Have a link? Paste it instead
          </button>
        </>
      )}
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
      {actions({ started: request !== null || mode === "describe" })}
    </form>
  );
}
