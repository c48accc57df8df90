import type { Ledger, LedgerMethod, LedgerStatus } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiBlob, api, saveBlob } from "@/lib/api-client";

/** The ledger's filters as the screen keeps them in its address. */
export interface LedgerParams {
  status: LedgerStatus | "all";
  method: LedgerMethod | "all";
  from: string;
  to: string;
  flagged: boolean;
  page: number;
}

export const ledgerKeys = {
  all: ["staff-payments"] as const,
  list: (params: LedgerParams) => [...ledgerKeys.all, "list", params] as const,
};

/** `?status=confirmed&method=razorpay&from=2026-11-01&to=2026-11-30&flagged=true`, as ledgerQuerySchema reads it (no page for the CSV). */
export function ledgerQuery({ status, method, from, to, flagged, page }: LedgerParams, withPage = true): string {
  const q = new URLSearchParams();
  if (withPage) q.set("page", String(page));
  if (status !== "all") q.set("status", status);
  if (method !== "all") q.set("method", method);
  if (from) q.set("from", from);
  if (to) q.set("to", to);
  if (flagged) q.set("flagged", "true");
  return q.toString();
}

/** GET /api/staff/payments/: payments and refunds across orders, newest first, with totals per currency. */
export const getLedger = (params: LedgerParams) => api<Ledger>(`/staff/payments/?${ledgerQuery(params)}`);

export const ledgerQueryOptions = (params: LedgerParams) =>
  queryOptions({ queryKey: ledgerKeys.list(params), queryFn: () => getLedger(params), placeholderData: keepPreviousData });

export function useLedger(params: LedgerParams) {
  return useQuery(ledgerQueryOptions(params));
}

/** GET /api/staff/payments/export.csv with the same filters, saved as a file. */
export async function downloadLedgerCsv(params: LedgerParams): Promise<void> {
  const { blob, filename } = await apiBlob(`/staff/payments/export.csv?${ledgerQuery(params, false)}`);
  saveBlob(blob, filename ?? "payments.csv");
}
