import { and, count, desc, eq, gt, ilike, inArray, isNull, max, ne, or, sql, type SQL } from "drizzle-orm";
import type { Role } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { likePattern, preparedPerDb } from "../../db/query-helpers.ts";
import { authTokens, passwordResetTokens, users } from "../../db/schema/index.ts";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) });
}

export function findUserById(db: Db, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const row = await db.query.users.findFirst({ where: eq(users.username, username), columns: { id: true } });
  return row !== undefined;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateUser(db: Db, id: string, values: Partial<NewUser>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error("update returned no row");
  return row;
}

export async function insertToken(db: Db, userId: string, tokenHash: string): Promise<string> {
  const [row] = await db.insert(authTokens).values({ userId, tokenHash }).returning({ id: authTokens.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/**
 * The lookup every signed-in request makes, prepared once per database: its SQL is built once and,
 * on PostgreSQL, planned once per connection (a named statement).
 */
const tokenLookup = preparedPerDb((db) =>
  db
    .select({ user: users, tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare("auth_token_lookup"),
);

export async function findUserByTokenHash(db: Db, tokenHash: string) {
  const [row] = await tokenLookup(db).execute({ tokenHash });
  return row;
}

/** The user of a token, or undefined once the token is revoked. */
export async function findUserByTokenId(db: Db, tokenId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.id, tokenId));
  return row?.user;
}

/** Which of these tokens still exist and belong to an active account. */
export async function findLiveTokenIds(db: Db, tokenIds: string[]): Promise<string[]> {
  if (tokenIds.length === 0) return [];
  const rows = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(inArray(authTokens.id, tokenIds), eq(users.isActive, true)));
  return rows.map((r) => r.id);
}

export async function touchToken(db: Db, tokenId: string, at: Date): Promise<void> {
  await db.update(authTokens).set({ lastUsedAt: at }).where(eq(authTokens.id, tokenId));
}

export async function deleteToken(db: Db, tokenId: string): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.id, tokenId));
}

/** Revokes every token of the user, or every one but `keepTokenId`. */
export async function deleteUserTokens(db: Db, userId: string, keepTokenId?: string): Promise<void> {
  await db
    .delete(authTokens)
    .where(keepTokenId ? and(eq(authTokens.userId, userId), ne(authTokens.id, keepTokenId)) : eq(authTokens.userId, userId));
}

export async function insertResetToken(db: Db, userId: string, tokenHash: string, createdAt: Date, expiresAt: Date): Promise<void> {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, createdAt, expiresAt });
}

export function findResetToken(db: Db, userId: string, tokenHash: string) {
  return db.query.passwordResetTokens.findFirst({
    where: and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.tokenHash, tokenHash)),
  });
}

/** Marks the token used; false when another request used it first. */
export async function consumeResetToken(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, at)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

export async function deleteResetTokens(db: Db, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** The user, locked for the rest of the transaction. */
export async function lockUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for("update");
  return row;
}

/** Every active administrator's id, locked: two admins demoting each other cannot both pass the last-admin rule. */
export async function lockActiveAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .orderBy(users.id)
    .for("update");
  return rows.map((r) => r.id);
}

export interface PeopleFilter {
  search?: string | undefined;
  role?: Role | undefined;
}

function peopleWhere(filter: PeopleFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.role) parts.push(eq(users.role, filter.role));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    parts.push(or(ilike(users.email, pattern), sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`));
  }
  return and(...parts);
}

export async function countPeople(db: Db, filter: PeopleFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(peopleWhere(filter));
  return row?.n ?? 0;
}

/** Newest account first (a top-N sort of the users table). */
export function listPeople(db: Db, filter: PeopleFilter, limit: number, offset: number): Promise<UserRow[]> {
  return db.select().from(users).where(peopleWhere(filter)).orderBy(desc(users.dateJoined), desc(users.id)).limit(limit).offset(offset);
}

/** The newest use of any token of each of these users (one index range per user, for one page). */
export async function lastSeenOfMany(db: Db, userIds: string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: authTokens.userId, at: max(authTokens.lastUsedAt) })
    .from(authTokens)
    .where(inArray(authTokens.userId, userIds))
    .groupBy(authTokens.userId);
  return new Map(rows.flatMap((r) => (r.at ? [[r.userId, r.at] as const] : [])));
}

/** The newest use of any of the user's tokens; null when they hold none. */
export async function lastSeenOf(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(authTokens.lastUsedAt) })
    .from(authTokens)
    .where(eq(authTokens.userId, userId));
  return row?.at ?? null;
}
