import type { AuditAction } from "@atelier/contract";

/** The audit log's list: one action (or every one), a search and a page. */
export interface AuditListParams {
  action: AuditAction | "all";
  search: string;
  page: number;
}

/**
 * Every audit query starts with `staff-audit`: other staff screens invalidate that key after an
 * action they know is audited, so the log is fresh when an admin opens it.
 */
export const auditKeys = {
  all: ["staff-audit"] as const,
  list: (params: AuditListParams) => [...auditKeys.all, "list", params] as const,
};

/** `?page=2&action=person.role_changed&search=ana`, as GET /api/staff/audit/ reads it (`auditQuerySchema`). */
export function auditQuery({ action, search, page }: AuditListParams): string {
  const q = new URLSearchParams({ page: String(page) });
  if (action !== "all") q.set("action", action);
  if (search) q.set("search", search);
  return q.toString();
}
