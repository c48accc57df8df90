import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
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

export async function findUserByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ user: users, tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
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
