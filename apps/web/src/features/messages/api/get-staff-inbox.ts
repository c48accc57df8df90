import type { ConversationSummary, Paginated, StaffInboxFilter } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { listQuery, messageKeys } from "./keys";

export interface InboxParams {
  page: number;
  search: string;
  filter: StaffInboxFilter;
}

/** GET /api/staff/messages/: every conversation, those owed an answer first. */
export const getStaffInbox = (params: InboxParams) => api<Paginated<ConversationSummary>>(`/staff/messages/${listQuery({ ...params })}`);

export const staffInboxQueryOptions = (params: InboxParams) =>
  queryOptions({ queryKey: messageKeys.inbox(params), queryFn: () => getStaffInbox(params), placeholderData: keepPreviousData });

export function useStaffInbox(params: InboxParams) {
  return useQuery({ ...staffInboxQueryOptions(params), refetchOnWindowFocus: true });
}
