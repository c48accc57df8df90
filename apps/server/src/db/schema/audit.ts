import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { AuditAction } from "@atelier/contract";
import { users } from "./users.ts";

/**
 * Every staff action, written in the same transaction as the change it records: who, what,
 * on which row, and the changed fields before and after.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order (timestamps tie within a transaction). */
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    /** null once the actor's account is deleted; the row stays. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text().$type<AuditAction>().notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    targetLabel: text("target_label").notNull().default(""),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_seq_idx").on(t.seq.desc()), index("audit_log_actor_idx").on(t.actorId), index("audit_log_action_idx").on(t.action, t.seq.desc())],
);
