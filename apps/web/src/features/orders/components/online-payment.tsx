import { ONLINE_PROVIDER_INFO, type OnlineProviderName, type Order, type Payment, type PaymentDue } from "@atelier/contract";
import { CheckCircle2, CreditCard, Hourglass, X } from "lucide-react";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { InlineAlert } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { formatAmount } from "@/lib/format";
import { useOnlinePaymentOptions, useStartCheckout } from "../api/online-payments";
import { toastFailure } from "./order-parts";

type RazorpayCheckout = new (options: Record<string, unknown>) => { open(): void };
declare global {
  interface Window {
    Razorpay?: RazorpayCheckout;
  }
}

const KIND_LABEL = { advance: "Advance", balance: "Balance" } as const;
const providerLabel = (name: string) => ONLINE_PROVIDER_INFO[name as OnlineProviderName]?.label ?? name;

/** The newest payment made through a provider (of one kind, when given). */
export function latestOnlinePayment(order: Pick<Order, "payments">, kind?: Payment["kind"]): Payment | undefined {
  return order.payments.filter((p) => p.provider !== "manual" && (!kind || p.kind === kind)).at(-1);
}

/** Whether what is due is waiting on a provider's checkout (not on staff confirming a transfer). */
export const awaitingOnline = (order: Pick<Order, "payments">, due: PaymentDue) =>
  due.awaiting_confirmation && latestOnlinePayment(order, due.kind)?.status === "pending";

const loading = new Map<string, Promise<void>>();
/** Razorpay Checkout's script, loaded once (the CSP allows exactly its origin). */
function loadScript(src: string): Promise<void> {
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement("script");
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        loading.delete(src);
        el.remove();
        reject(new Error("Razorpay Checkout could not be loaded. Check your connection and try again."));
      };
      document.head.appendChild(el);
    });
    loading.set(src, p);
  }
  return p;
}

/**
 * "Pay ₹X now" beside the transfer instructions, one button per provider that takes the order's
 * currency. Stripe: the browser goes to Stripe Checkout and comes back to this page. Razorpay:
 * Razorpay Checkout opens over the page. Either way the order moves only on the provider's signed
 * webhook; this page updates live when it arrives.
 */
export function OnlinePayment({ order, due }: { order: Order; due: PaymentDue }) {
  const id = useId();
  const options = useOnlinePaymentOptions(order.id);
  const start = useStartCheckout();
  const [, setSearch] = useSearchParams();
  const last = latestOnlinePayment(order, due.kind);
  const manualWaiting = due.awaiting_confirmation && !awaitingOnline(order, due);

  if (options.isPending) return <Skeleton className="h-32 w-full" data-testid="online-payment-loading" />;
  // Without an answer, or without a provider for this currency, the transfer instructions are the way to pay.
  if (options.isError || options.data.providers.length === 0 || manualWaiting) return null;
  const scriptUrl = options.data.razorpay_script_url;
  const amount = formatAmount(due.amount, due.currency);

  async function pay(provider: OnlineProviderName) {
    try {
      const started = await start.mutateAsync({ orderId: order.id, kind: due.kind, provider });
      if (started.redirect_url) {
        window.location.assign(started.redirect_url);
        return;
      }
      if (!scriptUrl || !started.widget) throw new Error("Razorpay Checkout is not available.");
      if (!window.Razorpay) await loadScript(scriptUrl);
      if (!window.Razorpay) throw new Error("Razorpay Checkout could not be loaded. Check your connection and try again.");
      new window.Razorpay({
        ...started.widget,
        name: "Aurelia Atelier",
        handler: () => setSearch({ payment: "return" }),
        modal: {
          ondismiss: () => toast({ title: "Checkout closed", description: "Nothing was charged. You can pay whenever you are ready." }),
        },
      }).open();
    } catch (err) {
      // The server's refusal says why (ApiError); a checkout script that would not load says so itself.
      toastFailure(
        err,
        err instanceof Error && !(err instanceof ApiError) ? err.message : "The payment could not be started. Please try again.",
      );
    }
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="flex flex-col gap-4 p-5 sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="text-2xl">
          Pay online
        </h2>
        <CreditCard className="mt-1 size-6 shrink-0 text-accent" aria-hidden />
      </div>
      {last?.status === "pending" && (
        <p className="flex items-start gap-2 text-sm text-muted" role="status">
          <Hourglass className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
          We are waiting for the provider to confirm your payment. This page updates as soon as it does.
        </p>
      )}
      {last?.status === "failed" && last.failure_reason && (
        <InlineAlert testId="online-payment-failed">
          Your last payment with {providerLabel(last.provider)} did not go through: {last.failure_reason} You can try again.
        </InlineAlert>
      )}
      <ul className="flex flex-col gap-3" aria-label="Online payment methods">
        {options.data.providers.map((provider) => (
          <li key={provider} className="flex flex-wrap items-center gap-3">
            <Button
              onClick={() => void pay(provider)}
              loading={start.isPending && start.variables.provider === provider}
              disabled={start.isPending}
              aria-describedby={`${id}-${provider}`}
            >
              Pay {amount} now
            </Button>
            <span id={`${id}-${provider}`} className="text-sm text-muted">
              with {ONLINE_PROVIDER_INFO[provider].label} · {ONLINE_PROVIDER_INFO[provider].methods}
            </span>
          </li>
        ))}
      </ul>
      {last?.status === "pending" && (
        <p className="text-xs text-muted">
          Closed the checkout without paying? Pay again: the unfinished attempt is cancelled, and you are only charged once.
        </p>
      )}
    </Card>
  );
}

