import path from "node:path";
import { DESIGN_LIMITS, type Design, type Order, type OrderSummary, type Paginated } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { designs, orders } from "../../db/schema/index.ts";
import { authedInject, buildTestApp, createStaff, type TestApp } from "../../test/helpers.ts";
import { designForm, jpeg, listFiles, signUpCustomer, type Customer } from "../uploads/test-support.ts";

/**
 * Issue 19, item 2 and 5: every figure a customer enters is bounded (400 with a field error),
 * an estimate the API cannot carry is refused before anything is written, a row stored before
 * the limits does not break any list, and a link save never flips the sign of a figure.
 */

const VALID = { name: "Solitaire", design_type: "ring", description: "A single stone on a plain band." };
const TOO_LARGE_ESTIMATE = "The estimate of this design comes to more than 100,000,000 INR: check the weight, the carats and the number of stones.";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { FILE_URL_SECRET: "test-secret-for-signed-file-urls-0123456789" } });
});
afterAll(async () => t.close());

const designRowsOf = (userId: string) => t.database.db.select().from(designs).where(eq(designs.userId, userId));
const orderRowsOf = (userId: string) => t.database.db.select().from(orders).where(eq(orders.userId, userId));
const tmpFiles = () => listFiles(path.join(t.dataDir, "tmp"));
const storedFiles = (userId: string) => listFiles(path.join(t.dataDir, "uploads", "users", userId));

function post(c: Customer, body: object) {
  return authedInject(t, c.token, { method: "POST", url: "/api/designs/", payload: body });
}
function postForm(c: Customer, data: object, images: { filename: string; data: Buffer }[] = []) {
  return authedInject(t, c.token, { method: "POST", url: "/api/designs/", ...designForm(data, images) });
}
async function created(c: Customer, data: object = VALID): Promise<Design> {
  const res = await postForm(c, data);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Design>();
}

