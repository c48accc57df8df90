import type { AuditEntry, Paginated } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, createStaff, signUp, type TestApp } from "../../test/helpers.ts";
import { changedFields } from "./audit.service.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
});
afterAll(async () => {
  await t.close();
});

const list = (token: string, query = "") => authedInject(t, token, { method: "GET", url: `/api/staff/audit/${query}` });

describe("the audit log", () => {
  it("keeps a row written in a transaction that commits, and none from one that rolls back", async () => {
    const { db } = t.database;
    await db.transaction((tx) =>
      t.services.audit.record(tx, {
        actor: { id: admin.user.id },
        action: "pricing.saved",
        targetType: "pricing",
        targetId: "7",
        targetLabel: "Pricing v7-kept",
      }),
    );
    await expect(
      db.transaction(async (tx) => {
        await t.services.audit.record(tx, {
          actor: { id: admin.user.id },
          action: "pricing.saved",
          targetType: "pricing",
          targetId: "8",
          targetLabel: "Pricing v8-lost",
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");

    const res = await list(admin.token, "?search=Pricing%20v");
    expect(res.statusCode).toBe(200);
    const page = res.json<Paginated<AuditEntry>>();
    expect(page.results.map((e) => e.target_label)).toEqual(["Pricing v7-kept"]);
    // The actor is named by the contract's one formatter, as in an order's history and its PDF.
    expect(page.results[0]?.actor).toEqual({ id: admin.user.id, name: "Kavya Iyer (admin)", email: admin.user.email });
  });

  it("lists newest first, filters by action and searches the actor's e-mail", async () => {
    const { db } = t.database;
    await db.transaction((tx) =>
      t.services.audit.record(tx, [
        { actor: { id: admin.user.id }, action: "lead.handled", targetType: "lead", targetId: "a", targetLabel: "first-lead" },
        { actor: { id: admin.user.id }, action: "lead.handled", targetType: "lead", targetId: "b", targetLabel: "second-lead" },
      ]),
    );
    const byAction = (await list(admin.token, "?action=lead.handled")).json<Paginated<AuditEntry>>();
    expect(byAction.results.map((e) => e.target_label)).toEqual(["second-lead", "first-lead"]);
    const byEmail = (await list(admin.token, `?search=${encodeURIComponent(admin.user.email)}`)).json<Paginated<AuditEntry>>();
    expect(byEmail.count).toBeGreaterThanOrEqual(3);
    expect((await list(admin.token, "?action=nope")).statusCode).toBe(400);
    expect((await list(admin.token, "?page=99")).json()).toEqual({ detail: "Invalid page." });
  });

  it("is for admins only: 403 for staff and customers, 401 anonymous", async () => {
    const staff = await createStaff(t, "staff");
    const customer = await signUp(t);
    expect((await list(staff.token)).statusCode).toBe(403);
    expect((await list(staff.token)).json()).toEqual({ detail: "Only an administrator can do this." });
    expect((await list(customer.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/staff/audit/" })).statusCode).toBe(401);
  });
});

describe("changedFields", () => {
  it("keeps only the fields whose value changed, on both sides", () => {
    expect(changedFields({ role: "staff", name: "Ana" }, { role: "admin", name: "Ana" })).toEqual({
      before: { role: "staff" },
      after: { role: "admin" },
    });
    expect(changedFields({}, { tracking: "X1" })).toEqual({ before: { tracking: null }, after: { tracking: "X1" } });
  });
});
