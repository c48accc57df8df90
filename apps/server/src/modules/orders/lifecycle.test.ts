import { designDetailsSchema, type CadDesign, type DashboardData, type Design, type Notification, type Order, type Paginated, type Payment, type Quote } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { designForm, jpeg, signUpCustomer } from "../uploads/test-support.ts";
import { chooseAddress, getOrder, issueQuote, post, staffToken, stl, submitDesign, toApproved, uploadCad } from "./test-support.ts";

const MONEY = /^\d+\.\d{2}$/;

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffToken(t);
});
afterAll(async () => {
  await t.close();
});

describe("submitting a design", () => {
  it("creates the design's order in initiated, numbered JW-YYYY-NNNNNN, with an instant estimate", async () => {
    const s = await submitDesign(t);
    expect(s.design.order?.order_number).toMatch(new RegExp(`^JW-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(s.design.order?.status).toBe("initiated");
    expect(s.design.editable).toBe(true);
    const est = s.design.estimate;
    expect(est?.lines.length).toBeGreaterThan(3);
    expect(est?.point).toMatch(MONEY);
    expect(Number(est?.low)).toBeLessThan(Number(est?.point));
    expect(Number(est?.high)).toBeGreaterThan(Number(est?.point));

    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order).toMatchObject({
      status: "initiated",
      progress: 10,
      quoted_price: null,
      order_type: "Product link",
      amount_paid: "0.00",
      balance_due: null,
      payment_due: null,
    });
    expect(order.design.name).toBe("Solitaire ring");
    expect(order.design.metal).toBe("18K Yellow Gold");
    expect(order.estimate).toEqual(est);
    expect(order.events.map((e) => [e.type, e.to_status])).toEqual([["created", "initiated"]]);

    const list = await authedInject(t, s.customer.token, { method: "GET", url: "/api/orders/" });
    expect(list.json<Paginated<{ id: string }>>().results.map((o) => o.id)).toEqual([s.orderId]);
  });

  it("does the same for the custom form (multipart), in the design's currency", async () => {
    const c = await signUpCustomer(t);
    const form = designForm(
      {
        name: "Tennis bracelet",
        description: "Lab diamonds",
        design_type: "bracelet",
        metal_type: "gold",
        purity: "14K",
        weight: 12,
        currency: "USD",
        style: "Classic",
        setting_type: "Four-prong",
        band_width: 3.5,
        design_features: "Engraving on the clasp: “M & A”",
        stones: [{ stone_type: "Diamond", stone_carat: 0.05, position: "Line", quantity: 40 }],
        length: 180,
        size: "7 inch wrist",
        budget: 2400,
        special_requests: "Keep the settings low",
      },
      [{ filename: "ref.jpg", data: await jpeg() }],
    );
    const res = await authedInject(t, c.token, { method: "POST", url: "/api/designs/", payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(201);
    const design = res.json<Design>();
    expect(design.estimate?.currency).toBe("USD");
    const order = await getOrder(t, c.token, design.order?.id ?? "");
    expect(order.order_type).toBe("Custom design");
    expect(order.design.images).toHaveLength(1);
    // Staff see every field the customer filled in, as the design's own answer carries them.
    const asStaff = await getOrder(t, staff, order.id);
    expect(asStaff.design.details).toEqual(designDetailsSchema.parse(design));
    expect(asStaff.design.details).toMatchObject({ style: "Classic", band_width: 3.5, special_requests: "Keep the settings low", budget: 2400, length: 180 });
  });

  it("numbers orders uniquely when many designs are submitted at once", async () => {
    const c = await signUpCustomer(t);
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => submitDesign(t, c, { name: `Ring ${i}` })));
    const numbers = made.map((m) => m.design.order?.order_number);
    expect(new Set(numbers).size).toBe(8);
  });
});

describe("the whole lifecycle through the API", () => {
  it("goes from quote to completed, with events, notifications and e-mails at each step", async () => {
    const s = await submitDesign(t);
    const { token } = s.customer;

    // Quote: order → quoted, e-mail with both parts.
    const quote = await issueQuote(t, staff, s.orderId, { advance_percent: 40, note: "Includes IGI certificate" });
    expect(quote).toMatchObject({
      amount: "100000.00",
      advance_percent: 40,
      advance_amount: "40000.00",
      balance_amount: "60000.00",
      status: "pending",
      currency: "USD",
    });
    let order = await getOrder(t, token, s.orderId);
    expect(order.status).toBe("quoted");
    expect(order.quoted_price).toBe("100000.00");
    await t.services.orders.drain();
    const quoteMail = t.mailer.sent.find((m) => m.subject.includes(s.design.order?.order_number ?? "?") && /quote/i.test(m.subject));
    expect(quoteMail?.html).toContain("<html");
    expect(quoteMail?.text).toContain(s.design.order?.order_number);

    // Accept: the advance is due, with instructions.
    expect((await post(t, token, `/api/quotes/${quote.id}/accept/`)).json<Quote>().status).toBe("accepted");
    order = await getOrder(t, token, s.orderId);
    expect(order.payment_due).toMatchObject({ kind: "advance", amount: "40000.00", awaiting_confirmation: false });
    expect(order.payment_due?.instructions.lines.join(" ")).toContain(order.order_number);

    // Balance before the advance: refused.
    const early = await post(t, token, `/api/orders/${s.orderId}/payments/`, { kind: "balance", reference: "UTR1" });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: "The balance can be paid once the advance is confirmed." });

    const declared = await post(t, token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR-ADV-77" });
    expect(declared.statusCode).toBe(201);
    expect(declared.json()).toMatchObject({
      kind: "advance",
      amount: "40000.00",
      amount_due: "40000.00",
      status: "pending",
      provider: "manual",
    });
    const again = await post(t, token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR-ADV-78" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: "Your advance payment is already waiting for our confirmation." });

    // Confirm twice: one event, one move to approved (idempotent).
    const paymentId = declared.json<Payment>().id;
    const [c1, c2] = [
      await post(t, staff, `/api/staff/payments/${paymentId}/confirm/`),
      await post(t, staff, `/api/staff/payments/${paymentId}/confirm/`),
    ];
    expect([c1.statusCode, c2.statusCode]).toEqual([200, 200]);
    expect(c2.json<Payment>().status).toBe("confirmed");
    order = await getOrder(t, token, s.orderId);
    expect(order.status).toBe("approved");
    expect(order.amount_paid).toBe("40000.00");
    expect(order.balance_due).toBe("60000.00");
    expect(order.events.filter((e) => e.type === "payment_confirmed")).toHaveLength(1);

    // CAD: version 1 with an image and an STL; order → cad_design; e-mail.
    const up = await uploadCad(t, staff, s.orderId, { model: { filename: "ring.stl", data: stl() } });
    expect(up.statusCode).toBe(201);
    const cad = up.json<CadDesign>();
    expect(cad).toMatchObject({
      version: 1,
      is_approved: false,
      description: "Version with a cathedral setting",
      model: { format: "stl", file_name: "ring.stl" },
    });
    expect(cad.images).toHaveLength(1);
    const modelFile = await t.app.inject({ method: "GET", url: (cad.model?.url ?? "").replace("http://app.test", "") });
    expect(modelFile.statusCode).toBe(200);
    expect(modelFile.headers["content-type"]).toBe("model/stl");
    order = await getOrder(t, token, s.orderId);
    expect(order.status).toBe("cad_design");
    expect(order.cad_designs.map((c) => c.version)).toEqual([1]);

    // A second version gets number 2 and leaves the order in cad_design.
    const v2 = (await uploadCad(t, staff, s.orderId, { description: "Thinner band" })).json<CadDesign>();
    expect(v2).toMatchObject({ version: 2, status: "pending_approval" });
    expect(cad.status).toBe("pending_approval");

    // Version 2 supersedes version 1, which can no longer be approved.
    order = await getOrder(t, token, s.orderId);
    expect(order.cad_designs.map((c) => [c.version, c.status])).toEqual([
      [1, "superseded"],
      [2, "pending_approval"],
    ]);
    const older = await post(t, token, `/api/cad-designs/${cad.id}/approve/`);
    expect(older.statusCode).toBe(409);
    expect(older.json()).toEqual({ detail: "Version 1 is superseded by version 2: only the newest version can be approved." });
    expect((await getOrder(t, token, s.orderId)).status).toBe("cad_design");

    // The customer approves version 2; staff cannot approve for them.
    expect((await post(t, staff, `/api/cad-designs/${v2.id}/approve/`)).statusCode).toBe(403);
    const approved = await post(t, token, `/api/cad-designs/${v2.id}/approve/`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<CadDesign>()).toMatchObject({ is_approved: true, status: "approved" });
    const twice = await post(t, token, `/api/cad-designs/${v2.id}/approve/`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: "Version 2 is already approved." });
    const late = await post(t, token, `/api/cad-designs/${cad.id}/approve/`);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ detail: string }>().detail).toBe("Version 1 is superseded by version 2: only the newest version can be approved.");
    // Customer and staff read the same statuses.
    for (const who of [token, staff]) {
      expect((await getOrder(t, who, s.orderId)).cad_designs.map((c) => [c.version, c.status])).toEqual([
        [1, "superseded"],
        [2, "approved"],
      ]);
    }

    // Comments both ways; staff's reply notifies the customer.
    const comment = await post(t, token, `/api/orders/${s.orderId}/comments/`, { text: "  Could the band be 2 mm?  " });
    expect(comment.statusCode).toBe(201);
    expect(comment.json()).toMatchObject({ text: "Could the band be 2 mm?", user: { role: "customer" } });
    expect((await post(t, token, `/api/orders/${s.orderId}/comments/`, { text: "   " })).statusCode).toBe(400);
    expect((await post(t, staff, `/api/orders/${s.orderId}/comments/`, { text: "Yes, noted." })).json()).toMatchObject({
      user: { role: "staff" },
    });

    // Production.
    const move = (to: string, extra: Record<string, string> = {}) =>
      post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to, ...extra });
    expect((await move("manufacturing")).statusCode).toBe(200);
    expect((await move("quality_check")).statusCode).toBe(200);
    const notPaid = await move("ready_to_ship");
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json<{ detail: string }>().detail).toContain("before the balance is confirmed");
    await chooseAddress(t, token, s.orderId);
    const balance = await post(t, token, `/api/orders/${s.orderId}/payments/`, { kind: "balance", reference: "UTR-BAL-1" });
    expect(balance.json()).toMatchObject({ kind: "balance", amount: "60000.00" });
    await post(t, staff, `/api/staff/payments/${balance.json<Payment>().id}/confirm/`);
    expect((await move("ready_to_ship")).statusCode).toBe(200);
    const noTracking = await move("shipped", { carrier: "BlueDart" });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json()).toEqual({ tracking_number: ["Enter the tracking number."] });
    const shipped = await move("shipped", { carrier: "BlueDart", tracking_number: "BD123456789IN" });
    expect(shipped.json<Order>().shipment).toEqual({ carrier: "BlueDart", tracking_number: "BD123456789IN" });
    expect((await move("delivered")).statusCode).toBe(200);
    const done = await post(t, token, `/api/orders/${s.orderId}/confirm-delivery/`);
    expect(done.json<Order>()).toMatchObject({
      status: "completed",
      progress: 100,
      amount_paid: "100000.00",
      balance_due: "0.00",
      payment_due: null,
    });

    // History, the design's status, notifications, e-mails.
    order = await getOrder(t, token, s.orderId);
    expect(order.events.filter((e) => e.type === "status_change").map((e) => e.to_status)).toEqual([
      "quoted",
      "approved",
      "cad_design",
      "cad_approved",
      "manufacturing",
      "quality_check",
      "ready_to_ship",
      "shipped",
      "delivered",
      "completed",
    ]);
    expect(order.events.find((e) => e.to_status === "manufacturing")?.actor).toMatchObject({ role: "staff" });
    const design = (await authedInject(t, token, { method: "GET", url: `/api/designs/${s.design.id}/` })).json<Design>();
    expect(design.status).toBe("completed");
    const page = async (n: number) =>
      (await authedInject(t, token, { method: "GET", url: `/api/notifications/?page=${n}` })).json<Paginated<Notification>>();
    const notes = { results: [...(await page(1)).results, ...(await page(2)).results] };
    const titles = notes.results.map((n) => n.title).join(" | ");
    expect(titles).toContain("quote");
    expect(titles).toContain("Advance received");
    expect(titles).toContain("CAD design version 1 is ready");
    expect(titles).toContain("Shipped");
    expect(notes.results.some((n) => n.type === "staff_reply")).toBe(true);
    await t.services.orders.drain();
    const subjects = t.mailer.sent.filter((m) => m.text.includes(order.order_number)).map((m) => m.subject);
    const n = order.order_number;
    // Sent after their commits, in whatever order they finish rendering.
    expect(subjects.sort()).toEqual(
      [
        `Your quote for order ${n}`,
        `Payment received for order ${n}`,
        `CAD design ready for order ${n}`,
        `New reply on order ${n}`,
        `CAD design ready for order ${n}`,
        `Payment received for order ${n}`,
        `Your order ${n} is in production`,
        `Your order ${n} is in its quality check`,
        `Your order ${n} is ready to ship`,
        `Your order ${n} has shipped`,
        `Your order ${n} has been delivered`,
      ].sort(),
    );
    for (const m of t.mailer.sent.filter((x) => x.text.includes(order.order_number))) {
      expect(m.html.length).toBeGreaterThan(200);
      expect(m.text.length).toBeGreaterThan(20);
    }

    // The dashboard reads it all.
    const dash = (await authedInject(t, token, { method: "GET", url: "/api/dashboard-data/" })).json<DashboardData>();
    expect(dash).toMatchObject({ total_orders: 1, active_orders: 0, total_designs: 1 });
    expect(dash.recent_orders[0]).toMatchObject({ order_number: order.order_number, status: "completed", quoted_price: "100000.00" });
    expect(dash.activity_items.some((a) => a.type === "comment")).toBe(true);
    expect(dash.activity_items[0]).toMatchObject({ type: "status_change", status: "completed", title: "Status changed to Completed" });
  });

  it("serves the order as a real PDF", async () => {
    const s = await submitDesign(t);
    const res = await authedInject(t, s.customer.token, { method: "GET", url: `/api/orders/${s.orderId}/details.pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("quotes", () => {
  it("declining sends the order back to initiated with the reason in its history", async () => {
    const s = await submitDesign(t);
    const q = await issueQuote(t, staff, s.orderId);
    const res = await post(t, s.customer.token, `/api/quotes/${q.id}/decline/`, { reason: "Over my budget" });
    expect(res.json<Quote>()).toMatchObject({ status: "declined", decline_reason: "Over my budget" });
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.status).toBe("initiated");
    expect(order.quoted_price).toBeNull();
    expect(order.events.at(-1)).toMatchObject({
      type: "status_change",
      from_status: "quoted",
      to_status: "initiated",
      note: "Quote declined: Over my budget",
    });
    const accept = await post(t, s.customer.token, `/api/quotes/${q.id}/accept/`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toEqual({ detail: "This quote has already been declined." });
  });

  it("a quote past its validity reads as expired, cannot be accepted, and the order goes back to initiated", async () => {
    const s = await submitDesign(t);
    const q = await issueQuote(t, staff, s.orderId, { valid_until: new Date(t.clock.now().getTime() + 5000).toISOString() });
    expect(q.status).toBe("pending");
    t.clock.advance(6000);
    const read = await authedInject(t, s.customer.token, { method: "GET", url: `/api/quotes/${q.id}/` });
    expect(read.json<Quote>().status).toBe("expired");
    const accept = await post(t, s.customer.token, `/api/quotes/${q.id}/accept/`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json<{ detail: string }>().detail).toMatch(
      /^This quote expired on \d{4}-\d{2}-\d{2}\. Ask us for a new one in the order's comments\.$/,
    );
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.status).toBe("initiated");
    expect(order.events.at(-1)?.note).toContain("Quote expired");
    const expiredList = (await authedInject(t, s.customer.token, { method: "GET", url: "/api/quotes/?status=expired" })).json<
      Paginated<Quote>
    >();
    expect(expiredList.results.map((x) => x.id)).toEqual([q.id]);
  });

  it("tells the customer once when a quote has less than two days left", async () => {
    const s = await submitDesign(t);
    await issueQuote(t, staff, s.orderId, { valid_days: 3 });
    const expiring = async () =>
      (await authedInject(t, s.customer.token, { method: "GET", url: "/api/notifications/" }))
        .json<Paginated<Notification>>()
        .results.filter((n) => n.type === "quote_expiring");
    expect(await expiring()).toHaveLength(0);
    t.clock.advance(25 * 3600 * 1000);
    await getOrder(t, s.customer.token, s.orderId);
    expect(await expiring()).toHaveLength(1);
    await t.services.orders.sweep();
    expect((await expiring())[0]?.title).toBe("Your quote for Solitaire ring expires soon");
    expect(await expiring()).toHaveLength(1);
  });

  it("a new quote replaces a pending one; a quote in the past or with a wrong total is refused", async () => {
    const s = await submitDesign(t);
    const first = await issueQuote(t, staff, s.orderId);
    const second = await issueQuote(t, staff, s.orderId, { line_items: [{ label: "All in", amount: "90000" }] });
    const quotes = (await authedInject(t, s.customer.token, { method: "GET", url: "/api/quotes/" })).json<Paginated<Quote>>().results;
    expect(quotes.map((q) => [q.id, q.status])).toEqual([
      [second.id, "pending"],
      [first.id, "expired"],
    ]);
    const past = await post(t, staff, `/api/staff/orders/${s.orderId}/quotes/`, {
      line_items: [{ label: "x", amount: "1" }],
      valid_until: "2001-01-01T00:00:00Z",
    });
    expect(past.json()).toEqual({ valid_until: ["The validity must end in the future."] });
    const wrong = await post(t, staff, `/api/staff/orders/${s.orderId}/quotes/`, {
      amount: "5.00",
      line_items: [{ label: "x", amount: "1" }],
    });
    expect(wrong.json()).toEqual({ amount: ["The amount must equal the sum of the line items (1.00)."] });
    const floaty = await post(t, staff, `/api/staff/orders/${s.orderId}/quotes/`, { line_items: [{ label: "x", amount: "1.005" }] });
    expect(floaty.statusCode).toBe(400);
  });
});

describe("refused moves answer 409 with a sentence", () => {
  it("refuses moves the lifecycle does not allow", async () => {
    const s = await submitDesign(t);
    const move = (to: string, extra: Record<string, string> = {}) =>
      post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to, ...extra });
    const early = await move("manufacturing");
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: `Order ${s.design.order?.order_number} is Initiated; it cannot move to Manufacturing.` });
    expect((await move("delivered")).statusCode).toBe(409);
    const notDelivered = await post(t, s.customer.token, `/api/orders/${s.orderId}/confirm-delivery/`);
    expect(notDelivered.statusCode).toBe(409);
    const unknown = await move("teleported");
    expect(unknown.statusCode).toBe(400);
    const cancelNoReason = await move("cancelled");
    expect(cancelNoReason.json()).toEqual({ note: ["Say why the order is cancelled."] });
  });

  it("lets the customer cancel before the advance, and not after", async () => {
    const a = await submitDesign(t);
    const cancelled = await post(t, a.customer.token, `/api/orders/${a.orderId}/cancel/`, { reason: "Changed my mind" });
    expect(cancelled.json<Order>()).toMatchObject({ status: "cancelled", progress: 0, cancel_reason: "Changed my mind" });
    const twice = await post(t, a.customer.token, `/api/orders/${a.orderId}/cancel/`, {});
    expect(twice.json()).toEqual({ detail: `Order ${a.design.order?.order_number} is already cancelled.` });

    const b = await submitDesign(t);
    await toApproved(t, staff, b);
    const late = await post(t, b.customer.token, `/api/orders/${b.orderId}/cancel/`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json<{ detail: string }>().detail).toContain("can no longer be cancelled online");
    // Staff may, with a reason.
    const byStaff = await post(t, staff, `/api/staff/orders/${b.orderId}/transition/`, {
      to: "cancelled",
      note: "Customer asked by phone",
    });
    expect(byStaff.json<Order>().status).toBe("cancelled");
  });

  it("a rejected payment can be declared again, and cannot then be confirmed", async () => {
    const s = await submitDesign(t);
    const q = await issueQuote(t, staff, s.orderId);
    await post(t, s.customer.token, `/api/quotes/${q.id}/accept/`);
    const p1 = (
      await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "WRONG-REF" })
    ).json<Payment>();
    const rejected = await post(t, staff, `/api/staff/payments/${p1.id}/reject/`, { reason: "No transfer with this reference" });
    expect(rejected.json<Payment>()).toMatchObject({ status: "rejected", rejection_reason: "No transfer with this reference" });
    expect((await post(t, staff, `/api/staff/payments/${p1.id}/confirm/`)).statusCode).toBe(409);
    expect((await post(t, staff, `/api/staff/payments/${p1.id}/reject/`, {})).statusCode).toBe(400);
    const p2 = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "RIGHT-REF" });
    expect(p2.statusCode).toBe(201);
    const list = (await authedInject(t, s.customer.token, { method: "GET", url: `/api/orders/${s.orderId}/payments/` })).json<
      Paginated<Payment>
    >();
    expect(list.results.map((p) => p.status)).toEqual(["rejected", "pending"]);
  });
});

