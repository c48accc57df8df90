import type { ConversationSummary, Paginated } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { listQuery, messageKeys } from "./keys";

/** GET /api/messages/?page&search: the reader's conversations, newest first. */
export const getConversations = (params: { page: number; search: string }) => api<Paginated<ConversationSummary>>(`/messages/${listQuery(params)}`);

export const conversationsQueryOptions = (params: { page: number; search: string }) =>
  queryOptions({ queryKey: messageKeys.list(params), queryFn: () => getConversations(params), placeholderData: keepPreviousData });

export function useConversations(params: { page: number; search: string }) {
  return useQuery({ ...conversationsQueryOptions(params), refetchOnWindowFocus: true });
}
