import type { QueryClient } from "@tanstack/react-query";

export interface ListParams {
  page: number;
  status: string;
  search: string;
}

/** Every orders query key starts with `orders`, every quotes key with `quotes`: one invalidation refreshes lists and details. */
export const orderKeys = {
  all: ["orders"] as const,
  lists: () => [...orderKeys.all, "list"] as const,
  list: (params: ListParams) => [...orderKeys.lists(), params] as const,
  detail: (id: string) => [...orderKeys.all, "detail", id] as const,
};
export const quoteKeys = {
  all: ["quotes"] as const,
  list: (params: ListParams) => [...quoteKeys.all, "list", params] as const,
  detail: (id: string) => [...quoteKeys.all, "detail", id] as const,
};
export const dashboardKeys = { all: ["dashboard-data"] as const };

/**
 * A move in the lifecycle changes the order, its quotes, the dashboard, the notifications and
 * the design (its status and whether it may still be edited). The notifications and designs
 * features own those keys; their first segments are the contract between features.
 */
export function invalidateLifecycle(qc: QueryClient): Promise<unknown> {
  return Promise.all(
    [orderKeys.all, quoteKeys.all, dashboardKeys.all, ["notifications"], ["designs"], ["uploads"]].map((queryKey) => qc.invalidateQueries({ queryKey })),
  );
}

/** `?page=2&status=pending&search=ring`, leaving out what is empty or "all". */
export function listQuery({ page, status, search }: ListParams): string {
  const q = new URLSearchParams({ page: String(page) });
  if (status && status !== "all") q.set("status", status);
  if (search) q.set("search", search);
  return q.toString();
}
