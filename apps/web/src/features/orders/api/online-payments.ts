import type { CheckoutInput, CheckoutStartResponse, OnlinePaymentOptions } from "@atelier/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateLifecycle, orderKeys } from "./keys";

/** GET /api/orders/{id}/payments/online/: the providers that take the order's currency (none: manual transfer only). */
export const getOnlinePaymentOptions = (orderId: string) =>
  api<OnlinePaymentOptions>(`/orders/${encodeURIComponent(orderId)}/payments/online/`);

export const onlinePaymentOptionsQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...orderKeys.detail(orderId), "online-payments"],
    queryFn: () => getOnlinePaymentOptions(orderId),
    staleTime: 5 * 60_000,
  });

export function useOnlinePaymentOptions(orderId: string) {
  return useQuery(onlinePaymentOptionsQuery(orderId));
}

/** POST /api/orders/{id}/payments/checkout/ {kind, provider}: a pending payment and where to pay it. */
export const startCheckout = ({ orderId, ...body }: CheckoutInput & { orderId: string }) =>
  api<CheckoutStartResponse>(`/orders/${encodeURIComponent(orderId)}/payments/checkout/`, { method: "POST", body });

export function useStartCheckout() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: startCheckout, onSuccess: () => invalidateLifecycle(qc) });
}
