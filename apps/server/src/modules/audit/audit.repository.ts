import { and, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
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
    // The actor by e-mail as `= any(array(…))` (users' trigram index, then audit_log_actor_idx), so
    // the three branches combine as one BitmapOr over indexes (migration 0013).
    const match = or(
      ilike(auditLog.targetLabel, pattern),
      sql`${auditLog.actorId} = any(array(select u.id from ${users} u where u.email ilike ${pattern}))`,
      ilike(auditLog.targetId, pattern),
    );
    if (match) conditions.push(match);
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
      actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where(filter))
    .orderBy(newestFirst(auditLog.seq))
    .limit(limit)
    .offset(offset);
}
