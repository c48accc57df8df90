import type { Order } from "@atelier/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { orderKeys } from "./keys";

/** GET /api/orders/{id}/ */
export const getOrder = (id: string) => api<Order>(`/orders/${encodeURIComponent(id)}/`);

export const orderQueryOptions = (id: string) => queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => getOrder(id) });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