describe("designs under an order", () => {
  it("can change while the order is initiated (re-estimated), and not once it is quoted", async () => {
    const s = await submitDesign(t, undefined, { weight: "2 g" });
    const before = s.design.estimate?.point;
    const edit = (weight: number) =>
      authedInject(t, s.customer.token, {
        method: "PUT",
        url: `/api/designs/${s.design.id}/`,
        payload: { name: "Solitaire ring", description: "Heavier", design_type: "ring", metal_type: "gold", purity: "18K", weight },
      });
    const edited = await edit(8);
    expect(edited.statusCode).toBe(200);
    expect(Number(edited.json<Design>().estimate?.point)).toBeGreaterThan(Number(before));

    await issueQuote(t, staff, s.orderId);
    const refused = await edit(9);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: `This design is part of order ${s.design.order?.order_number}, which is Quoted. To change it, ask for changes in the order's comments.`,
    });
    const del = await authedInject(t, s.customer.token, { method: "DELETE", url: `/api/designs/${s.design.id}/` });
    expect(del.statusCode).toBe(409);
    const design = (await authedInject(t, s.customer.token, { method: "GET", url: `/api/designs/${s.design.id}/` })).json<Design>();
    expect(design.editable).toBe(false);
  });

  it("keeps an order's images while it is past initiated, and deleting a design cancels its order", async () => {
    const c = await signUpCustomer(t);
    const form = designForm({ name: "Pendant", description: "Oval sapphire", design_type: "pendant" }, [
      { filename: "a.jpg", data: await jpeg() },
    ]);
    const design = (
      await authedInject(t, c.token, { method: "POST", url: "/api/designs/", payload: form.payload, headers: form.headers })
    ).json<Design>();
    const orderId = design.order?.id ?? "";
    await issueQuote(t, staff, orderId);
    const uploads = (await authedInject(t, c.token, { method: "GET", url: "/api/uploads/" })).json<
      Paginated<{ id: string; deletable: boolean }>
    >();
    expect(uploads.results[0]?.deletable).toBe(false);
    const delUpload = await authedInject(t, c.token, { method: "DELETE", url: `/api/uploads/${uploads.results[0]?.id}/` });
    expect(delUpload.statusCode).toBe(409);

    const other = await submitDesign(t, c);
    const gone = await authedInject(t, c.token, { method: "DELETE", url: `/api/designs/${other.design.id}/` });
    expect(gone.statusCode).toBe(204);
    const order = await getOrder(t, c.token, other.orderId);
    expect(order.status).toBe("cancelled");
    expect(order.cancel_reason).toBe("The design was deleted.");
    expect(order.design.name).toBe("Solitaire ring");
  });

  it("gives designs saved before orders existed their order at start (backfill)", async () => {
    const s = await submitDesign(t);
    await t.database.db.execute(sql`delete from orders where id = ${s.orderId}`);
    expect(await t.services.orders.backfill()).toBe(1);
    const design = (await authedInject(t, s.customer.token, { method: "GET", url: `/api/designs/${s.design.id}/` })).json<Design>();
    expect(design.order?.status).toBe("initiated");
    expect(design.order?.id).not.toBe(s.orderId);
    expect(await t.services.orders.backfill()).toBe(0);
  });
});

