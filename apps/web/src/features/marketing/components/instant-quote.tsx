import {
  CURRENCIES,
  DESIGN_TYPE_LABELS,
  METAL_COLOR_LABELS,
  METAL_TYPE_LABELS,
  type Currency,
  type DesignEstimateRequest,
  type DesignFromLink,
  type DesignInput,
  type DesignType,
  type Estimate,
  type ExtractedProduct,
  type MetalColor,
  type MetalType,
} from "@atelier/contract";
import { ArrowRight, Link2, Loader2, PenLine } from "lucide-react";
import { useEffect, useState } from "react";
import { EstimateSummary } from "@/components/estimate-summary";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { fieldBase } from "@/components/ui/field-styles";
import { Skeleton } from "@/components/ui/skeleton";
import { InlineAlert } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { authStorage } from "@/lib/auth-storage";
import { InvalidExtractionError } from "@/lib/extracted-product";
import { formatAmount } from "@/lib/format";
import { linkDesignPayload, reviewValuesFromProduct } from "@/lib/link-design";
import { storePendingEstimate, storePendingLink, type PendingEstimate } from "@/lib/pending-design";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { estimateDetailsPublic, scrapeProductPublic } from "../api/public-quote";
import { goTo } from "../lib/navigate";

/*
 * The instant quote before sign-up (issue 22): the link's details read by the server, their
 * estimate shown on the same page, and 'Save and get a firm quote' carrying the design over to
 * the account (see savePendingEstimate). Loaded on first use, so the public pages stay light.
 */

/** A link to read: `n` changes when the same link is asked for again. */
export interface QuoteRequest {
  url: string;
  n: number;
}

type LinkState =
  | { phase: "reading"; url: string }
  | { phase: "estimating"; url: string; product: ExtractedProduct }
  | { phase: "ready"; url: string; product: ExtractedProduct; payload: DesignFromLink; estimate: Estimate }
  | { phase: "failed"; url: string; message: string; canContinue: boolean };

const READ_FAILED = "We could not read the details of that page. Describe the piece instead, or continue with the link and our team fills in the rest.";

/** What to say when the extraction or the estimate fails: the server's text where it has one. */
function failure(err: unknown): { message: string; canContinue: boolean } {
  if (err instanceof InvalidExtractionError) return { message: READ_FAILED, canContinue: true };
  if (err instanceof ApiError) {
    if (err.status === 429) return { message: err.message, canContinue: false };
    // 400 {detail}: the link itself is refused (not a web page we may read).
    if (err.status === 400 && err.detail) return { message: err.detail, canContinue: false };
    if (err.status === 400) return { message: err.message, canContinue: true };
    if (err.status === 422 || err.status === 502 || err.status === 504) return { message: `${err.detail ?? "We could not read that page."} ${READ_FAILED}`, canContinue: true };
  }
  return { message: "We could not reach our server. Check your connection and try again.", canContinue: true };
}

/** Keeps the priced design and leaves for sign-up (or, signed in, for the dashboard, which saves it). */
function saveAndContinue(design: PendingEstimate["design"]) {
  storePendingEstimate(design);
  goTo(authStorage.getToken() ? paths.dashboard.root.getHref() : paths.signup.getHref());
}

function SaveCta({ onSave, disabled }: { onSave: () => void; disabled?: boolean }) {
  const [leaving, setLeaving] = useState(false);
  const signedIn = authStorage.getToken() !== null;
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-4">
      <Button
        type="button"
        size="lg"
        disabled={disabled || leaving}
        aria-busy={leaving || undefined}
        onClick={() => {
          setLeaving(true);
          onSave();
        }}
      >
        {leaving ? <Loader2 className="animate-spin" aria-hidden /> : <ArrowRight aria-hidden />}
        Save and get a firm quote
      </Button>
      <p className="text-center text-xs text-muted">
        {signedIn
          ? "We save this design to your account; your jeweller confirms the price in a firm quote."
          : "Free and without obligation: create an account (or log in) and we save this design to it."}
      </p>
    </div>
  );
}

function EstimateSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3" aria-busy>
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {label}
      </p>
      <Skeleton className="h-7 w-56" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex justify-between gap-4">
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

/** The product the link led to: its name, shop and price as the shop shows it. */
function ProductLine({ product }: { product: ExtractedProduct }) {
  const shop = product.source_website || (URL.canParse(product.url) ? new URL(product.url).hostname : "");
  return (
    <div className="rounded-md bg-surface-muted px-4 py-3">
      <p className="text-xs uppercase tracking-wide text-muted">From {shop || "the shop"}</p>
      <p className="mt-0.5 font-medium" data-testid="quoted-product">
        {product.title || "Untitled piece"}
      </p>
      {product.price !== null && product.price > 0 && (
        <p className="text-sm text-muted">
          Shop&apos;s price <span className="tabular-nums">{formatAmount(product.price, product.currency || "USD")}</span>
        </p>
      )}
    </div>
  );
}

