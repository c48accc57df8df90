import { sql, type SQLWrapper } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "../modules/audit/audit.repository.ts";
import { listPeople } from "../modules/auth/auth.repository.ts";
import { listLeads } from "../modules/leads/leads.repository.ts";
import { listConversations } from "../modules/messages/messages.repository.ts";
import { listOrders } from "../modules/orders/orders.repository.ts";
import { freshDatabase } from "../test/helpers.ts";
import type { Database, Db } from "./client.ts";

/**
 * The staff lists' search boxes match a substring anywhere (ILIKE '%term%'). Each must be served
 * by the trigram indexes of migration 0013: with sequential and plain index scans switched off,
 * the planner can only avoid reading the whole table through bitmap scans of those indexes, and
 * only if the query is written so that every OR branch has one (a branch over another table as
 * `col = any(array(select …))`). A branch nothing can serve shows as a Seq Scan.
 */
describe("staff search is served by trigram indexes", () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => database.close());

  async function plan(build: (tx: Db) => unknown): Promise<string> {
    let text = "";
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const result: unknown = await tx.execute(sql`explain ${build(tx) as SQLWrapper}`);
        text = (result as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join("\n");
        throw new RollbackPlan();
      })
      .catch((err: unknown) => {
        if (!(err instanceof RollbackPlan)) throw err;
      });
    return text;
  }

  it("All orders: order number, design name and customer", async () => {
    const text = await plan((tx) => listOrders(tx, { search: "sapphire halo" }, 20, 0));
    for (const index of [
      "orders_order_number_trgm_idx",
      "orders_design_name_trgm_idx",
      "users_email_trgm_idx",
      "users_full_name_trgm_idx",
    ]) {
      expect(text).toContain(index);
    }
    expect(text).not.toMatch(/Seq Scan/);
  });

  it("people: e-mail and name", async () => {
    const text = await plan((tx) => listPeople(tx, { search: "meera rao" }, 20, 0));
    expect(text).toContain("users_email_trgm_idx");
    expect(text).toContain("users_full_name_trgm_idx");
    expect(text).not.toMatch(/Seq Scan/);
  });

  it("the staff inbox: subject, ticket, order, customer and messages", async () => {
    const text = await plan((tx) => listConversations(tx, crypto.randomUUID(), { search: "resize" }, 20, 0));
    for (const index of [
      "conversations_subject_trgm_idx",
      "conversations_ticket_number_trgm_idx",
      "orders_design_name_trgm_idx",
      "users_email_trgm_idx",
      "order_comments_text_trgm_idx",
    ]) {
      expect(text).toContain(index);
    }
    expect(text).not.toMatch(/Seq Scan on (conversations|orders|users|order_comments)/);
  });

  it("leads and the audit log", async () => {
    const leads = await plan((tx) => listLeads(tx, { search: "emerald", state: "all" }, 20, 0));
    for (const index of ["leads_name_trgm_idx", "leads_email_trgm_idx", "leads_phone_trgm_idx", "leads_design_idea_trgm_idx"]) {
      expect(leads).toContain(index);
    }
    expect(leads).not.toMatch(/Seq Scan/);
    const audit = await plan((tx) => listAudit(tx, { search: "JW-2026" }, 20, 0));
    for (const index of ["audit_log_target_label_trgm_idx", "audit_log_target_id_trgm_idx", "users_email_trgm_idx"]) {
      expect(audit).toContain(index);
    }
    expect(audit).not.toMatch(/Seq Scan on audit_log/);
  });
});

class RollbackPlan extends Error {}
