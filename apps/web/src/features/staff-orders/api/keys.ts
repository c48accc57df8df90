import type { StaffQueueGroup } from "@atelier/contract";
import type { QueryClient } from "@tanstack/react-query";

/** The queue's list: a group (or every order), a status filter, a search and a page. */
export interface QueueParams {
  group: StaffQueueGroup | "all";
  status: string;
  search: string;
  page: number;
}

/**
 * The queue's keys start with `staff-queue`. A staff read of one order shares the customer side's
 * key (`orders`, `detail`, id): it is the same GET /api/orders/{id}/, and the first segments of
 * keys are the contract between features.
 */
export const staffKeys = {
  queue: ["staff-queue"] as const,
  counts: () => [...staffKeys.queue, "counts"] as const,
  list: (params: QueueParams) => [...staffKeys.queue, "list", params] as const,
  order: (id: string) => ["orders", "detail", id] as const,
};

/** After a staff action: the order, the queue and its counts, and what the customer side shows from them. */
export function invalidateAfterAction(qc: QueryClient, orderId: string): Promise<unknown> {
  return Promise.all(
    [staffKeys.order(orderId), staffKeys.queue, ["orders"], ["quotes"], ["dashboard-data"], ["notifications"]].map((queryKey) =>
      qc.invalidateQueries({ queryKey }),
    ),
  );
}

/** `?page=2&group=new&sort=waiting&search=ring`: groups are sorted by waiting time, "All orders" newest first. */
export function queueQuery({ group, status, search, page }: QueueParams): string {
  const q = new URLSearchParams({ page: String(page) });
  if (group !== "all") q.set("group", group);
  if (status && status !== "all") q.set("status", status);
  if (search) q.set("search", search);
  q.set("sort", group === "all" ? "newest" : "waiting");
  return q.toString();
}
