import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { addresses, users } from "../../db/schema/index.ts";

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddress = typeof addresses.$inferInsert;

/** A customer's addresses: the default delivery address first, then the default billing one, then oldest first. */
export async function listAddresses(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefaultDelivery), desc(addresses.isDefaultBilling), asc(addresses.createdAt), asc(addresses.id));
}

/** One of the customer's addresses; another customer's is not found. */
export async function findAddress(db: Db, userId: string, id: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

export async function insertAddress(db: Db, values: NewAddress): Promise<AddressRow> {
  const [row] = await db.insert(addresses).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateAddress(db: Db, userId: string, id: string, values: Partial<NewAddress>): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

/** Only one default of each kind: the others of the customer lose the flag. */
export async function clearDefault(db: Db, userId: string, kind: "delivery" | "billing", exceptId: string): Promise<void> {
  const column = kind === "delivery" ? { isDefaultDelivery: false } : { isDefaultBilling: false };
  await db
    .update(addresses)
    .set(column)
    .where(and(eq(addresses.userId, userId), ne(addresses.id, exceptId)));
}

/** Holds the customer's row for the transaction: one change of their addresses at a time. */
export async function lockCustomer(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}
