import type { Order, OrderSummary, Paginated, StaffQueueCounts } from "@atelier/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queueQuery, staffKeys, type QueueParams } from "./keys";

/** A row of the staff list (`staffOrderSummarySchema`): the order, its customer and when it entered its status. */
export type StaffOrderSummary = OrderSummary & { customer: NonNullable<Order["customer"]>; status_since: string };

/** GET /api/staff/queue/: how many orders each group holds. */
export const getQueueCounts = () => api<StaffQueueCounts>("/staff/queue/");

export function useQueueCounts() {
  return useQuery(queryOptions({ queryKey: staffKeys.counts(), queryFn: getQueueCounts }));
}

/** GET /api/staff/orders/?group=&status=&search=&sort=&page= */
export const getStaffOrders = (params: QueueParams) => api<Paginated<StaffOrderSummary>>(`/staff/orders/?${queueQuery(params)}`);

/**
 * The previous page's rows stay while the next page of the same tab loads (no flicker); another
 * tab starts from the skeleton, never under the wrong title.
 */
export function useStaffOrders(params: QueueParams) {
  return useQuery(
    queryOptions({
      queryKey: staffKeys.list(params),
      queryFn: () => getStaffOrders(params),
      placeholderData: (previous, previousQuery) => {
        const shown = previousQuery?.queryKey[2];
        return shown?.group === params.group ? previous : undefined;
      },
    }),
  );
}
