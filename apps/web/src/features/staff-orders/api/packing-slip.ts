import { useMutation } from "@tanstack/react-query";
import { apiBlob, saveBlob } from "@/lib/api-client";

/** GET /api/staff/orders/{id}/packing-slip.pdf, fetched with the token and handed to the browser to save. */
export async function downloadPackingSlip({ orderId, orderNumber }: { orderId: string; orderNumber: string }): Promise<void> {
  const { blob, filename } = await apiBlob(`/staff/orders/${encodeURIComponent(orderId)}/packing-slip.pdf`);
  saveBlob(blob, filename ?? `packing-slip-${orderNumber}.pdf`);
}

export function useDownloadPackingSlip() {
  return useMutation({ mutationFn: downloadPackingSlip });
}
