import type { Order, StaffOrderAddressesInput } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";

/**
 * PUT /api/staff/orders/{id}/addresses/: staff correct the order's delivery address as the customer
 * asked, until it ships (audited). The server's field errors come as "delivery_address.<field>";
 * they are handed on as "<field>" so the address form shows them under its fields.
 */
export async function correctOrderAddress({ orderId, input }: { orderId: string; input: StaffOrderAddressesInput }): Promise<Order> {
  try {
    return await api<Order>(`/staff/orders/${encodeURIComponent(orderId)}/addresses/`, { method: "PUT", body: input });
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && err.body && typeof err.body === "object") {
      const fields = Object.fromEntries(Object.entries(err.body).map(([key, value]) => [key.replace(/^delivery_address\./, ""), value]));
      throw new ApiError(400, fields);
    }
    throw err;
  }
}

export function useCorrectOrderAddress() {
  const qc = useQueryClient();
  // The order's key starts with "orders" for staff and customers alike.
  return useMutation({ mutationFn: correctOrderAddress, onSuccess: () => qc.invalidateQueries({ queryKey: ["orders"] }) });
}
