import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { certificates } from "../../db/schema/index.ts";

export type CertificateRow = typeof certificates.$inferSelect;
export type NewCertificate = typeof certificates.$inferInsert;

export function listOrderCertificates(db: Db, orderId: string): Promise<CertificateRow[]> {
  return db.select().from(certificates).where(eq(certificates.orderId, orderId)).orderBy(asc(certificates.createdAt), asc(certificates.id));
}

export function findCertificate(db: Db, id: string, forUpdate = false): Promise<CertificateRow | undefined> {
  const q = db.select().from(certificates).where(eq(certificates.id, id));
  return (forUpdate ? q.for("update") : q).then((rows) => rows[0]);
}

/** The certificate this lab issued under this number, other than `exceptId`. */
export function findByLabNumber(db: Db, labKey: string, numberKey: string, exceptId?: string): Promise<CertificateRow | undefined> {
  const same = and(eq(certificates.labKey, labKey), eq(certificates.numberKey, numberKey));
  return db
    .select()
    .from(certificates)
    .where(exceptId ? and(same, ne(certificates.id, exceptId)) : same)
    .limit(1)
    .then((rows) => rows[0]);
}

export async function insertCertificate(db: Db, values: NewCertificate): Promise<CertificateRow> {
  const [row] = await db.insert(certificates).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateCertificate(db: Db, id: string, values: Partial<NewCertificate>): Promise<CertificateRow> {
  const [row] = await db.update(certificates).set(values).where(eq(certificates.id, id)).returning();
  if (!row) throw new Error("update returned no row");
  return row;
}

export async function deleteCertificate(db: Db, id: string): Promise<void> {
  await db.delete(certificates).where(eq(certificates.id, id));
}
