import type { Currency, TaxBreakdown } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useDebouncedValue } from "@/lib/use-debounced-value";

/**
 * GET /api/staff/orders/{id}/quote-tax/: the tax the builder's lines (their sums before tax: making charges and the rest) would
 * carry for this order's delivery, asked once the typing has settled. The server works it out with
 * the tax rules in force, so the preview shows exactly what the quote will carry.
 */
export function useQuoteTax(orderId: string, currency: Currency, goods: string, making: string) {
  const query = useDebouncedValue({ currency, goods, making }, 300);
  return useQuery({
    queryKey: ["staff-quote-tax", orderId, query],
    queryFn: () => api<TaxBreakdown>(`/staff/orders/${encodeURIComponent(orderId)}/quote-tax/?${new URLSearchParams(query).toString()}`),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    retry: false,
  });
}