describe("CAD uploads", () => {
  it("refuse a model whose content is not what its name says, and a version without renderings", async () => {
    const s = await submitDesign(t);
    await toApproved(t, staff, s);
    const fake = await uploadCad(t, staff, s.orderId, {
      model: { filename: "ring.stl", data: Buffer.from("this is not a model at all, just text\n") },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ model: ["ring.stl is not a 3D model we can read (STL, OBJ, GLB, 3DM or STEP)."] });
    const lying = await uploadCad(t, staff, s.orderId, { model: { filename: "ring.obj", data: stl() } });
    expect(lying.json()).toEqual({ model: ["ring.obj is not a valid OBJ file."] });
    const noImages = await authedInject(t, staff, {
      method: "POST",
      url: `/api/staff/orders/${s.orderId}/cad-designs/`,
      payload: '--b\r\nContent-Disposition: form-data; name="description"\r\n\r\nx\r\n--b--\r\n',
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    expect(noImages.json()).toEqual({ images: ["Add at least one rendering of this version."] });
    expect((await getOrder(t, s.customer.token, s.orderId)).status).toBe("approved");
  });

  it("answer a broken multipart body with 400, never 500", async () => {
    const s = await submitDesign(t);
    await toApproved(t, staff, s);
    const url = `/api/staff/orders/${s.orderId}/cad-designs/`;
    const bodies: [string, string][] = [
      ["multipart/form-data", "--x\r\n"],
      ["multipart/form-data; boundary=", "--x\r\n"],
      ["multipart/form-data; boundary=wrong", '--right\r\nContent-Disposition: form-data; name="description"\r\n\r\nx\r\n--right--\r\n'],
      [
        "multipart/form-data; boundary=b",
        '--b\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      ],
    ];
    for (const [type, payload] of bodies) {
      const res = await authedInject(t, staff, { method: "POST", url, payload, headers: { "content-type": type } });
      expect(res.statusCode, type).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
    }
    expect((await getOrder(t, s.customer.token, s.orderId)).cad_designs).toEqual([]);
  });

  it("read Not approved on a cancelled order, which no version can be approved on", async () => {
    const s = await submitDesign(t);
    await toApproved(t, staff, s);
    const v1 = (await uploadCad(t, staff, s.orderId)).json<CadDesign>();
    await uploadCad(t, staff, s.orderId);
    const cancelled = await post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to: "cancelled", note: "The customer changed their mind." });
    expect(cancelled.statusCode).toBe(200);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.cad_designs.map((c) => [c.version, c.status])).toEqual([
      [1, "superseded"],
      [2, "not_approved"],
    ]);
    const late = await post(t, s.customer.token, `/api/cad-designs/${order.cad_designs[1]!.id}/approve/`);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ detail: string }>().detail).toContain("a CAD design can only be approved while the order is in CAD Design");
    expect((await post(t, s.customer.token, `/api/cad-designs/${v1.id}/approve/`)).statusCode).toBe(409);
  });

  it("refuse an upload before the advance is confirmed", async () => {
    const s = await submitDesign(t);
    const res = await uploadCad(t, staff, s.orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toContain("CAD versions are uploaded once the advance is confirmed");
  });
});

