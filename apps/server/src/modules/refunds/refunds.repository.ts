import type { Currency, LedgerEntry, LedgerMethod, LedgerStatus, LedgerTotal, PaymentKind } from "@atelier/contract";
import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, payments, refunds } from "../../db/schema/index.ts";

/** The refunds table, the payments it refunds, and the ledger across both. */

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;
export type PaidRow = typeof payments.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** The order of a refund, locked (the lifecycle's lock order: the order before its payments and refunds). */
export async function lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1).for("update");
  return row;
}

export async function insertRefund(db: Db, values: NewRefund): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  if (!row) throw new Error("refund insert returned nothing");
  return row;
}

export async function updateRefund(db: Db, id: string, values: Partial<NewRefund>): Promise<void> {
  await db.update(refunds).set(values).where(eq(refunds.id, id));
}

export async function findRefund(db: Db, id: string, forUpdate = false): Promise<RefundRow | undefined> {
  const q = db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  const [row] = forUpdate ? await q.for("update") : await q;
  return row;
}

export async function findByProviderRefundId(db: Db, provider: string, providerRefundId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)))
    .limit(1);
  return row;
}

export async function listOrderRefunds(db: Db, orderId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.seq));
}

export async function findPayment(db: Db, id: string, forUpdate = false): Promise<PaidRow | undefined> {
  const q = db.select().from(payments).where(eq(payments.id, id)).limit(1);
  const [row] = forUpdate ? await q.for("update") : await q;
  return row;
}

export async function paymentKinds(db: Db, ids: string[]): Promise<Map<string, PaymentKind>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: payments.id, kind: payments.kind }).from(payments).where(inArray(payments.id, ids));
  return new Map(rows.map((r) => [r.id, r.kind]));
}

/** What is already refunded or being refunded of a payment (every refund not failed), exact, in SQL. */
export async function committedRefunds(db: Db, paymentId: string): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)::numeric(14, 2)::text` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, "failed")));
  return row?.total ?? "0.00";
}

// ---- the ledger ----

export interface LedgerFilter {
  status?: LedgerStatus | undefined;
  method?: LedgerMethod | undefined;
  /** Inclusive lower bound. */
  from?: Date | undefined;
  /** Exclusive upper bound. */
  before?: Date | undefined;
  flaggedOnly?: boolean | undefined;
}

/** Payments and refunds as one list of entries, each with its order and customer. */
const ENTRIES = sql`(
  select 'payment' as entry, p.id, p.order_id, o.order_number, u.id as user_id, u.first_name, u.last_name, u.email,
    p.kind as payment_kind, p.provider as method, p.status, p.amount, p.currency,
    coalesce(nullif(p.provider_payment_id, ''), p.reference) as reference,
    coalesce(nullif(p.flag_reason, ''), nullif(p.rejection_reason, ''), p.failure_reason) as note,
    p.created_at, p.decided_at as settled_at
  from payments p join orders o on o.id = p.order_id join users u on u.id = p.user_id
  union all
  select 'refund' as entry, r.id, r.order_id, o.order_number, u.id as user_id, u.first_name, u.last_name, u.email,
    p.kind as payment_kind, r.provider as method, r.status, r.amount, r.currency,
    coalesce(nullif(r.provider_refund_id, ''), r.reference) as reference,
    case when r.failure_reason <> '' then r.reason || ' (failed: ' || r.failure_reason || ')' else r.reason end as note,
    r.created_at, r.settled_at
  from refunds r join payments p on p.id = r.payment_id join orders o on o.id = r.order_id join users u on u.id = r.user_id
) e`;

function where(f: LedgerFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.status) parts.push(sql`e.status = ${f.status}`);
  if (f.method) parts.push(sql`e.method = ${f.method}`);
  if (f.from) parts.push(sql`e.created_at >= ${f.from.toISOString()}`);
  if (f.before) parts.push(sql`e.created_at < ${f.before.toISOString()}`);
  if (f.flaggedOnly) parts.push(sql`e.entry = 'payment' and e.status = 'flagged'`);
  return sql.join(parts, sql` and `);
}

interface RawEntry {
  entry: "payment" | "refund";
  id: string;
  order_id: string;
  order_number: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  payment_kind: PaymentKind;
  method: string;
  status: LedgerStatus;
  amount: string;
  currency: Currency;
  reference: string;
  note: string;
  created_at: Date | string;
  settled_at: Date | string | null;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function toEntry(r: RawEntry): LedgerEntry {
  return {
    entry: r.entry,
    id: r.id,
    order_id: r.order_id,
    order_number: r.order_number,
    customer: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
    payment_kind: r.payment_kind,
    method: r.method,
    status: r.status,
    amount: r.amount,
    currency: r.currency,
    reference: r.reference,
    note: r.note,
    created_at: iso(r.created_at),
    settled_at: r.settled_at === null ? null : iso(r.settled_at),
  };
}

// Both drivers (PGlite, node-postgres) answer a raw query with `rows`.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function countLedger(db: Db, f: LedgerFilter): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n from ${ENTRIES} where ${where(f)}`));
  return Number(row?.n ?? 0);
}

export async function listLedger(db: Db, f: LedgerFilter, limit: number, offset: number): Promise<LedgerEntry[]> {
  const rows = rowsOf<RawEntry>(
    await db.execute(sql`
      select e.entry, e.id, e.order_id, e.order_number, e.user_id, e.first_name, e.last_name, e.email, e.payment_kind,
        e.method, e.status, e.amount::text as amount, e.currency, e.reference, e.note, e.created_at, e.settled_at
      from ${ENTRIES} where ${where(f)}
      order by e.created_at desc, e.id desc limit ${limit} offset ${offset}`),
  );
  return rows.map(toEntry);
}

/** Per currency, over the filtered entries: confirmed payments received, succeeded refunds, net; exact numeric sums. */
export async function ledgerTotals(db: Db, f: LedgerFilter): Promise<LedgerTotal[]> {
  const rows = rowsOf<{
    currency: Currency;
    received: string;
    refunded: string;
    net: string;
    refund_pending: string;
    flagged_count: number | string;
  }>(
    await db.execute(sql`
      select e.currency,
        coalesce(sum(e.amount) filter (where e.entry = 'payment' and e.status = 'confirmed'), 0)::numeric(14, 2)::text as received,
        coalesce(sum(e.amount) filter (where e.entry = 'refund' and e.status = 'succeeded'), 0)::numeric(14, 2)::text as refunded,
        (coalesce(sum(e.amount) filter (where e.entry = 'payment' and e.status = 'confirmed'), 0)
          - coalesce(sum(e.amount) filter (where e.entry = 'refund' and e.status = 'succeeded'), 0))::numeric(14, 2)::text as net,
        coalesce(sum(e.amount) filter (where e.entry = 'refund' and e.status = 'pending'), 0)::numeric(14, 2)::text as refund_pending,
        (count(*) filter (where e.entry = 'payment' and e.status = 'flagged'))::int as flagged_count
      from ${ENTRIES} where ${where(f)}
      group by e.currency order by e.currency`),
  );
  return rows.map((r) => ({ ...r, flagged_count: Number(r.flagged_count) }));
}
