import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CertificateType } from "@atelier/contract";
import { orders } from "./orders.ts";
import { uploads } from "./uploads.ts";
import { users } from "./users.ts";

/**
 * Certificates attached to an order by staff: a hallmark or a lab's grading report, with its
 * file (an upload of kind `certificate`). One lab issues a number once, so the same certificate
 * cannot be attached twice, to this order or another: (lab_key, number_key) is unique.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    type: text().$type<CertificateType>().notNull(),
    /** The issuing lab as staff wrote it ("GIA", "HRD Antwerp", "BIS AHC Mumbai"). */
    lab: text().notNull(),
    /** The lab for uniqueness: the type for GIA, IGI and HRD, else the lab's name in lower case. */
    labKey: text("lab_key").notNull(),
    /** The number as written on the certificate. */
    number: text().notNull(),
    /** The number for uniqueness and the verify link: upper case, letters and digits only. */
    numberKey: text("number_key").notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    /** The stone or part it covers; empty for the whole piece. */
    stone: text().notNull().default(""),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("certificates_lab_number_key").on(t.labKey, t.numberKey), index("certificates_order_idx").on(t.orderId, t.createdAt)],
);
