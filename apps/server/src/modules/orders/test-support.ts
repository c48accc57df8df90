import type { Design, Order, Quote } from "@atelier/contract";
import { authedInject, createStaff, type TestApp } from "../../test/helpers.ts";
import { jpeg, multipart, signUpCustomer, type Customer } from "../uploads/test-support.ts";

/** Helpers for lifecycle tests: a customer with a submitted design, staff acting through the API. */

export interface Submitted {
  customer: Customer;
  design: Design;
  orderId: string;
}

export async function submitDesign(t: TestApp, customer?: Customer, data: Record<string, unknown> = {}): Promise<Submitted> {
  const c = customer ?? (await signUpCustomer(t));
  const res = await authedInject(t, c.token, {
    method: "POST",
    url: "/api/designs/",
    payload: {
      name: "Solitaire ring",
      description: "An 18K gold solitaire",
      design_type: "ring",
      metal: "18K Yellow Gold",
      stones: "1 x Diamond 0.50ct G VS1",
      ...data,
    },
  });
  if (res.statusCode !== 201) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  const design = res.json<Design>();
  if (!design.order) throw new Error("the design has no order");
  return { customer: c, design, orderId: design.order.id };
}

export const staffToken = async (t: TestApp, role: "staff" | "admin" = "staff") => (await createStaff(t, role)).token;

export async function issueQuote(t: TestApp, staff: string, orderId: string, body: Record<string, unknown> = {}): Promise<Quote> {
  const res = await authedInject(t, staff, {
    method: "POST",
    url: `/api/staff/orders/${orderId}/quotes/`,
    payload: {
      line_items: [
        { label: "Metal and making", amount: "60000.00" },
        { label: "Diamond", amount: "40000.00" },
      ],
      ...body,
    },
  });
  if (res.statusCode !== 201) throw new Error(`quote failed: ${res.statusCode} ${res.body}`);
  await t.services.orders.drain(); // its e-mail has gone, so a test counting mails starts after it
  return res.json<Quote>();
}

export async function getOrder(t: TestApp, token: string, orderId: string): Promise<Order> {
  const res = await authedInject(t, token, { method: "GET", url: `/api/orders/${orderId}/` });
  if (res.statusCode !== 200) throw new Error(`get order failed: ${res.statusCode} ${res.body}`);
  return res.json<Order>();
}

export const post = (t: TestApp, token: string, url: string, payload?: unknown) =>
  authedInject(
    t,
    token,
    payload === undefined ? { method: "POST", url } : { method: "POST", url, payload: payload as Record<string, unknown> },
  );

/** A tiny valid binary STL: one triangle. */
export function stl(): Buffer {
  const buf = Buffer.alloc(84 + 50);
  buf.write("test ring", 0, "latin1");
  buf.writeUInt32LE(1, 80);
  return buf;
}

export async function uploadCad(
  t: TestApp,
  staff: string,
  orderId: string,
  options: { model?: { filename: string; data: Buffer }; description?: string } = {},
) {
  const body = multipart([
    { name: "description", value: options.description ?? "Version with a cathedral setting" },
    { name: "images", filename: "render-front.jpg", data: await jpeg(), contentType: "image/jpeg" },
    ...(options.model ? [{ name: "model", filename: options.model.filename, data: options.model.data }] : []),
  ]);
  return authedInject(t, staff, {
    method: "POST",
    url: `/api/staff/orders/${orderId}/cad-designs/`,
    payload: body.payload,
    headers: body.headers,
  });
}

/** Walks an order from initiated to approved: quote, accept, declare and confirm the advance (its e-mails sent). */
export async function toApproved(t: TestApp, staff: string, s: Submitted): Promise<Quote> {
  const quote = await issueQuote(t, staff, s.orderId);
  await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`);
  const declared = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR123456" });
  if (declared.statusCode !== 201) throw new Error(`declare failed: ${declared.statusCode} ${declared.body}`);
  const confirmed = await post(t, staff, `/api/staff/payments/${declared.json<{ id: string }>().id}/confirm/`);
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  await t.services.orders.drain(); // the receipt has gone too
  return quote;
}

/** A valid Indian delivery address, as the Profile form sends it. */
export const PUNE_ADDRESS = {
  name: "Asha Rao",
  phone: "98200 12345",
  line1: "12 MG Road",
  line2: "Flat 4B",
  city: "Pune",
  state: "Maharashtra",
  postal_code: "411001",
  country: "IN",
};

/** Saves an address for the customer and chooses it as the order's delivery address (shipping needs one). */
export async function chooseAddress(t: TestApp, token: string, orderId: string, address: Record<string, unknown> = PUNE_ADDRESS): Promise<Order> {
  const saved = await authedInject(t, token, { method: "POST", url: "/api/addresses/", payload: address });
  if (saved.statusCode !== 201) throw new Error(`save address failed: ${saved.statusCode} ${saved.body}`);
  const chosen = await authedInject(t, token, {
    method: "PUT",
    url: `/api/orders/${orderId}/addresses/`,
    payload: { delivery_address_id: saved.json<{ id: string }>().id },
  });
  if (chosen.statusCode !== 200) throw new Error(`choose address failed: ${chosen.statusCode} ${chosen.body}`);
  return chosen.json<Order>();
}
