import type { CadDesign, Comment, Order, Payment, Quote, QuoteInput, TransitionInput } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiUpload } from "@/lib/api-client";
import { buildCadFormData, cadUploadLayout, fileProgress } from "../utils/cad-upload";
import { invalidateAfterAction, staffKeys } from "./keys";

const orderPath = (orderId: string) => `/staff/orders/${encodeURIComponent(orderId)}`;

/** POST /api/staff/orders/{id}/quotes/: issues a quote (replacing a pending one); the order becomes Quoted. */
export function useIssueQuote(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: QuoteInput) => api<Quote>(`${orderPath(orderId)}/quotes/`, { method: "POST", body: input }),
    onSuccess: () => invalidateAfterAction(qc, orderId),
  });
}

/** POST /api/staff/payments/{id}/confirm/ (a confirmed advance approves the order). */
export function useConfirmPayment(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) => api<Payment>(`/staff/payments/${encodeURIComponent(paymentId)}/confirm/`, { method: "POST" }),
    onSuccess: () => invalidateAfterAction(qc, orderId),
  });
}

/** POST /api/staff/payments/{id}/reject/ {reason} */
export function useRejectPayment(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) =>
      api<Payment>(`/staff/payments/${encodeURIComponent(paymentId)}/reject/`, { method: "POST", body: { reason } }),
    onSuccess: () => invalidateAfterAction(qc, orderId),
  });
}

/** POST /api/staff/orders/{id}/transition/ {to, note, carrier, tracking_number}: answers the moved order. */
export function useTransitionOrder(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TransitionInput) => api<Order>(`${orderPath(orderId)}/transition/`, { method: "POST", body: input }),
    onSuccess: (order) => {
      qc.setQueryData(staffKeys.order(orderId), order);
      return invalidateAfterAction(qc, orderId);
    },
    // A lost race (409) or any refusal: the order on screen may be stale, so read it again.
    onError: () => invalidateAfterAction(qc, orderId),
  });
}

export interface CadUploadInput {
  images: File[];
  model: File | null;
  description: string;
  /** Each file's share sent so far (images first, then the model), 0..1. */
  onProgress?: (perFile: number[]) => void;
}

/**
 * POST /api/staff/orders/{id}/cad-designs/, one multipart request (`images` repeated, `model`,
 * `description`); the browser reports the request's progress, split per file by byte ranges.
 */
export function useUploadCad(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ images, model, description, onProgress }: CadUploadInput) => {
      const layout = cadUploadLayout(images, model, description);
      return apiUpload<CadDesign>(`${orderPath(orderId)}/cad-designs/`, buildCadFormData(images, model, description), {
        onProgress: (fraction) => onProgress?.(fileProgress(layout, fraction)),
      });
    },
    onSuccess: () => invalidateAfterAction(qc, orderId),
  });
}

/** POST /api/orders/{id}/comments/ {text}: a staff reply in the order's conversation. */
export function useStaffReply(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api<Comment>(`/orders/${encodeURIComponent(orderId)}/comments/`, { method: "POST", body: { text } }),
    onSuccess: (comment) => {
      qc.setQueryData<Order>(staffKeys.order(orderId), (order) => (order ? { ...order, comments: [...order.comments, comment] } : order));
      return invalidateAfterAction(qc, orderId);
    },
  });
}
