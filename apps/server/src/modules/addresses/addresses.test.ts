import type { Address, AuditEntry, Order, Paginated, Payment } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/index.ts";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { extractText } from "../../test/pdf-text.ts";
import { signUpCustomer } from "../uploads/test-support.ts";
import {
  chooseAddress,
  getOrder,
  post,
  PUNE_ADDRESS,
  staffToken,
  submitDesign,
  toApproved,
  uploadCad,
  type Submitted,
} from "../orders/test-support.ts";

let t: TestApp;
let staff: string;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffToken(t);
  admin = await staffToken(t, "admin");
});
afterAll(async () => {
  await t.close();
});

const call = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: Record<string, unknown>) =>
  authedInject(t, token, payload === undefined ? { method, url } : { method, url, payload });

async function save(token: string, body: Record<string, unknown> = PUNE_ADDRESS): Promise<Address> {
  const res = await call(token, "POST", "/api/addresses/", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Address>();
}

const LONDON = {
  name: "Meera Shah",
  phone: "+44 20 7946 0958",
  line1: "221B Baker Street",
  line2: "",
  city: "London",
  state: "",
  postal_code: "nw1 6xe",
  country: "GB",
};

describe("saved addresses", () => {
  it("create, list, update and delete; the phone and postal code are normalised", async () => {
    const c = await signUpCustomer(t);
    expect((await call(c.token, "GET", "/api/addresses/")).json()).toEqual([]);

    const first = await save(c.token);
    expect(first).toMatchObject({
      ...PUNE_ADDRESS,
      phone: "+91 98200 12345",
      is_default_delivery: true,
      is_default_billing: true,
    });
    const second = await save(c.token, LONDON);
    expect(second).toMatchObject({
      postal_code: "NW1 6XE",
      phone: "+44 20 7946 0958",
      is_default_delivery: false,
      is_default_billing: false,
    });

    // The second becomes the default delivery address; the first keeps billing.
    const updated = await call(c.token, "PUT", `/api/addresses/${second.id}/`, { ...LONDON, line2: "Flat 2", is_default_delivery: true });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Address>()).toMatchObject({ line2: "Flat 2", is_default_delivery: true, is_default_billing: false });
    let list = (await call(c.token, "GET", "/api/addresses/")).json<Address[]>();
    expect(list.map((a) => [a.id, a.is_default_delivery, a.is_default_billing])).toEqual([
      [second.id, true, false],
      [first.id, false, true],
    ]);

    // Removing the default passes the flag to the address that is left.
    expect((await call(c.token, "DELETE", `/api/addresses/${second.id}/`)).statusCode).toBe(204);
    list = (await call(c.token, "GET", "/api/addresses/")).json<Address[]>();
    expect(list.map((a) => [a.id, a.is_default_delivery, a.is_default_billing])).toEqual([[first.id, true, true]]);
    expect((await call(c.token, "DELETE", `/api/addresses/${second.id}/`)).statusCode).toBe(404);
  });

  it("another customer's address is not found, to read, change, delete or choose", async () => {
    const owner = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const mine = await save(owner.token);
    expect((await call(other.token, "GET", "/api/addresses/")).json()).toEqual([]);
    const change = await call(other.token, "PUT", `/api/addresses/${mine.id}/`, { ...PUNE_ADDRESS, name: "Thief" });
    expect(change.statusCode).toBe(404);
    expect(change.json()).toEqual({ detail: "Address not found." });
    expect((await call(other.token, "DELETE", `/api/addresses/${mine.id}/`)).statusCode).toBe(404);
    expect((await call(other.token, "DELETE", "/api/addresses/not-a-uuid/")).statusCode).toBe(404);
    expect((await call(owner.token, "GET", "/api/addresses/")).json<Address[]>()[0]?.name).toBe("Asha Rao");

    // Choosing another's saved address for one's own order.
    const s = await submitDesign(t, other);
    const chosen = await call(other.token, "PUT", `/api/orders/${s.orderId}/addresses/`, { delivery_address_id: mine.id });
    expect(chosen.statusCode).toBe(404);
    expect(chosen.json()).toEqual({ detail: "Delivery address not found." });
    // Choosing one's address for another's order.
    const ownerOrder = await submitDesign(t, owner);
    const foreign = await call(other.token, "PUT", `/api/orders/${ownerOrder.orderId}/addresses/`, { delivery_address_id: mine.id });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/addresses/" })).statusCode).toBe(401);
  });

  it("refuses, per country, what the post or the courier could not use", async () => {
    const c = await signUpCustomer(t);
    const refuse = async (body: Record<string, unknown>) => {
      const res = await call(c.token, "POST", "/api/addresses/", body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<Record<string, string[]>>();
    };
    expect(await refuse({ ...PUNE_ADDRESS, postal_code: "4110", phone: "12345", state: "Bombay" })).toEqual({
      postal_code: ["Enter a 6-digit PIN code, for example 400001."],
      phone: ["Enter a 10-digit Indian mobile or landline number, for example 98200 12345 (or another country's number with its + code)."],
      state: ['"Bombay" is not an Indian state or union territory. Choose the state or union territory, as GST names it.'],
    });
    expect(await refuse({ ...PUNE_ADDRESS, state: "", postal_code: "" })).toEqual({
      postal_code: ["Enter the PIN code."],
      state: ["Choose the state or union territory, as GST names it."],
    });
    expect(await refuse({ ...LONDON, postal_code: "123456" })).toEqual({ postal_code: ["Enter a UK postcode, for example SW1A 1AA."] });
    expect(await refuse({ ...LONDON, country: "US", postal_code: "9410", phone: "+1 415 555 0100" })).toEqual({
      postal_code: ["Enter a 5-digit ZIP code, for example 94105 or 94105-1234."],
      state: ["Enter the state."],
    });
    expect(await refuse({ ...LONDON, country: "DE", postal_code: "1011", phone: "030 12" })).toEqual({
      postal_code: ["This is not a valid postal code for Germany."],
      phone: ["Enter a phone number valid in Germany, or a number from another country with its + code."],
    });
    expect(await refuse({ ...PUNE_ADDRESS, name: " ", line1: "", city: "", phone: "", country: "ZZ" })).toEqual({
      name: ["Enter the name of the person who receives the parcel."],
      phone: ["Enter a phone number the courier can call."],
      line1: ["Enter the house or flat number and street."],
      city: ["Enter the city or town."],
      country: ["Choose a country."],
    });
    // A state spelled in other capitals is stored as GST spells it; a foreign number with its + code is fine.
    const ok = await save(c.token, {
      ...PUNE_ADDRESS,
      state: "tamil nadu",
      city: "Chennai",
      postal_code: "600001",
      phone: "+1 415 555 0132",
    });
    expect(ok).toMatchObject({ state: "Tamil Nadu", phone: "+1 415 555 0132" });
    // A country without postal codes needs none.
    expect(await save(c.token, { ...LONDON, country: "AE", city: "Dubai", postal_code: "", phone: "+971 50 123 4567" })).toMatchObject({
      country: "AE",
      postal_code: "",
    });
  });

  it("keeps at most 20 addresses per customer", async () => {
    const c = await signUpCustomer(t);
    for (let i = 0; i < 20; i++) await save(c.token, { ...PUNE_ADDRESS, line1: `${i + 1} MG Road` });
    const over = await call(c.token, "POST", "/api/addresses/", PUNE_ADDRESS);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ detail: "You can keep up to 20 addresses: delete one you no longer use, then add this one." });
    const list = (await call(c.token, "GET", "/api/addresses/")).json<Address[]>();
    expect(list).toHaveLength(20);
    expect(list.filter((a) => a.is_default_delivery).map((a) => a.line1)).toEqual(["1 MG Road"]);
  });
});

