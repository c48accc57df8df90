import type { Order } from "@atelier/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { staffKeys } from "./keys";

/** GET /api/orders/{id}/: staff get every order, with its customer. */
export const getStaffOrder = (id: string) => api<Order>(`/orders/${encodeURIComponent(id)}/`);

export function useStaffOrder(id: string) {
  return useQuery(queryOptions({ queryKey: staffKeys.order(id), queryFn: () => getStaffOrder(id) }));
}
