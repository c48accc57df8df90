import {
  DESIGN_TYPE_LABELS,
  ORDER_STATUS_INFO,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  searchTerms,
  type DesignType,
  type OrderStatus,
  type SearchHit,
  type SearchResponse,
} from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { isStaff, type Actor } from "../../lib/access.ts";
import * as repo from "./search.repository.ts";
import type { SearchRow, SearchScope } from "./search.repository.ts";

const join = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(" · ");

/** Each kind's subtitle and link, for a customer (their dashboard) or staff (the console). */
function toHit(row: SearchRow, staff: boolean): SearchHit {
  const i = row.info;
  switch (row.kind) {
    case "order":
      return {
        kind: "order",
        id: row.id,
        title: row.title,
        subtitle: join(i.design_name, ORDER_STATUS_INFO[i.status as OrderStatus]?.label),
        href: staff ? `/staff/orders/${row.id}` : `/dashboard/orders/${row.id}`,
      };
    case "design":
      return {
        kind: "design",
        id: row.id,
        title: row.title,
        subtitle: join(DESIGN_TYPE_LABELS[i.design_type as DesignType], i.metal, i.order_number),
        // Staff open a design through its order's workbench.
        href: staff
          ? i.order_id
            ? `/staff/orders/${i.order_id}`
            : `/staff?search=${encodeURIComponent(row.title)}`
          : `/dashboard/designs/${row.id}`,
      };
    case "conversation":
      return {
        kind: "conversation",
        id: row.id,
        title: row.title || i.ticket_number || i.order_number || "",
        subtitle: join(i.conversation_kind === "ticket" ? i.ticket_number : i.order_number, i.preview),
        href: staff ? `/staff/messages/${row.id}` : `/dashboard/messages/${row.id}`,
      };
    case "customer":
      return {
        kind: "customer",
        id: row.id,
        title: row.title || i.username || i.email || "",
        subtitle: i.email ?? "",
        href: `/staff?search=${encodeURIComponent(i.email ?? "")}`,
      };
  }
}

/** "JW-2026-000123", "jw 2026 0001", "JW2026": the order-number pattern, at least the year. */
const ORDER_NUMBER = /^\s*jw[\s-]*(\d{4})(?:[\s-]*(\d{1,6}))?\s*$/i;

export type SearchService = ReturnType<typeof createSearchService>;

/** The top-bar search: a customer's own orders, designs and conversations; staff search everything and the customers. */
export function createSearchService(deps: { db: Db }) {
  return {
    async search(actor: Actor, q: string, limit: number): Promise<SearchResponse> {
      const staff = isStaff(actor);
      const scope: SearchScope = staff ? { kind: "staff" } : { kind: "customer", userId: actor.id };
      const number = ORDER_NUMBER.exec(q);
      const rows = number
        ? await repo.searchOrderNumber(deps.db, scope, `JW-${number[1]}-${number[2] ?? ""}`, number[2]?.length === 6, limit)
        : await repo.search(deps.db, scope, searchTerms(q), limit);
      const groups = SEARCH_KINDS.map((kind) => ({
        kind,
        label: SEARCH_KIND_LABELS[kind],
        results: rows.filter((r) => r.kind === kind).map((r) => toHit(r, staff)),
      })).filter((g) => g.results.length > 0);
      return { query: q, groups };
    },
  };
}
