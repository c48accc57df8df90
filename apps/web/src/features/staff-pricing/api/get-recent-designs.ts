import type { Order, OrderSummary, Paginated } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pricingKeys } from "./keys";

/** A row of the staff order list (`staffOrderSummarySchema`): each order names its design. */
export type OrderWithDesign = OrderSummary & { customer: NonNullable<Order["customer"]> };

/**
 * GET /api/staff/orders/?sort=newest&search=: the newest orders' designs, to preview an estimate
 * with; the search matches order number, customer and design name.
 */
export const getRecentDesigns = (search: string) => {
  const q = new URLSearchParams({ page: "1", sort: "newest" });
  if (search) q.set("search", search);
  return api<Paginated<OrderWithDesign>>(`/staff/orders/?${q.toString()}`);
};

export function useRecentDesigns(search: string) {
  return useQuery(
    queryOptions({ queryKey: pricingKeys.designs(search), queryFn: () => getRecentDesigns(search), placeholderData: keepPreviousData }),
  );
}
