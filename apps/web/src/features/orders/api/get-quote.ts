import type { Quote } from "@atelier/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { quoteKeys } from "./keys";

/** GET /api/quotes/{id}/ */
export const getQuote = (id: string) => api<Quote>(`/quotes/${encodeURIComponent(id)}/`);

export const quoteQueryOptions = (id: string) => queryOptions({ queryKey: quoteKeys.detail(id), queryFn: () => getQuote(id) });

export function useQuote(id: string) {
  return useQuery(quoteQueryOptions(id));
}