describe("time", () => {
  it("completes a delivered order by itself 7 days after delivery", async () => {
    const s = await submitDesign(t);
    await toApproved(t, staff, s);
    await uploadCad(t, staff, s.orderId);
    const cad = (await getOrder(t, s.customer.token, s.orderId)).cad_designs[0];
    await post(t, s.customer.token, `/api/cad-designs/${cad?.id}/approve/`);
    const move = (to: string, extra: Record<string, string> = {}) =>
      post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to, ...extra });
    await move("manufacturing");
    await move("quality_check");
    const order = await getOrder(t, s.customer.token, s.orderId);
    await chooseAddress(t, s.customer.token, s.orderId);
    const bal = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "balance", reference: "BAL" });
    await post(t, staff, `/api/staff/payments/${bal.json<Payment>().id}/confirm/`);
    await move("ready_to_ship");
    await move("shipped", { carrier: "India Post", tracking_number: "EE123" });
    await move("delivered");
    t.clock.advance(6 * 24 * 3600 * 1000);
    expect((await getOrder(t, s.customer.token, s.orderId)).status).toBe("delivered");
    t.clock.advance(2 * 24 * 3600 * 1000);
    const later = await getOrder(t, s.customer.token, s.orderId);
    expect(later.status).toBe("completed");
    expect(later.events.at(-1)).toMatchObject({ actor: null, note: "Completed automatically 7 days after delivery." });
    expect(order.order_number).toBe(later.order_number);
  });
});

describe("notifications", () => {
  it("marks one or all read, and another user's is a 404", async () => {
    const s = await submitDesign(t);
    await issueQuote(t, staff, s.orderId);
    await post(t, staff, `/api/orders/${s.orderId}/comments/`, { text: "We have a question about the size." });
    const list = (await authedInject(t, s.customer.token, { method: "GET", url: "/api/notifications/" })).json<
      Paginated<Notification> & { unread_count: number }
    >();
    expect(list.unread_count).toBe(2);
    const first = list.results[0];
    expect(first?.link).toBe(`/dashboard/orders/${s.orderId}`);
    const other = await signUpCustomer(t);
    expect((await post(t, other.token, `/api/notifications/${first?.id}/read/`)).statusCode).toBe(404);
    expect((await post(t, s.customer.token, `/api/notifications/${first?.id}/read/`)).json<Notification>().is_read).toBe(true);
    expect((await post(t, s.customer.token, "/api/notifications/read-all/")).json()).toEqual({ unread_count: 0 });
    const after = (await authedInject(t, s.customer.token, { method: "GET", url: "/api/notifications/" })).json<{ unread_count: number }>();
    expect(after.unread_count).toBe(0);
  });
});