/** An order whose CAD the customer approved (the balance is due). */
async function cadApproved(): Promise<Submitted> {
  const s = await submitDesign(t);
  await toApproved(t, staff, s);
  const cad = await uploadCad(t, staff, s.orderId);
  await post(t, s.customer.token, `/api/cad-designs/${cad.json<{ id: string }>().id}/approve/`);
  return s;
}

const move = (s: Submitted, to: string, extra: Record<string, string> = {}) =>
  post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to, ...extra });

async function payBalance(s: Submitted) {
  const declared = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "balance", reference: "UTR-BAL-4410" });
  expect(declared.statusCode, declared.body).toBe(201);
  expect((await post(t, staff, `/api/staff/payments/${declared.json<Payment>().id}/confirm/`)).statusCode).toBe(200);
}

describe("the order's addresses", () => {
  it("are snapshots: billing defaults to delivery, and editing the saved address later changes nothing on the order", async () => {
    const s = await cadApproved();
    const token = s.customer.token;
    expect((await getOrder(t, token, s.orderId)).delivery_address).toBeNull();
    const home = await save(token);
    const office = await save(token, LONDON);

    const res = await call(token, "PUT", `/api/orders/${s.orderId}/addresses/`, { delivery_address_id: home.id });
    expect(res.statusCode, res.body).toBe(200);
    const snapshot = { ...PUNE_ADDRESS, phone: "+91 98200 12345" };
    expect(res.json<Order>()).toMatchObject({ delivery_address: snapshot, billing_address: snapshot });
    expect(res.json<Order>().events.at(-1)).toMatchObject({
      type: "address_changed",
      note: "Ships to Asha Rao, 12 MG Road, Flat 4B, Pune 411001, Maharashtra, India.",
    });

    const both = await call(token, "PUT", `/api/orders/${s.orderId}/addresses/`, {
      delivery_address_id: home.id,
      billing_address_id: office.id,
    });
    expect(both.json<Order>().billing_address).toMatchObject({ city: "London", postal_code: "NW1 6XE", country: "GB" });
    expect(both.json<Order>().events.at(-1)?.note).toBe("Now ships to Asha Rao, 12 MG Road, Flat 4B, Pune 411001, Maharashtra, India.");

    // The saved address changes and is removed; the order keeps what it was given.
    await call(token, "PUT", `/api/addresses/${home.id}/`, { ...PUNE_ADDRESS, line1: "99 Other Street" });
    await call(token, "DELETE", `/api/addresses/${office.id}/`);
    for (const who of [token, staff]) {
      const order = await getOrder(t, who, s.orderId);
      expect(order.delivery_address).toEqual(snapshot);
      expect(order.billing_address).toMatchObject({ city: "London" });
    }
  });

  it("are fixed for the customer once the balance is paid; staff can still correct them (audited) until it ships", async () => {
    const s = await cadApproved();
    const token = s.customer.token;
    const home = await save(token);
    expect((await call(token, "PUT", `/api/orders/${s.orderId}/addresses/`, { delivery_address_id: home.id })).statusCode).toBe(200);
    await move(s, "manufacturing");
    await move(s, "quality_check");
    await payBalance(s);
    const order = await getOrder(t, token, s.orderId);

    const late = await call(token, "PUT", `/api/orders/${s.orderId}/addresses/`, { delivery_address_id: home.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      detail: `The address of order ${order.order_number} is fixed once the balance is paid. Write to us in the order's messages if it must change.`,
    });

    // The customer telephoned: staff correct the flat number.
    const corrected = { ...PUNE_ADDRESS, line2: "Flat 4C" };
    const wrong = await call(staff, "PUT", `/api/staff/orders/${s.orderId}/addresses/`, {
      delivery_address: { ...corrected, postal_code: "41" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ "delivery_address.postal_code": ["Enter a 6-digit PIN code, for example 400001."] });
    const fixed = await call(staff, "PUT", `/api/staff/orders/${s.orderId}/addresses/`, { delivery_address: corrected });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<Order>()).toMatchObject({ delivery_address: { line2: "Flat 4C" }, billing_address: { line2: "Flat 4C" } });
    const audit = await call(admin, "GET", `/api/staff/audit/?action=order.address_corrected&search=${order.order_number}`);
    const entry = audit.json<Paginated<AuditEntry>>().results[0];
    expect(entry).toMatchObject({
      target_label: order.order_number,
      before: { delivery_address: { line2: "Flat 4B" } },
      after: { delivery_address: { line2: "Flat 4C" } },
    });
    // Customers may not use the staff path.
    expect((await call(token, "PUT", `/api/staff/orders/${s.orderId}/addresses/`, { delivery_address: corrected })).statusCode).toBe(403);

    await move(s, "ready_to_ship");
    expect((await move(s, "shipped", { carrier: "BlueDart", tracking_number: "BD99887766IN" })).statusCode).toBe(200);
    const afterShip = await call(staff, "PUT", `/api/staff/orders/${s.orderId}/addresses/`, { delivery_address: PUNE_ADDRESS });
    expect(afterShip.statusCode).toBe(409);
    expect(afterShip.json()).toEqual({ detail: `Order ${order.order_number} has shipped; its delivery address can no longer change.` });
  });

  it("the balance waits for a delivery address; shipping is refused without one; the shipped e-mail names it", async () => {
    const s = await cadApproved();
    await move(s, "manufacturing");
    await move(s, "quality_check");
    const n = (await getOrder(t, staff, s.orderId)).order_number;
    const early = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "balance", reference: "UTR-BAL-4410" });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      detail: `Choose the delivery address of order ${n} before paying the balance: your piece ships there and the tax invoice names it.`,
    });

    // An order whose balance was paid before addresses existed (its snapshot empty) still cannot ship.
    await chooseAddress(t, s.customer.token, s.orderId);
    await payBalance(s);
    await t.database.db.update(orders).set({ deliveryAddress: null, billingAddress: null }).where(eq(orders.id, s.orderId));
    expect((await move(s, "ready_to_ship")).statusCode).toBe(200);
    const refused = await move(s, "shipped", { carrier: "BlueDart", tracking_number: "BD1234" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: `Order ${n} has no delivery address: ask the customer to choose one before it ships.` });
    expect((await getOrder(t, staff, s.orderId)).status).toBe("ready_to_ship");

    // The balance is paid, so the customer can no longer choose: staff enter the address the customer gives them.
    const fixed = await call(staff, "PUT", `/api/staff/orders/${s.orderId}/addresses/`, { delivery_address: PUNE_ADDRESS });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await move(s, "shipped", { carrier: "BlueDart", tracking_number: "BD1234" })).statusCode).toBe(200);
    await t.services.orders.drain();
    const mail = t.mailer.sent.filter((m) => m.subject === `Your order ${n} has shipped`).at(-1);
    expect(mail?.text).toContain("Asha Rao, 12 MG Road, Flat 4B, Pune 411001, Maharashtra, India");
    expect(mail?.html).toContain("12 MG Road, Flat 4B, Pune 411001, Maharashtra, India");
  });

  it("cannot change on a cancelled order, nor on another customer's order", async () => {
    const s = await submitDesign(t);
    const home = await save(s.customer.token);
    expect((await post(t, s.customer.token, `/api/orders/${s.orderId}/cancel/`, { reason: "Changed my mind" })).statusCode).toBe(200);
    const n = (await getOrder(t, s.customer.token, s.orderId)).order_number;
    const res = await call(s.customer.token, "PUT", `/api/orders/${s.orderId}/addresses/`, { delivery_address_id: home.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: `Order ${n} is cancelled; its address can no longer change.` });
  });
});

