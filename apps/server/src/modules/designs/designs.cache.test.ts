import type { Design, Paginated } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, uploads, users } from "../../db/schema/index.ts";
import { authedInject, buildTestApp, createStaff, type TestApp } from "../../test/helpers.ts";
import { designForm, jpeg, signUpCustomer, type Customer } from "../uploads/test-support.ts";

/**
 * The designs reads are answered from a cache keyed by the customer's content version: every change
 * to what they show, made through any route or straight in the database, must be seen at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { FILE_URL_SECRET: "test-secret-for-signed-file-urls-0123456789" } });
});
afterAll(async () => t.close());

const list = async (c: { token: string }) => {
  const res = await authedInject(t, c.token, { method: "GET", url: "/api/designs/" });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  return res;
};
const one = (c: { token: string }, id: string) => authedInject(t, c.token, { method: "GET", url: `/api/designs/${id}/` });

async function designWithImage(c: Customer, name = "Garnet halo ring"): Promise<Design> {
  const form = designForm({ name, design_type: "ring", description: "A halo of small diamonds around an oval garnet." }, [
    { filename: "sketch.jpg", data: await jpeg() },
  ]);
  const res = await authedInject(t, c.token, { method: "POST", url: "/api/designs/", ...form });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Design>();
}

describe("designs read cache", () => {
  it("answers a repeated read with the same bytes, and an edit through the API at once", async () => {
    const c = await signUpCustomer(t);
    const design = await designWithImage(c);
    const first = await list(c);
    expect((await list(c)).body).toBe(first.body);

    const form = designForm({ name: "Garnet halo ring, rose gold", design_type: "ring", description: "Now in rose gold." });
    expect((await authedInject(t, c.token, { method: "PUT", url: `/api/designs/${design.id}/`, ...form })).statusCode).toBe(200);
    expect((await list(c)).json<Paginated<Design>>().results[0]?.name).toBe("Garnet halo ring, rose gold");
    expect((await one(c, design.id)).json<Design>().description).toBe("Now in rose gold.");
  });

  it("sees a staff move of the order, an image removed and a change written straight to the database", async () => {
    const c = await signUpCustomer(t);
    const design = await designWithImage(c);
    const staff = await createStaff(t);
    await list(c);
    await one(c, design.id);

    // Staff cancel the order through their own route (another module).
    const cancel = await authedInject(t, staff.token, {
      method: "POST",
      url: `/api/staff/orders/${design.order!.id}/transition/`,
      payload: { to: "cancelled", note: "The customer asked by phone." },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await list(c)).json<Paginated<Design>>().results[0]?.order?.status).toBe("cancelled");
    expect((await one(c, design.id)).json<Design>().order?.status).toBe("cancelled");

    // The image removed through the uploads module.
    const imageId = design.images[0]!.id;
    expect((await authedInject(t, c.token, { method: "DELETE", url: `/api/uploads/${imageId}/` })).statusCode).toBe(204);
    expect((await one(c, design.id)).json<Design>().images).toEqual([]);

    // Another process (or a migration) writes the database directly.
    await t.database.db.execute(sql`update designs set name = 'Renamed elsewhere' where id = ${design.id}`);
    expect((await list(c)).json<Paginated<Design>>().results[0]?.name).toBe("Renamed elsewhere");
    await t.database.db.update(orders).set({ orderNumber: "JW-2026-999999" }).where(eq(orders.id, design.order!.id));
    expect((await one(c, design.id)).json<Design>().order?.order_number).toBe("JW-2026-999999");
  });

  it("really answers from the cache: a write that skips the triggers is not seen until the next real change", async () => {
    const c = await signUpCustomer(t);
    const design = await designWithImage(c, "Cached name");
    await list(c);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`); // triggers off, as in a restore
      await tx.execute(sql`update designs set name = 'Unseen name' where id = ${design.id}`);
    });
    expect((await list(c)).json<Paginated<Design>>().results[0]?.name).toBe("Cached name");
    await t.database.db.execute(sql`update designs set description = 'Touched' where id = ${design.id}`);
    expect((await list(c)).json<Paginated<Design>>().results[0]?.name).toBe("Unseen name");
  });

  it("moves the customer's version only when something their designs show changes", async () => {
    const c = await signUpCustomer(t);
    const design = await designWithImage(c, "Version ring");
    const orderId = design.order!.id;
    const version = async () => (await t.database.db.select({ v: users.contentVersion }).from(users).where(eq(users.id, c.id)))[0]!.v;
    const start = await version();

    // A comment touches its order's updated_at; a quote writes quoted_price: neither is shown by a design.
    const comment = await authedInject(t, c.token, { method: "POST", url: `/api/orders/${orderId}/comments/`, payload: { text: "Could it be 2 mm?" } });
    expect(comment.statusCode, comment.body).toBe(201);
    await t.database.db.update(orders).set({ updatedAt: new Date(), quotedPrice: "1200.00" }).where(eq(orders.id, orderId));
    // An upload that is not a design's image (a CAD file, a message's attachment).
    await t.database.db.execute(sql`update ${uploads} set updated_at = now() where user_id = ${c.id} and design_id is null`);
    const [other] = await t.database.db
      .insert(uploads)
      .values({ userId: c.id, kind: "message_attachment", status: "completed", fileName: "a.pdf", size: 1, contentType: "application/pdf" })
      .returning({ id: uploads.id });
    await t.database.db.update(uploads).set({ updatedAt: new Date() }).where(eq(uploads.id, other!.id));
    await t.database.db.delete(uploads).where(eq(uploads.id, other!.id));
    expect(await version()).toBe(start);

    // What a design shows of its order and its images moves it, once per statement.
    await t.database.db.update(orders).set({ status: "quoted", updatedAt: new Date() }).where(eq(orders.id, orderId));
    expect(await version()).toBe(start + 1);
    await t.database.db.execute(sql`update ${orders} set estimate = estimate || '{"note": 1}'::jsonb where id = ${orderId}`);
    expect(await version()).toBe(start + 2);
    await t.database.db.update(uploads).set({ position: 3 }).where(eq(uploads.designId, design.id));
    expect(await version()).toBe(start + 3);
    expect((await one(c, design.id)).json<Design>().order?.status).toBe("quoted");
  });

  it("keeps customers apart, and staff always read the database", async () => {
    const a = await signUpCustomer(t);
    const b = await signUpCustomer(t);
    const design = await designWithImage(a, "Only mine");
    await one(a, design.id);
    expect((await one(b, design.id)).statusCode).toBe(404);
    expect((await list(b)).json<Paginated<Design>>().count).toBe(0);

    const staff = await createStaff(t);
    expect((await one(staff, design.id)).json<Design>().name).toBe("Only mine");
    await t.database.db.execute(sql`update designs set name = 'Staff see this' where id = ${design.id}`);
    expect((await one(staff, design.id)).json<Design>().name).toBe("Staff see this");
  });
});
