import { personLabel, type AuditAction, type AuditEntry, type Paginated } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import * as repo from "./audit.repository.ts";

/** One staff action as the caller describes it; `before`/`after` hold only the fields that changed. */
export interface AuditRecord {
  actor: Actor | { id: string };
  action: AuditAction;
  targetType: string;
  targetId: string;
  targetLabel?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export type AuditService = ReturnType<typeof createAuditService>;

/** The fields of `after` whose value differs from `before` (both sides), for a readable before/after. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

/**
 * The audit log: every staff action is recorded by the module that performs it, with `record`
 * inside the transaction of the change, so the row exists exactly when the change does.
 */
export function createAuditService(deps: { db: Db; clock: Clock; publicUrl: string }) {
  const { db, clock } = deps;
  return {
    async record(tx: Db, entries: AuditRecord | AuditRecord[]): Promise<void> {
      const now = clock.now();
      const list = Array.isArray(entries) ? entries : [entries];
      await repo.insertAuditRows(
        tx,
        list.map((e) => ({
          actorId: e.actor.id,
          action: e.action,
          targetType: e.targetType,
          targetId: e.targetId,
          targetLabel: e.targetLabel ?? "",
          before: e.before ?? null,
          after: e.after ?? null,
          createdAt: now,
        })),
      );
    },

    async list(query: { page: number; search?: string | undefined; action?: AuditAction | "" | undefined }): Promise<Paginated<AuditEntry>> {
      const filter = { search: query.search || undefined, action: query.action || undefined };
      const url = new URL(`${deps.publicUrl}/api/staff/audit/`);
      if (filter.search) url.searchParams.set("search", filter.search);
      if (filter.action) url.searchParams.set("action", filter.action);
      const total = await repo.countAudit(db, filter);
      toPage([], total, query.page, url.toString());
      const { limit, offset } = pageWindow(query.page);
      const rows = await repo.listAudit(db, filter, limit, offset);
      const results = rows.map(({ row, actor }): AuditEntry => ({
        id: row.id,
        action: row.action,
        actor: actor ? { id: actor.id, name: personLabel({ first_name: actor.firstName, last_name: actor.lastName, role: actor.role }), email: actor.email } : null,
        target_type: row.targetType,
        target_id: row.targetId,
        target_label: row.targetLabel,
        before: row.before,
        after: row.after,
        created_at: row.createdAt.toISOString(),
      }));
      return toPage(results, total, query.page, url.toString());
    },
  };
}
