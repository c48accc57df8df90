import { useMutation } from "@tanstack/react-query";
import { apiBlob, saveBlob } from "@/lib/api-client";

/** GET /api/orders/{id}/details.pdf, fetched with the token and handed to the browser to save. */
export async function downloadOrderDetails({ orderId, orderNumber }: { orderId: string; orderNumber: string }): Promise<void> {
  const { blob, filename } = await apiBlob(`/orders/${encodeURIComponent(orderId)}/details.pdf`);
  saveBlob(blob, filename ?? `${orderNumber}.pdf`);
}

export function useDownloadOrderDetails() {
  return useMutation({ mutationFn: downloadOrderDetails });
}
