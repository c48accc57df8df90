import type { AuditEntry, AuthResponse, Payment } from "@atelier/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createStaff, type TestApp, buildTestApp } from "../../test/helpers.ts";
import type { AuditRecord } from "../audit/audit.service.ts";
import { chooseAddress, getOrder, issueQuote, post, stl, submitDesign, toApproved, uploadCad, type Submitted } from "./test-support.ts";

/** Every staff action on an order writes exactly its audit row, in the transaction of the change. */

let t: TestApp;
let staff: AuthResponse;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(t, "staff");
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The audit rows whose label holds the order's number, oldest first. */
async function rowsOf(s: Submitted): Promise<AuditEntry[]> {
  const number = s.design.order?.order_number ?? "";
  const page = await t.services.audit.list({ page: 1, search: number });
  return page.results.reverse();
}

const actor = () => ({ id: staff.user.id, name: expect.any(String) as string, email: staff.user.email });

describe("audit rows of staff order actions", () => {
  it("quote issued, then replaced: one row each, the replaced quote's amount as before; a refused quote writes none", async () => {
    const s = await submitDesign(t);
    const number = s.design.order?.order_number;
    const first = await issueQuote(t, staff.token, s.orderId, { advance_percent: 40, note: "Platinum prongs" });
    let rows = await rowsOf(s);
    expect(rows).toEqual([
      {
        id: expect.any(String) as string,
        action: "quote.issued",
        actor: actor(),
        target_type: "order",
        target_id: s.orderId,
        target_label: number,
        before: null,
        after: {
          quote_id: first.id,
          amount: "100000.00",
          currency: first.currency,
          advance_percent: "40.00",
          valid_until: first.valid_until,
        },
        created_at: expect.any(String) as string,
      },
    ]);

    const refused = await post(t, staff.token, `/api/staff/orders/${s.orderId}/quotes/`, {
      amount: "5.00",
      line_items: [{ label: "x", amount: "1" }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await rowsOf(s)).toHaveLength(1);

    const second = await issueQuote(t, staff.token, s.orderId, { line_items: [{ label: "All in", amount: "90000" }] });
    rows = await rowsOf(s);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      action: "quote.issued",
      before: { quote_id: first.id, amount: "100000.00", currency: first.currency },
      after: { quote_id: second.id, amount: "90000.00", advance_percent: "50.00" },
    });
  });

  it("payment confirmed once (an idempotent repeat writes none), payment rejected with its reason", async () => {
    const s = await submitDesign(t);
    const number = s.design.order?.order_number;
    await toApproved(t, staff.token, s);
    const advance = (await getOrder(t, s.customer.token, s.orderId)).payments[0] as Payment;
    expect((await post(t, staff.token, `/api/staff/payments/${advance.id}/confirm/`)).statusCode).toBe(200);
    const confirmed = (await rowsOf(s)).filter((r) => r.action.startsWith("payment."));
    expect(confirmed).toEqual([
      expect.objectContaining({
        action: "payment.confirmed",
        actor: actor(),
        target_type: "payment",
        target_id: advance.id,
        target_label: `${number} advance`,
        before: { status: "pending" },
        after: { order_id: s.orderId, status: "confirmed", amount: advance.amount, currency: advance.currency, reference: "UTR123456" },
      }),
    ]);

    // The balance, declared and rejected.
    await uploadCad(t, staff.token, s.orderId);
    const cad = (await getOrder(t, s.customer.token, s.orderId)).cad_designs[0];
    await post(t, s.customer.token, `/api/cad-designs/${cad?.id}/approve/`);
    await chooseAddress(t, s.customer.token, s.orderId);
    const balance = (
      await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "balance", reference: "UTR-BAL-1" })
    ).json<Payment>();
    const rejected = await post(t, staff.token, `/api/staff/payments/${balance.id}/reject/`, { reason: "Nothing arrived" });
    expect(rejected.statusCode).toBe(200);
    expect((await post(t, staff.token, `/api/staff/payments/${balance.id}/reject/`, { reason: "Again" })).statusCode).toBe(200);
    const decisions = (await rowsOf(s)).filter((r) => r.action.startsWith("payment."));
    expect(decisions.map((r) => r.action)).toEqual(["payment.confirmed", "payment.rejected"]);
    expect(decisions[1]).toMatchObject({
      target_id: balance.id,
      target_label: `${number} balance`,
      before: { status: "pending" },
      after: { status: "rejected", reference: "UTR-BAL-1", reason: "Nothing arrived" },
    });
  });

  it("CAD uploaded with version, image count and model format; an upload refused for a bad model file writes none", async () => {
    const s = await submitDesign(t);
    await toApproved(t, staff.token, s);
    const before = (await rowsOf(s)).length;
    const bad = await uploadCad(t, staff.token, s.orderId, { model: { filename: "ring.stl", data: Buffer.from("not a model\n") } });
    expect(bad.statusCode).toBe(400);
    expect(await rowsOf(s)).toHaveLength(before);

    const up = await uploadCad(t, staff.token, s.orderId, { model: { filename: "ring.stl", data: stl() } });
    expect(up.statusCode).toBe(201);
    const cadId = up.json<{ id: string }>().id;
    const rows = await rowsOf(s);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      action: "cad.uploaded",
      actor: actor(),
      target_type: "cad_design",
      target_id: cadId,
      target_label: `${s.design.order?.order_number} CAD v1`,
      before: null,
      after: { order_id: s.orderId, version: 1, image_count: 1, model_format: "stl" },
    });
    await uploadCad(t, staff.token, s.orderId);
    expect((await rowsOf(s)).at(-1)?.after).toEqual({ order_id: s.orderId, version: 2, image_count: 1, model_format: null });
  });

  it("order moved with status, carrier, tracking and note; a refused (409) move writes none", async () => {
    const s = await submitDesign(t);
    await toApproved(t, staff.token, s);
    const move = (to: string, extra: Record<string, string> = {}) =>
      post(t, staff.token, `/api/staff/orders/${s.orderId}/transition/`, { to, ...extra });
    const count = (await rowsOf(s)).length;
    const refused = await move("shipped", { carrier: "BlueDart", tracking_number: "BD1" });
    expect(refused.statusCode).toBe(409);
    expect(await rowsOf(s)).toHaveLength(count);

    await uploadCad(t, staff.token, s.orderId);
    const cad = (await getOrder(t, s.customer.token, s.orderId)).cad_designs[0];
    await post(t, s.customer.token, `/api/cad-designs/${cad?.id}/approve/`);
    expect((await move("manufacturing", { note: "Casting Monday" })).statusCode).toBe(200);
    const moved = (await rowsOf(s)).filter((r) => r.action === "order.moved");
    expect(moved).toEqual([
      expect.objectContaining({
        actor: actor(),
        target_type: "order",
        target_id: s.orderId,
        target_label: s.design.order?.order_number,
        before: { status: "cad_approved" },
        after: { status: "manufacturing", note: "Casting Monday" },
      }),
    ]);

    // Through to shipped: the balance first, then carrier and tracking in the row.
    expect((await move("quality_check")).statusCode).toBe(200);
    await chooseAddress(t, s.customer.token, s.orderId);
    const balance = (
      await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "balance", reference: "UTR-BAL-2" })
    ).json<Payment>();
    await post(t, staff.token, `/api/staff/payments/${balance.id}/confirm/`);
    expect((await move("ready_to_ship")).statusCode).toBe(200);
    expect((await move("shipped", { carrier: "BlueDart", tracking_number: "BD123456" })).statusCode).toBe(200);
    const shipped = (await rowsOf(s)).filter((r) => r.action === "order.moved").at(-1);
    expect([shipped?.before, shipped?.after]).toEqual([
      { status: "ready_to_ship" },
      { status: "shipped", carrier: "BlueDart", tracking_number: "BD123456" },
    ]);
  });

  it("order cancelled by staff (a move or the cancel call) with the reason; the customer's own cancel writes none", async () => {
    const a = await submitDesign(t);
    await toApproved(t, staff.token, a);
    await post(t, staff.token, `/api/staff/orders/${a.orderId}/transition/`, { to: "cancelled", note: "Customer asked by phone" });
    expect((await rowsOf(a)).filter((r) => r.action === "order.cancelled")).toEqual([
      expect.objectContaining({
        actor: actor(),
        target_id: a.orderId,
        before: { status: "approved" },
        after: { status: "cancelled", reason: "Customer asked by phone" },
      }),
    ]);
    expect((await rowsOf(a)).some((r) => r.action === "order.moved")).toBe(false);

    const b = await submitDesign(t);
    const byStaff = await post(t, staff.token, `/api/orders/${b.orderId}/cancel/`, { reason: "Duplicate order" });
    expect(byStaff.statusCode).toBe(200);
    expect((await rowsOf(b)).map((r) => [r.action, r.after])).toEqual([
      ["order.cancelled", { status: "cancelled", reason: "Duplicate order" }],
    ]);

    const c = await submitDesign(t);
    await post(t, c.customer.token, `/api/orders/${c.orderId}/cancel/`, { reason: "Changed my mind" });
    expect(await rowsOf(c)).toEqual([]);
  });

  it("a staff reply writes comment.staff_reply; the customer's comment writes none", async () => {
    const s = await submitDesign(t);
    await post(t, s.customer.token, `/api/orders/${s.orderId}/comments/`, { text: "Can it be rose gold?" });
    expect(await rowsOf(s)).toEqual([]);
    const reply = await post(t, staff.token, `/api/orders/${s.orderId}/comments/`, { text: "Yes, at the same price." });
    expect(reply.statusCode).toBe(201);
    expect(await rowsOf(s)).toEqual([
      expect.objectContaining({
        action: "comment.staff_reply",
        actor: actor(),
        target_type: "order",
        target_id: s.orderId,
        before: null,
        after: { comment_id: reply.json<{ id: string }>().id, text: "Yes, at the same price." },
      }),
    ]);
  });
});

