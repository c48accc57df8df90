import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { DESIGN_TYPE_LABELS, DESIGN_TYPES, type Stone } from "@atelier/contract";
import { isAnyOf, likePattern, preparedPerDb } from "../../db/query-helpers.ts";
import type { Db } from "../../db/client.ts";
import { designs, designStones } from "../../db/schema/index.ts";

export type DesignRow = typeof designs.$inferSelect;
export type NewDesign = typeof designs.$inferInsert;
export type StoneRow = typeof designStones.$inferSelect;

export async function insertDesign(db: Db, values: NewDesign): Promise<DesignRow> {
  const [row] = await db.insert(designs).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateDesign(db: Db, id: string, values: Partial<NewDesign>): Promise<void> {
  await db.update(designs).set(values).where(eq(designs.id, id));
}

export async function deleteDesign(db: Db, id: string): Promise<void> {
  await db.delete(designs).where(eq(designs.id, id));
}

const designById = preparedPerDb((db) => db.select().from(designs).where(eq(designs.id, sql.placeholder("id"))).limit(1).prepare("design_by_id"));

export function findDesign(db: Db, id: string, forUpdate = false): Promise<DesignRow | undefined> {
  const rows = forUpdate ? db.select().from(designs).where(eq(designs.id, id)).limit(1).for("update") : designById(db).execute({ id });
  return rows.then((r) => r[0]);
}

export async function replaceStones(db: Db, designId: string, stones: Stone[]): Promise<void> {
  await db.delete(designStones).where(eq(designStones.designId, designId));
  if (stones.length === 0) return;
  await db.insert(designStones).values(
    stones.map((s, ordinal) => ({
      designId,
      ordinal,
      stoneType: s.stone_type,
      stoneCut: s.stone_cut,
      stoneCarat: s.stone_carat,
      stoneColor: s.stone_color,
      stoneClarity: s.stone_clarity,
      position: s.position,
      quantity: s.quantity,
    })),
  );
}

const stonesOfDesigns = preparedPerDb((db) =>
  db.select().from(designStones).where(isAnyOf(designStones.designId, "ids")).orderBy(asc(designStones.designId), asc(designStones.ordinal)).prepare("stones_of_designs"),
);

export function listStones(db: Db, designIds: string[]): Promise<StoneRow[]> {
  if (designIds.length === 0) return Promise.resolve([]);
  return stonesOfDesigns(db).execute({ ids: designIds });
}

/** A user's designs matching an optional search in name, description or jewellery type (its code or label). */
function userDesignsWhere(userId: string, search: string): SQL | undefined {
  const mine = eq(designs.userId, userId);
  if (!search) return mine;
  const needle = search.toLowerCase();
  const types = DESIGN_TYPES.filter((t) => t.includes(needle.replace(/\s+/g, "_")) || DESIGN_TYPE_LABELS[t].toLowerCase().includes(needle));
  const pattern = likePattern(search);
  return and(
    mine,
    or(
      ilike(designs.name, pattern),
      ilike(designs.description, pattern),
      types.length > 0 ? inArray(designs.designType, types) : undefined,
    ),
  );
}

export async function countUserDesigns(db: Db, userId: string, search = ""): Promise<number> {
  const [row] = await db.select({ n: count() }).from(designs).where(userDesignsWhere(userId, search));
  return row?.n ?? 0;
}

/** Newest first, each with the total of matches; the order matches the (user_id, created_at desc, id desc) index exactly. */
export function listUserDesigns(db: Db, userId: string, search: string, limit: number, offset: number): Promise<{ design: DesignRow; total: number }[]> {
  return db
    .select({ design: designs, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(designs)
    .where(userDesignsWhere(userId, search))
    .orderBy(sql`${designs.createdAt} desc nulls last`, sql`${designs.id} desc nulls last`)
    .limit(limit)
    .offset(offset);
}