/**
 * Back from the provider's checkout (`?payment=return` or `?payment=cancelled`): what became of the
 * payment, from the order as the server sees it: pending until the provider's webhook arrives
 * (the page updates live), then received, failed with the provider's reason, or under review.
 */
export function PaymentReturnNotice({ order }: { order: Order }) {
  const [search, setSearch] = useSearchParams();
  const result = search.get("payment");
  if (result !== "return" && result !== "cancelled") return null;
  const last = latestOnlinePayment(order);
  const dismiss = () =>
    setSearch(
      (prev) => {
        prev.delete("payment");
        return prev;
      },
      { replace: true },
    );

  let body: { tone: "muted" | "success" | "destructive"; title: string; text: string };
  if (result === "cancelled" && last?.status !== "confirmed")
    body = {
      tone: "muted",
      title: "Checkout left",
      text: "You left the checkout. Nothing was charged; you can pay whenever you are ready.",
    };
  else if (!last || last.status === "pending")
    body = {
      tone: "muted",
      title: "Payment pending",
      text: "We are waiting for the provider to confirm your payment. This page updates as soon as it does.",
    };
  else if (last.status === "confirmed")
    body = {
      tone: "success",
      title: "Payment received",
      text: `${KIND_LABEL[last.kind]} of ${formatAmount(last.amount, last.currency)} received. Thank you!`,
    };
  else if (last.status === "flagged")
    body = {
      tone: "destructive",
      title: "Payment under review",
      text: `We received your payment but could not apply it automatically: ${last.flag_reason} Our team will contact you.`,
    };
  else
    body = {
      tone: "destructive",
      title: "Payment failed",
      text: `${last.failure_reason || "The provider did not complete the payment."} Nothing was taken; you can try again.`,
    };

  const Icon = body.tone === "success" ? CheckCircle2 : Hourglass;
  return (
    <Card role="status" data-testid="payment-result" className="flex items-start gap-3 p-4 sm:p-5">
      <Icon
        className={
          body.tone === "success"
            ? "mt-0.5 size-5 shrink-0 text-success"
            : body.tone === "destructive"
              ? "mt-0.5 size-5 shrink-0 text-destructive"
              : "mt-0.5 size-5 shrink-0 text-accent"
        }
        aria-hidden
      />
      <div className="flex-1 text-sm">
        <p className="font-medium">{body.title}</p>
        <p className="text-muted">{body.text}</p>
      </div>
      <Button variant="ghost" size="sm" onClick={dismiss} aria-label="Dismiss">
        <X aria-hidden />
      </Button>
    </Card>
  );
}
