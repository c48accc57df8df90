import type { Role } from "@atelier/contract";

/** The people list: a role (or every account), a search and a page. */
export interface PeopleListParams {
  role: Role | "all";
  search: string;
  page: number;
}

/** Every people query starts with `staff-people`; an invitation or a change invalidates them all. */
export const peopleKeys = {
  all: ["staff-people"] as const,
  list: (params: PeopleListParams) => [...peopleKeys.all, "list", params] as const,
};

/** The audit log's queries (its keys start with `staff-audit`): each change here adds a row there. */
export const auditKey = ["staff-audit"] as const;

/** `?page=2&role=staff&search=ana`, as GET /api/staff/people/ reads it (`staffPeopleQuerySchema`). */
export function peopleQuery({ role, search, page }: PeopleListParams): string {
  const q = new URLSearchParams({ page: String(page) });
  if (role !== "all") q.set("role", role);
  if (search) q.set("search", search);
  return q.toString();
}
