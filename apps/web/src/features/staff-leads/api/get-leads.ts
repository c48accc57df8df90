import type { Paginated, StaffLead } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { leadKeys, leadQuery, type LeadListParams } from "./keys";

/** GET /api/staff/leads/?state=&search=&page=: contact and home-page leads, newest first. */
export const getStaffLeads = (params: LeadListParams) => api<Paginated<StaffLead>>(`/staff/leads/?${leadQuery(params)}`);

export const staffLeadsQueryOptions = (params: LeadListParams) =>
  queryOptions({ queryKey: leadKeys.list(params), queryFn: () => getStaffLeads(params), placeholderData: keepPreviousData });

export function useStaffLeads(params: LeadListParams) {
  return useQuery(staffLeadsQueryOptions(params));
}
