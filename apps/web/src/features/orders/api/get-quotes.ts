import type { Paginated, Quote } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { listQuery, quoteKeys, type ListParams } from "./keys";

/** GET /api/quotes/?page=&status=&search= */
export const getQuotes = (params: ListParams) => api<Paginated<Quote>>(`/quotes/?${listQuery(params)}`);

export const quotesQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: quoteKeys.list(params), queryFn: () => getQuotes(params), placeholderData: keepPreviousData });

export function useQuotes(params: ListParams) {
  return useQuery(quotesQueryOptions(params));
}