/** The link's instant estimate: read, estimated, shown; a failure offers the way on. */
export function LinkQuote({ request, onDescribe }: { request: QuoteRequest; onDescribe: () => void }) {
  const [state, setState] = useState<LinkState>({ phase: "reading", url: request.url });

  useEffect(() => {
    const controller = new AbortController();
    const { url } = request;
    // The component is keyed by the request, so it starts in "reading" for each one.
    void (async () => {
      try {
        const product = await scrapeProductPublic(url, controller.signal);
        if (controller.signal.aborted) return;
        setState({ phase: "estimating", url, product });
        const payload = linkDesignPayload(reviewValuesFromProduct(product));
        const estimate = await estimateDetailsPublic({ ...payload, source: "link" }, controller.signal);
        if (controller.signal.aborted) return;
        setState({ phase: "ready", url, product, payload, estimate });
      } catch (err) {
        if (controller.signal.aborted) return;
        setState({ phase: "failed", url, ...failure(err) });
      }
    })();
    return () => controller.abort();
  }, [request]);

  if (state.phase === "reading") return <EstimateSkeleton label="Reading the shop's page…" />;
  if (state.phase === "estimating")
    return (
      <div className="flex flex-col gap-4">
        <ProductLine product={state.product} />
        <EstimateSkeleton label="Working out your estimate…" />
      </div>
    );
  if (state.phase === "failed")
    return (
      <div className="flex flex-col gap-3">
        <InlineAlert testId="quote-error">{state.message}</InlineAlert>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="button" variant="secondary" onClick={onDescribe}>
            <PenLine aria-hidden />
            Describe it instead
          </Button>
          {state.canContinue && (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                // The spec's path: the link is kept, and New design reads it after sign-up.
                if (authStorage.getToken()) goTo(paths.dashboard.newDesign.getHref(), { pendingDesign: { type: "link", data: state.url } });
                else {
                  storePendingLink(state.url);
                  goTo(paths.signup.getHref());
                }
              }}
            >
              <Link2 aria-hidden />
              Continue with this link
            </Button>
          )}
        </div>
      </div>
    );
  const { product, payload, estimate } = state;
  return (
    <div className="flex flex-col gap-4" data-testid="instant-estimate">
      <ProductLine product={product} />
      <EstimateSummary estimate={estimate} headingLevel={3} />
      <SaveCta onSave={() => saveAndContinue({ source: "link", payload })} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// No link: a short description of the piece

const PIECE_TYPES: DesignType[] = ["ring", "pendant", "earrings", "necklace", "bracelet", "nose_pin"];
const METALS: MetalType[] = ["gold", "platinum", "silver"];
const PURITIES_OF: Record<string, string[]> = { gold: ["14K", "18K", "22K", "24K"], platinum: ["950"], silver: ["925"] };
const STONES = [
  ["", "No stones"],
  ["diamond", "Diamond"],
  ["lab_grown_diamond", "Lab-grown diamond"],
  ["ruby", "Ruby"],
  ["sapphire", "Sapphire"],
  ["emerald", "Emerald"],
  ["moissanite", "Moissanite"],
  ["pearl", "Pearl"],
] as const;

interface Described {
  design_type: DesignType;
  metal_type: MetalType;
  metal_color: MetalColor | "";
  purity: string;
  weight: string;
  stone_type: string;
  stone_carat: string;
  quantity: string;
  currency: Currency;
}

const FIRST: Described = { design_type: "ring", metal_type: "gold", metal_color: "yellow", purity: "18K", weight: "", stone_type: "", stone_carat: "", quantity: "1", currency: "INR" };

/** The description as the custom form's fields; a name and description are written for the saved design. */
function describedDesign(d: Described): DesignInput {
  const colour = d.metal_type === "gold" && d.metal_color ? `${METAL_COLOR_LABELS[d.metal_color]} ` : "";
  const metal = `${d.purity ? `${d.purity} ` : ""}${colour}${METAL_TYPE_LABELS[d.metal_type]}`;
  const stoneName = STONES.find(([v]) => v === d.stone_type)?.[1] ?? "";
  const stone = d.stone_type ? `; ${d.quantity || "1"} × ${stoneName.toLowerCase()}${d.stone_carat ? ` ${d.stone_carat} ct` : ""}` : "";
  return {
    name: `${metal} ${DESIGN_TYPE_LABELS[d.design_type]}`,
    description: `Described on the instant quote: ${metal.toLowerCase()} ${DESIGN_TYPE_LABELS[d.design_type].toLowerCase()}${d.weight ? `, ${d.weight} g` : ""}${stone}.`,
    design_type: d.design_type,
    metal_type: d.metal_type,
    metal_color: d.metal_type === "gold" ? d.metal_color : "",
    purity: d.purity as DesignInput["purity"],
    weight: d.weight.trim() === "" ? null : d.weight.trim(),
    stones: d.stone_type ? [{ stone_type: d.stone_type, stone_carat: d.stone_carat.trim() === "" ? null : d.stone_carat.trim(), quantity: d.quantity.trim() || "1" }] : [],
    currency: d.currency,
  };
}

/** The answer for one description (keyed by it), so a newer description shows as "estimating" until its own answer. */
type DescribeAnswer = { key: string; estimate: Estimate } | { key: string; message: string };

/** The short form (type, metal, purity, weight, a stone) whose estimate follows every change. */
export function DescribeQuote() {
  const [d, setD] = useState<Described>(FIRST);
  const [answer, setAnswer] = useState<DescribeAnswer | null>(null);
  /** The last estimate received, shown (dimmed) while the next one is worked out. */
  const [last, setLast] = useState<Estimate | null>(null);
  const settled = useDebouncedValue(d, 400);
  const key = JSON.stringify(d);
  const set = <K extends keyof Described>(field: K, value: Described[K]) => setD((prev) => ({ ...prev, [field]: value }));

  useEffect(() => {
    const controller = new AbortController();
    const settledKey = JSON.stringify(settled);
    const { remove_image_ids: _none, ...details } = describedDesign(settled);
    const body: DesignEstimateRequest = { ...details, source: "custom" };
    estimateDetailsPublic(body, controller.signal).then(
      (estimate) => {
        if (controller.signal.aborted) return;
        setAnswer({ key: settledKey, estimate });
        setLast(estimate);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ key: settledKey, message: err instanceof ApiError ? err.message : "We could not reach our server. Check your connection and try again." });
      },
    );
    return () => controller.abort();
  }, [settled]);

  const current = answer?.key === key ? answer : null;
  const state = current === null ? { phase: "estimating" as const } : "estimate" in current ? { phase: "ready" as const, estimate: current.estimate } : { phase: "failed" as const, message: current.message };
  const select = `${fieldBase} h-11 py-2`;
  const shown = state.phase === "ready" ? state.estimate : state.phase === "estimating" ? last : null;
  return (
    <div className="flex flex-col gap-5" data-testid="describe-quote">
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="sr-only">Your piece</legend>
        <Field id="dq-type" label="Piece">
          <select id="dq-type" className={select} value={d.design_type} onChange={(e) => set("design_type", e.target.value as DesignType)}>
            {PIECE_TYPES.map((t) => (
              <option key={t} value={t}>
                {DESIGN_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="dq-metal" label="Metal">
          <select
            id="dq-metal"
            className={select}
            value={d.metal_type}
            onChange={(e) => {
              const metal = e.target.value as MetalType;
              setD((prev) => ({ ...prev, metal_type: metal, purity: PURITIES_OF[metal]?.[metal === "gold" ? 1 : 0] ?? "" }));
            }}
          >
            {METALS.map((m) => (
              <option key={m} value={m}>
                {METAL_TYPE_LABELS[m]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="dq-purity" label="Purity">
          <select id="dq-purity" className={select} value={d.purity} onChange={(e) => set("purity", e.target.value)}>
            {(PURITIES_OF[d.metal_type] ?? []).map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </Field>
        {d.metal_type === "gold" ? (
          <Field id="dq-colour" label="Colour">
            <select id="dq-colour" className={select} value={d.metal_color} onChange={(e) => set("metal_color", e.target.value as MetalColor)}>
              {(Object.keys(METAL_COLOR_LABELS) as MetalColor[]).map((c) => (
                <option key={c} value={c}>
                  {METAL_COLOR_LABELS[c]}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <div aria-hidden />
        )}
        <Field id="dq-weight" label="Metal weight (g)" hint="Leave empty for a typical weight.">
          <input id="dq-weight" inputMode="decimal" className={select} placeholder="e.g. 4.5" value={d.weight} onChange={(e) => set("weight", e.target.value)} />
        </Field>
        <Field id="dq-currency" label="Currency">
          <select id="dq-currency" className={select} value={d.currency} onChange={(e) => set("currency", e.target.value as Currency)}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <Field id="dq-stone" label="Stone" className="col-span-2 sm:col-span-1">
          <select id="dq-stone" className={select} value={d.stone_type} onChange={(e) => set("stone_type", e.target.value)}>
            {STONES.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {d.stone_type && (
          <div className="col-span-2 grid grid-cols-2 gap-3 sm:col-span-1">
            <Field id="dq-carat" label="Carat each">
              <input id="dq-carat" inputMode="decimal" className={select} placeholder="0.50" value={d.stone_carat} onChange={(e) => set("stone_carat", e.target.value)} />
            </Field>
            <Field id="dq-quantity" label="How many">
              <input id="dq-quantity" inputMode="numeric" className={select} value={d.quantity} onChange={(e) => set("quantity", e.target.value)} />
            </Field>
          </div>
        )}
      </fieldset>
      {state.phase === "failed" && <InlineAlert testId="quote-error">{state.message}</InlineAlert>}
      {shown ? (
        <div className={state.phase === "estimating" ? "opacity-60 transition-opacity" : "transition-opacity"} data-testid="instant-estimate">
          <EstimateSummary estimate={shown} headingLevel={3} />
        </div>
      ) : (
        state.phase === "estimating" && <EstimateSkeleton label="Working out your estimate…" />
      )}
      <SaveCta disabled={state.phase !== "ready"} onSave={() => saveAndContinue({ source: "custom", payload: describedDesign(d) })} />
    </div>
  );
}
