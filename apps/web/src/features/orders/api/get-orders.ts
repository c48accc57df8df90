import type { OrderSummary, Paginated } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { listQuery, orderKeys, type ListParams } from "./keys";

/** GET /api/orders/?page=&status=&search= (status: a lifecycle status or a group of the list's filter). */
export const getOrders = (params: ListParams) => api<Paginated<OrderSummary>>(`/orders/?${listQuery(params)}`);

export const ordersQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: orderKeys.list(params), queryFn: () => getOrders(params), placeholderData: keepPreviousData });

export function useOrders(params: ListParams) {
  return useQuery(ordersQueryOptions(params));
}
