import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { DesignStatus } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { designs, designStones, orders, quotes } from "../../db/schema/index.ts";
import type { DesignContent, StoneContent } from "./order-view.ts";

/**
 * The design as the order shows it. Orders read the designs tables directly (an order is built
 * from its design), but never write a design except its lifecycle status.
 */
export type DesignForOrder = typeof designs.$inferSelect;
export type StoneForOrder = typeof designStones.$inferSelect;

export function findDesignContent(db: Db, designId: string): Promise<(DesignContent & DesignForOrder) | undefined> {
  return db
    .select()
    .from(designs)
    .where(eq(designs.id, designId))
    .limit(1)
    .then((rows) => rows[0]);
}

export function lockDesign(db: Db, designId: string): Promise<DesignForOrder | undefined> {
  return db
    .select()
    .from(designs)
    .where(eq(designs.id, designId))
    .limit(1)
    .for("update")
    .then((rows) => rows[0]);
}

export function listStoneContent(db: Db, designId: string): Promise<(StoneContent & StoneForOrder)[]> {
  return db.select().from(designStones).where(eq(designStones.designId, designId)).orderBy(asc(designStones.ordinal));
}

export async function setDesignStatus(db: Db, designId: string, status: DesignStatus, at: Date): Promise<void> {
  await db.update(designs).set({ status, updatedAt: at }).where(eq(designs.id, designId));
}

export async function countUserDesigns(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(designs).where(eq(designs.userId, userId));
  return row?.n ?? 0;
}

/** Designs that have no order yet (saved before orders existed). */
export function listDesignsWithoutOrder(db: Db, limit: number): Promise<DesignForOrder[]> {
  return db
    .select({ d: designs })
    .from(designs)
    .leftJoin(orders, eq(orders.designId, designs.id))
    .where(isNull(orders.id))
    .orderBy(asc(designs.createdAt))
    .limit(limit)
    .then((rows) => rows.map((r) => r.d));
}

/** A cancelled order's pending quote can no longer be accepted. */
export async function expirePendingQuotes(db: Db, orderId: string): Promise<void> {
  await db
    .update(quotes)
    .set({ status: "expired" })
    .where(and(eq(quotes.orderId, orderId), eq(quotes.status, "pending")));
}
