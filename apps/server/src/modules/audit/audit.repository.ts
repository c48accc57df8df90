import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { AuditAction } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { likePattern, newestFirst } from "../../db/query-helpers.ts";
import { auditLog, users } from "../../db/schema/index.ts";

export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRows(db: Db, rows: NewAuditRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditLog).values(rows);
}

export interface AuditFilter {
  search?: string | undefined;
  action?: AuditAction | undefined;
}

function where(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    // The matching ids first, as a query of their own: the trigram indexes (migration 0013) and
    // the actor by e-mail through users' (then audit_log_actor_idx), one BitmapOr, before the
    // newest-first sort (inline, the planner may walk audit_log_seq_idx filtering every row).
    conditions.push(sql`${auditLog.id} = any(array(
      select a.id from ${auditLog} a
      where a.target_label ilike ${pattern} or a.target_id ilike ${pattern}
        or a.actor_id = any(array(select u.id from ${users} u where u.email ilike ${pattern}))))`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function countAudit(db: Db, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where(filter));
  return row?.n ?? 0;
}

/** Newest first, following the (seq desc) index. */
export function listAudit(db: Db, filter: AuditFilter, limit: number, offset: number) {
  return db
    .select({
      row: auditLog,
      actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where(filter))
    .orderBy(newestFirst(auditLog.seq))
    .limit(limit)
    .offset(offset);
}
