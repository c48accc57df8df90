import { count, desc, eq, sql } from "drizzle-orm";
import type { PricingTables, Role } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { pricingVersions, users } from "../../db/schema/index.ts";

export type PricingVersionRow = typeof pricingVersions.$inferSelect;

const INSERT_ATTEMPTS = 10;

/** The version in force: the highest. */
export async function currentPricing(db: Db): Promise<{ version: number; tables: PricingTables } | undefined> {
  const [row] = await db
    .select({ version: pricingVersions.version, tables: pricingVersions.tables })
    .from(pricingVersions)
    .orderBy(desc(pricingVersions.version))
    .limit(1);
  return row;
}

/**
 * Writes the tables as the next version (highest + 1). Two writers racing both read the same
 * highest version; the second insert then fails on the primary key, and is retried inside a
 * savepoint so that the caller's transaction survives and the retry sees the committed row.
 */
export async function insertPricingVersion(
  db: Db,
  values: { tables: PricingTables; note: string; createdBy: string | null },
): Promise<PricingVersionRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pricingVersions)
          .values({
            version: sql`(select coalesce(max(${pricingVersions.version}), 0) + 1 from ${pricingVersions})`,
            tables: values.tables,
            note: values.note,
            createdBy: values.createdBy,
          })
          .returning();
        if (!row) throw new Error("insert into pricing_versions returned no row");
        return row;
      });
    } catch (err) {
      if (attempt >= INSERT_ATTEMPTS || !isUniqueViolation(err)) throw err;
    }
  }
}

/** Inserts `tables` as version 1 unless some version 1 exists. Returns whether it wrote the row. */
export async function insertFirstPricingVersion(db: Db, values: { tables: PricingTables; note: string }): Promise<boolean> {
  const rows = await db
    .insert(pricingVersions)
    .values({ version: 1, tables: values.tables, note: values.note, createdBy: null })
    .onConflictDoNothing({ target: pricingVersions.version })
    .returning({ version: pricingVersions.version });
  return rows.length > 0;
}

/** The newest versions first. */
export function listPricingVersions(db: Db, limit: number): Promise<PricingVersionRow[]> {
  return db.select().from(pricingVersions).orderBy(desc(pricingVersions.version)).limit(limit);
}

const author = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role };
export type PricingAuthor = { id: string; firstName: string; lastName: string; email: string; role: Role } | null;

/** One version with who saved it. */
export async function findPricingVersion(db: Db, version: number): Promise<{ row: PricingVersionRow; author: PricingAuthor } | undefined> {
  const [found] = await db
    .select({ row: pricingVersions, author })
    .from(pricingVersions)
    .leftJoin(users, eq(users.id, pricingVersions.createdBy))
    .where(eq(pricingVersions.version, version))
    .limit(1);
  return found;
}

export async function countPricingVersions(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pricingVersions);
  return row?.n ?? 0;
}

/** A page of versions, newest first, with who saved each (without their tables). */
export function listPricingVersionPage(db: Db, limit: number, offset: number) {
  return db
    .select({
      version: pricingVersions.version,
      note: pricingVersions.note,
      createdAt: pricingVersions.createdAt,
      author,
    })
    .from(pricingVersions)
    .leftJoin(users, eq(users.id, pricingVersions.createdBy))
    .orderBy(desc(pricingVersions.version))
    .limit(limit)
    .offset(offset);
}