describe("a failure after the change, inside the transaction", () => {
  /** The next audit row is written, then the transaction fails: the change and the row go together. */
  function failAfterRecording() {
    const record = t.services.audit.record.bind(t.services.audit);
    return vi.spyOn(t.services.audit, "record").mockImplementationOnce(async (tx, entries: AuditRecord | AuditRecord[]) => {
      await record(tx, entries);
      throw new Error("forced failure after the audit row");
    });
  }

  it("rolls back a payment confirmation and its row", async () => {
    const s = await submitDesign(t);
    const quote = await issueQuote(t, staff.token, s.orderId);
    await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`);
    const declared = (
      await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR-RB" })
    ).json<Payment>();
    const before = (await rowsOf(s)).length;
    const spy = failAfterRecording();
    const res = await post(t, staff.token, `/api/staff/payments/${declared.id}/confirm/`);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: "A server error occurred." });
    expect(await rowsOf(s)).toHaveLength(before);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.status).toBe("quoted");
    expect(order.payments.map((p) => p.status)).toEqual(["pending"]);
  });

  it("rolls back a move and its row", async () => {
    const s = await submitDesign(t);
    const spy = failAfterRecording();
    const res = await post(t, staff.token, `/api/staff/orders/${s.orderId}/transition/`, { to: "cancelled", note: "Test" });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(res.statusCode).toBe(500);
    expect(await rowsOf(s)).toEqual([]);
    expect((await getOrder(t, s.customer.token, s.orderId)).status).toBe("initiated");
  });
});