describe("the packing slip", () => {
  it("is a PDF for staff with the ship-to address, phone, carrier and contents, and no prices; customers get 403", async () => {
    const s = await cadApproved();
    const home = await save(s.customer.token);
    await call(s.customer.token, "PUT", `/api/orders/${s.orderId}/addresses/`, { delivery_address_id: home.id });
    await move(s, "manufacturing");
    await move(s, "quality_check");
    await payBalance(s);
    await move(s, "ready_to_ship");
    await move(s, "shipped", { carrier: "BlueDart", tracking_number: "BD55501234IN" });
    const order = await getOrder(t, staff, s.orderId);

    const res = await call(staff, "GET", `/api/staff/orders/${s.orderId}/packing-slip.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="packing-slip-${order.order_number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = extractText(res.rawPayload);
    for (const expected of [
      "Packing slip",
      order.order_number,
      "Solitaire ring",
      "Asha Rao",
      "12 MG Road",
      "Pune 411001, Maharashtra",
      "India",
      "+91 98200 12345",
      "BlueDart",
      "BD55501234IN",
      "18K Yellow Gold",
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/INR|₹|\d,\d{2,3}\.\d{2}/);

    expect((await call(s.customer.token, "GET", `/api/staff/orders/${s.orderId}/packing-slip.pdf`)).statusCode).toBe(403);
    expect((await call(staff, "GET", "/api/staff/orders/00000000-0000-4000-8000-000000000000/packing-slip.pdf")).statusCode).toBe(404);
  });
});