describe("figures a customer enters are bounded (custom form)", () => {
  it.each([
    ["weight", { weight: 1_000_000, purity: "24K", metal_type: "gold" }, "weight", `Ensure this value is less than or equal to ${DESIGN_LIMITS.weight}.`],
    ["band width", { band_width: "250" }, "band_width", `Ensure this value is less than or equal to ${DESIGN_LIMITS.band_width}.`],
    ["length", { length: 1e12 }, "length", `Ensure this value is less than or equal to ${DESIGN_LIMITS.length}.`],
    ["height", { height: -1 }, "height", "Ensure this value is greater than or equal to 0."],
    ["budget", { budget: 5e9 }, "budget", `Ensure this value is less than or equal to ${DESIGN_LIMITS.budget}.`],
    ["carats", { stones: [{ stone_type: "Diamond", stone_carat: 1000 }] }, "stones.0.stone_carat", `Ensure this value is less than or equal to ${DESIGN_LIMITS.stone_carat}.`],
    ["quantity", { stones: [{ stone_type: "Diamond", quantity: 1_000_000 }] }, "stones.0.quantity", `Ensure this value is less than or equal to ${DESIGN_LIMITS.quantity}.`],
  ])("refuses an absurd %s with 400 and a field error, storing nothing", async (_what, figures, field, message) => {
    const c = await signUpCustomer(t);
    const res = await postForm(c, { ...VALID, ...figures });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
    expect(await designRowsOf(c.id)).toHaveLength(0);
  });

  it("takes every figure at its limit", async () => {
    const c = await signUpCustomer(t);
    const d = await created(c, {
      ...VALID,
      weight: DESIGN_LIMITS.weight,
      metal_type: "silver",
      band_width: DESIGN_LIMITS.band_width,
      length: DESIGN_LIMITS.length,
      width: DESIGN_LIMITS.width,
      height: DESIGN_LIMITS.height,
      budget: DESIGN_LIMITS.budget,
      stones: [{ stone_type: "Pearl", stone_carat: 2, quantity: 500 }],
    });
    expect(d).toMatchObject({ weight: DESIGN_LIMITS.weight, band_width: DESIGN_LIMITS.band_width, budget: DESIGN_LIMITS.budget });
    expect(d.estimate).not.toBeNull();
  });

  it("refuses a design whose estimate cannot be given, before its images are processed, storing nothing", async () => {
    const c = await signUpCustomer(t);
    // Each figure is within its limit; together they come to billions of rupees.
    const stones = Array.from({ length: 5 }, () => ({ stone_type: "Diamond", stone_carat: 400, stone_color: "D", stone_clarity: "IF", quantity: 2000 }));
    const res = await postForm(c, { ...VALID, stones }, [{ filename: "ring.jpg", data: await jpeg(64, 64) }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [TOO_LARGE_ESTIMATE] });
    expect(await designRowsOf(c.id)).toHaveLength(0);
    expect(await orderRowsOf(c.id)).toHaveLength(0);
    expect(storedFiles(c.id)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it("refuses an edit that would make the estimate impossible, keeping the design and its estimate as they were", async () => {
    const c = await signUpCustomer(t);
    const d = await created(c);
    const stones = [{ stone_type: "Diamond", stone_carat: 500, stone_color: "D", stone_clarity: "FL", quantity: 2000 }];
    const res = await authedInject(t, c.token, { method: "PUT", url: `/api/designs/${d.id}/`, ...designForm({ ...VALID, name: "Changed", stones }) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [TOO_LARGE_ESTIMATE] });
    const after = await authedInject(t, c.token, { method: "GET", url: `/api/designs/${d.id}/` });
    expect(after.json<Design>()).toMatchObject({ name: VALID.name, stones: [], estimate: d.estimate });
  });
});

describe("quote amounts are bounded", () => {
  it("refuses a quote whose lines add up to more than the ceiling, and takes one at it", async () => {
    const c = await signUpCustomer(t);
    const staff = await createStaff(t);
    const orderId = (await created(c)).order?.id ?? "";
    const issue = (amounts: string[]) =>
      authedInject(t, staff.token, {
        method: "POST",
        url: `/api/staff/orders/${orderId}/quotes/`,
        payload: { line_items: amounts.map((amount, i) => ({ label: `Line ${i + 1}`, amount })) },
      });
    const over = await issue(["60000000.00", "40000000.01"]);
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json()).toEqual({ amount: ["A quote can be for at most 100,000,000.00."] });
    const line = await issue(["100000000.01"]);
    expect(line.statusCode, line.body).toBe(400);
    expect(Object.keys(line.json<object>())).toEqual(["line_items.0.amount"]);
    const at = await issue(["60000000.00", "40000000.00"]);
    expect(at.statusCode, at.body).toBe(201);
  });
});

describe("the link save reads figures without flipping their sign (item 5)", () => {
  const LINK = { name: "Shop ring", design_type: "Ring", metal: "18K Gold", budget: "450 USD" };

  it.each([
    ["weight", { weight: "-5" }, { weight: ["The weight cannot be negative."] }],
    ["weight with a unit", { weight: "−3.5 g" }, { weight: ["The weight cannot be negative."] }],
    ["band width", { band_width: "-2 mm" }, { band_width: ["The band width cannot be negative."] }],
    ["price", { budget: "-450 USD" }, { budget: ["The price cannot be negative."] }],
    ["price after its currency", { budget: "USD -450" }, { budget: ["The price cannot be negative."] }],
    ["carats", { stones: "1 x Diamond -0.5ct G VS1" }, { stones: ["Stone 1: a carat weight cannot be negative."] }],
  ])("refuses a negative %s (400), storing nothing", async (_what, figures, errors) => {
    const c = await signUpCustomer(t);
    const res = await post(c, { ...LINK, ...figures });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(errors);
    expect(await designRowsOf(c.id)).toHaveLength(0);
  });

  it.each([
    ["weight", { weight: "5 kg" }, { weight: [`The weight can be at most ${DESIGN_LIMITS.weight.toLocaleString("en-US")} g.`] }],
    ["length", { length: "2 m" }, {}],
    ["height", { height: "200 cm" }, { height: [`The height can be at most ${DESIGN_LIMITS.height.toLocaleString("en-US")} mm.`] }],
    ["price", { budget: "$ 2,000,000,000" }, { budget: ["The price can be at most 100,000,000."] }],
    ["carats", { stones: "2 x Diamond 600 ct" }, { stones: [`Stone 1: a stone can weigh at most ${DESIGN_LIMITS.stone_carat} ct.`] }],
    ["quantity", { stones: "9999 x Diamond 0.1 ct" }, { stones: [`Stone 1: at most ${DESIGN_LIMITS.quantity.toLocaleString("en-US")} stones of a kind.`] }],
  ])("refuses a %s beyond its limit (400) or leaves an unknown unit unread", async (_what, figures, errors) => {
    const c = await signUpCustomer(t);
    const res = await post(c, { ...LINK, ...figures });
    if (Object.keys(errors).length === 0) {
      // "2 m": metres are not a unit the reader guesses, so the length stays unread (the text is kept).
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Design>().length).toBeNull();
      return;
    }
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(errors);
    expect(await designRowsOf(c.id)).toHaveLength(0);
  });

  it("reads a range or a dash between words as the positive figure it is", async () => {
    const c = await signUpCustomer(t);
    const res = await post(c, { ...LINK, weight: "5-6 g", band_width: "approx - 2.5 mm", stones: "Diamond - 0.5 ct" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Design>()).toMatchObject({ weight: 5, band_width: 2.5, stones: [{ stone_type: "Diamond", stone_carat: 0.5 }] });
  });

  it("refuses a link design whose estimate cannot be given", async () => {
    const c = await signUpCustomer(t);
    const res = await post(c, { ...LINK, budget: "₹45,000", stones: "2000 x Diamond 450 ct D IF; 2000 x Diamond 450 ct D IF" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [TOO_LARGE_ESTIMATE] });
    expect(await designRowsOf(c.id)).toHaveLength(0);
  });
});

describe("one row stored before the limits does not break any list", () => {
  it("lists, opens and queues the other rows; the bad row shows without an estimate", async () => {
    const c = await signUpCustomer(t);
    const staff = await createStaff(t);
    const good = await created(c, { ...VALID, name: "Good ring", weight: 4 });
    const bad = await created(c, { ...VALID, name: "Absurd ring", weight: 4 });
    // As the API wrote it before the limits: a 1 000 000 g 24K ring and an estimate beyond any amount.
    await t.database.db.update(designs).set({ weight: 1_000_000, purity: "24K", metalType: "gold" }).where(eq(designs.id, bad.id));
    await t.database.db.execute(
      sql`update orders set estimate = jsonb_set(jsonb_set(jsonb_set(estimate, '{point}', '"11400000000.00"'), '{low}', '"10260000000.00"'), '{high}', '"13110000000.00"') where design_id = ${bad.id}`,
    );
    const badOrderId = bad.order?.id ?? "";
    const goodOrderId = good.order?.id ?? "";

    const list = await authedInject(t, c.token, { method: "GET", url: "/api/designs/" });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<Paginated<Design>>().results;
    expect(rows.map((d) => [d.name, d.estimate === null]).sort()).toEqual([
      ["Absurd ring", true],
      ["Good ring", false],
    ]);
    const one = await authedInject(t, c.token, { method: "GET", url: `/api/designs/${bad.id}/` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Design>()).toMatchObject({ weight: 1_000_000, estimate: null });

    const customerOrders = await authedInject(t, c.token, { method: "GET", url: "/api/orders/" });
    expect(customerOrders.statusCode, customerOrders.body).toBe(200);
    const summaries = customerOrders.json<Paginated<OrderSummary>>().results;
    expect(summaries).toHaveLength(2);
    expect(summaries.find((o) => o.id === badOrderId)?.estimate_point).toBeNull();
    expect(summaries.find((o) => o.id === goodOrderId)?.estimate_point).toBe(good.estimate?.point);

    for (const token of [c.token, staff.token]) {
      const page = await authedInject(t, token, { method: "GET", url: `/api/orders/${badOrderId}/` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json<Order>().estimate).toBeNull();
    }
    const pdf = await authedInject(t, c.token, { method: "GET", url: `/api/orders/${badOrderId}/details.pdf` });
    expect(pdf.statusCode, pdf.body).toBe(200);

    for (const url of ["/api/staff/orders/", "/api/staff/orders/?group=new", "/api/staff/orders/?group=new&sort=waiting", "/api/staff/orders/?status=initiated"]) {
      const res = await authedInject(t, staff.token, { method: "GET", url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      const ids = res.json<Paginated<OrderSummary>>().results.map((o) => o.id);
      expect(ids).toEqual(expect.arrayContaining([badOrderId, goodOrderId]));
    }

    // The pricing preview says why it cannot price the design (it was a 500).
    const admin = await createStaff(t, "admin");
    const tables = (await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/" })).json<{ tables: object }>().tables;
    const preview = await authedInject(t, admin.token, { method: "POST", url: "/api/staff/pricing/preview/", payload: { design_id: bad.id, tables } });
    expect(preview.statusCode, preview.body).toBe(400);
    expect(preview.json()).toEqual({ design_id: [TOO_LARGE_ESTIMATE] });

    // Staff can still quote it by hand.
    const quote = await authedInject(t, staff.token, {
      method: "POST",
      url: `/api/staff/orders/${badOrderId}/quotes/`,
      payload: { line_items: [{ label: "Ring, by hand", amount: "25000.00" }] },
    });
    expect(quote.statusCode, quote.body).toBe(201);
  });
});

describe("the start-up backfill of orders", () => {
  it("leaves a design whose estimate cannot be given without an order, and still backfills the others", async () => {
    const c = await signUpCustomer(t);
    const [absurd, plain] = await t.database.db
      .insert(designs)
      .values([
        { userId: c.id, name: "Old absurd ring", designType: "ring", weight: 1_000_000, metalType: "gold", purity: "24K" },
        { userId: c.id, name: "Old plain ring", designType: "ring", weight: 4 },
      ])
      .returning();
    await expect(t.services.orders.backfill()).resolves.toBeGreaterThanOrEqual(1);
    const byDesign = new Map((await orderRowsOf(c.id)).map((o) => [o.designId, o]));
    expect(byDesign.has(plain?.id ?? "")).toBe(true);
    expect(byDesign.has(absurd?.id ?? "")).toBe(false);
    const list = await authedInject(t, c.token, { method: "GET", url: "/api/designs/" });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<Paginated<Design>>().results.find((d) => d.id === absurd?.id)).toMatchObject({ order: null, estimate: null });
  });
});
