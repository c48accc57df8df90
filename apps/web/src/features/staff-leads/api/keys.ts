/** The leads list: open, handled or every lead, a search and a page. */
export interface LeadListParams {
  state: "open" | "handled" | "all";
  search: string;
  page: number;
}

/** Every leads query starts with `staff-leads`; a change to one lead invalidates them all. */
export const leadKeys = {
  all: ["staff-leads"] as const,
  list: (params: LeadListParams) => [...leadKeys.all, "list", params] as const,
};

/** The audit log's queries (its keys start with `staff-audit`): marking a lead handled adds a row there. */
export const auditKey = ["staff-audit"] as const;

/** `?page=2&state=open&search=ana`, as GET /api/staff/leads/ reads it (`staffLeadQuerySchema`). */
export function leadQuery({ state, search, page }: LeadListParams): string {
  const q = new URLSearchParams({ page: String(page), state });
  if (search) q.set("search", search);
  return q.toString();
}
