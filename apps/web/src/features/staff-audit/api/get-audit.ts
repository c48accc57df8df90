import type { AuditEntry, Paginated } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { auditKeys, auditQuery, type AuditListParams } from "./keys";

/** GET /api/staff/audit/?action=&search=&page= (admins): every staff action, newest first. */
export const getAuditLog = (params: AuditListParams) => api<Paginated<AuditEntry>>(`/staff/audit/?${auditQuery(params)}`);

export const auditLogQueryOptions = (params: AuditListParams) =>
  queryOptions({ queryKey: auditKeys.list(params), queryFn: () => getAuditLog(params), placeholderData: keepPreviousData });

export function useAuditLog(params: AuditListParams) {
  return useQuery(auditLogQueryOptions(params));
}
