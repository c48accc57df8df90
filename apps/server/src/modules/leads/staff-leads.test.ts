import type { Paginated, StaffLead } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import { authedInject, buildTestApp, createStaff, randomIp, signUp, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStaff>>;
let customer: string;
const ids: Record<string, string> = {};

const list = (token: string, query = "") => authedInject(t, token, { method: "GET", url: `/api/staff/leads/${query}` });
const handle = (token: string, id: string, payload: unknown) =>
  authedInject(t, token, { method: "POST", url: `/api/staff/leads/${id}/handled/`, payload: payload as object });
const auditRows = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));

async function lead(key: string, fields: Record<string, string>) {
  t.clock.advance(1000);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/leads/",
    payload: { name: "Someone", email: `${key}@example.com`, source: "contact", ...fields },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBe(201);
  ids[key] = res.json<{ id: string }>().id;
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(t, "staff");
  customer = (await signUp(t)).token;
  await lead("ruby", { name: "Ruby Shah", design_idea: "A ruby pendant with 100% recycled gold" });
  await lead("meera", { name: "Meera Iyer", phone: "+91 99887 76655", source: "home" });
  for (let i = 0; i < 9; i++) await lead(`filler${i}`, { name: `Filler ${i}` });
  await lead("newest", { name: "Newest Person" });
});
afterAll(async () => t.close());

describe("GET /api/staff/leads/", () => {
  it("refuses anonymous callers (401) and customers (403)", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/staff/leads/" })).statusCode).toBe(401);
    const res = await list(customer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: "Only staff can do this." });
  });

  it("lists every lead newest first, ten a page, each open", async () => {
    const res = await list(staff.token);
    expect(res.statusCode).toBe(200);
    const page = res.json<Paginated<StaffLead>>();
    expect(page.count).toBe(12);
    expect(page.results).toHaveLength(10);
    expect(page.results[0]).toEqual({
      id: ids.newest,
      name: "Newest Person",
      email: "newest@example.com",
      phone: "",
      design_idea: "",
      source: "contact",
      created_at: expect.any(String) as string,
      handled_at: null,
      handled_by: null,
    });
    expect(page.next).toBe("http://app.test/api/staff/leads/?page=2");
    const second = (await list(staff.token, "?page=2")).json<Paginated<StaffLead>>();
    expect(second.results.map((l) => l.id)).toEqual([ids.meera, ids.ruby]);
    expect(second.previous).toBe("http://app.test/api/staff/leads/?page=1");
    const past = await list(staff.token, "?page=3");
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: "Invalid page." });
  });

  it("searches name, e-mail, phone and idea, with % taken literally", async () => {
    const found = async (search: string) =>
      (await list(staff.token, `?search=${encodeURIComponent(search)}`)).json<Paginated<StaffLead>>().results.map((l) => l.id);
    expect(await found("meera iyer")).toEqual([ids.meera]);
    expect(await found("ruby@EXAMPLE")).toEqual([ids.ruby]);
    expect(await found("99887")).toEqual([ids.meera]);
    expect(await found("pendant")).toEqual([ids.ruby]);
    expect(await found("100%")).toEqual([ids.ruby]);
    expect(await found("0%")).toEqual([ids.ruby]);
    expect(await found("%")).toEqual([ids.ruby]);
    const page = (await list(staff.token, "?search=meera&page=1")).json<Paginated<StaffLead>>();
    expect(page.count).toBe(1);
  });

  it("refuses an unknown state", async () => {
    const res = await list(staff.token, "?state=done");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: "Invalid request parameters." });
  });
});

describe("POST /api/staff/leads/{id}/handled/", () => {
  it("refuses anonymous callers and customers before reading the body", async () => {
    const anon = await t.app.inject({ method: "POST", url: `/api/staff/leads/${ids.ruby}/handled/`, payload: "{" });
    expect(anon.statusCode).toBe(401);
    expect((await handle(customer, ids.ruby!, { handled: true })).statusCode).toBe(403);
    expect(await auditRows(ids.ruby!)).toHaveLength(0);
  });

  it("marks a lead handled by the staff member, audited in the same change; saying it again writes nothing", async () => {
    const res = await handle(staff.token, ids.ruby!, { handled: true });
    expect(res.statusCode).toBe(200);
    const handled = res.json<StaffLead>();
    // Named as everywhere: the contract's one formatter.
    expect(handled).toMatchObject({ id: ids.ruby, handled_at: t.clock.now().toISOString(), handled_by: "Kavya Iyer (staff)" });

    const rows = await auditRows(ids.ruby!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: staff.user.id,
      action: "lead.handled",
      targetType: "lead",
      targetLabel: "Ruby Shah <ruby@example.com>",
      before: { handled: false, handled_at: null, handled_by: null },
      after: { handled: true, handled_at: handled.handled_at, handled_by: "Kavya Iyer (staff)" },
    });

    t.clock.advance(60_000);
    const again = await handle(staff.token, ids.ruby!, { handled: true });
    expect(again.json()).toEqual(handled);
    expect(await auditRows(ids.ruby!)).toHaveLength(1);

    const open = (await list(staff.token, "?state=open")).json<Paginated<StaffLead>>();
    expect(open.count).toBe(11);
    expect(open.results.map((l) => l.id)).not.toContain(ids.ruby);
    const done = (await list(staff.token, "?state=handled")).json<Paginated<StaffLead>>();
    expect(done.results).toEqual([handled]);
  });

  it("names the staff member by their current name and role, and opens a lead again", async () => {
    const named = await createStaff(t, "admin");
    const profile = await authedInject(t, named.token, {
      method: "PATCH",
      url: "/api/auth/user/",
      payload: { first_name: "Asha", last_name: "Menon" },
    });
    expect(profile.statusCode).toBe(200);
    const res = await handle(named.token, ids.meera!, { handled: true });
    const nameOf = res.json<StaffLead>().handled_by;
    expect(nameOf).toBe("Asha Menon (admin)");

    const reopened = await handle(staff.token, ids.meera!, { handled: false });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ handled_at: null, handled_by: null });
    const rows = await auditRows(ids.meera!);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.actorId === staff.user.id)).toMatchObject({
      before: { handled: true, handled_by: nameOf },
      after: { handled: false, handled_at: null, handled_by: null },
    });
    expect((await handle(staff.token, ids.meera!, { handled: false })).statusCode).toBe(200);
    expect(await auditRows(ids.meera!)).toHaveLength(2);
  });

  it("answers 404 for an id that is not a UUID or names no lead", async () => {
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000"]) {
      const res = await handle(staff.token, id, { handled: true });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: "Not found." });
    }
  });

  it("answers a field error for anything but true or false", async () => {
    for (const payload of [{ handled: "yes" }, {}]) {
      const res = await handle(staff.token, ids.newest!, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ handled: ["Say true or false."] });
    }
    expect(await auditRows(ids.newest!)).toHaveLength(0);
  });
});
