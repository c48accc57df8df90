import type { MailMessage } from "../../lib/mail.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, createStaff, signUp, type TestApp } from "../../test/helpers.ts";
import { issueQuote, post, submitDesign } from "../orders/test-support.ts";

/**
 * The e-mails for payments, replies and expiring quotes: each goes to the customer after its
 * change commits, carries its type's unsubscribe link, and is not sent once that type is off.
 */

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
  const s = await createStaff(t);
  staff = s.token;
  const named = await authedInject(t, staff, {
    method: "PATCH",
    url: "/api/auth/user/",
    payload: { first_name: "Priya", last_name: "Raman" },
  });
  expect(named.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function customer() {
  const s = await signUp(t);
  const named = await authedInject(t, s.token, { method: "PATCH", url: "/api/auth/user/", payload: { first_name: "Meera" } });
  expect(named.statusCode).toBe(200);
  return { token: s.token, id: s.user.id, email: s.email };
}

/** What reached `email` after `from`, once the after-commit e-mails have gone. */
async function mailsTo(email: string, from: number): Promise<MailMessage[]> {
  await t.services.orders.drain();
  return t.mailer.sent.slice(from).filter((m) => m.to === email);
}

/** The type an e-mail's one-click unsubscribe token is for (the token is `user.type.signature`). */
function unsubscribeTypeOf(mail: MailMessage): string | undefined {
  const url = /^<(http:\/\/app\.test\/api\/unsubscribe\/\?token=[^>]+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1];
  return url ? new URL(url).searchParams.get("token")?.split(".")[1] : undefined;
}

const switchOff = (token: string, type: string) =>
  authedInject(t, token, {
    method: "PUT",
    url: "/api/settings/notifications/",
    payload: { preferences: [{ type, email: false, in_app: true }] },
  });

async function declare(token: string, orderId: string) {
  const res = await post(t, token, `/api/orders/${orderId}/payments/`, { kind: "advance", reference: "UTR-884213" });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

async function quoted() {
  const c = await customer();
  const s = await submitDesign(t, c);
  const quote = await issueQuote(t, staff, s.orderId);
  expect((await post(t, c.token, `/api/quotes/${quote.id}/accept/`)).statusCode).toBe(200);
  return { c, s, orderNumber: s.design.order!.order_number };
}

describe("payment e-mails", () => {
  it("a confirmed advance sends a receipt with the amount and the customer's reference", async () => {
    const { c, s, orderNumber } = await quoted();
    const paymentId = await declare(c.token, s.orderId);
    const before = t.mailer.sent.length;
    expect((await post(t, staff, `/api/staff/payments/${paymentId}/confirm/`)).statusCode).toBe(200);
    const mails = await mailsTo(c.email, before);
    expect(mails.map((m) => m.subject)).toEqual([`Payment received for order ${orderNumber}`]);
    const mail = mails[0];
    expect(mail?.text).toContain("Hello Meera,");
    expect(mail?.text).toContain("UTR-884213");
    expect(mail?.text).toContain("Our CAD designers are starting on your piece");
    expect(mail?.text).toContain(`http://app.test/dashboard/orders/${s.orderId}`);
    expect(unsubscribeTypeOf(mail!)).toBe("payment");
    expect(mail?.text).toContain("Unsubscribe from payment e-mails");

    // Confirming again is idempotent: no second receipt.
    const again = t.mailer.sent.length;
    expect((await post(t, staff, `/api/staff/payments/${paymentId}/confirm/`)).statusCode).toBe(200);
    expect(await mailsTo(c.email, again)).toEqual([]);
  });

  it("a payment that could not be matched says why and how to declare it again", async () => {
    const { c, s, orderNumber } = await quoted();
    const paymentId = await declare(c.token, s.orderId);
    const before = t.mailer.sent.length;
    const rejected = await post(t, staff, `/api/staff/payments/${paymentId}/reject/`, {
      reason: "No transfer with this reference arrived.",
    });
    expect(rejected.statusCode).toBe(200);
    const [mail] = await mailsTo(c.email, before);
    expect(mail?.subject).toBe(`We could not confirm your payment for order ${orderNumber}`);
    expect(mail?.text).toContain("No transfer with this reference arrived.");
    expect(mail?.text).toContain("declare it again on your order page");
    expect(unsubscribeTypeOf(mail!)).toBe("payment");
  });

  it("are not sent once payment e-mails are off; the in-app notice still is", async () => {
    const { c, s } = await quoted();
    expect((await switchOff(c.token, "payment")).statusCode).toBe(200);
    const paymentId = await declare(c.token, s.orderId);
    const before = t.mailer.sent.length;
    expect((await post(t, staff, `/api/staff/payments/${paymentId}/confirm/`)).statusCode).toBe(200);
    expect(await mailsTo(c.email, before)).toEqual([]);
    const notices = (await authedInject(t, c.token, { method: "GET", url: "/api/notifications/" })).json<{ results: { type: string }[] }>();
    expect(notices.results.map((n) => n.type)).toContain("payment");
  });
});

describe("reply e-mails", () => {
  it("a jeweller's message on an order e-mails the customer; the customer's own message e-mails nobody", async () => {
    const c = await customer();
    const s = await submitDesign(t, c);
    const before = t.mailer.sent.length;
    expect((await post(t, c.token, `/api/orders/${s.orderId}/comments/`, { text: "Could the band be thinner?" })).statusCode).toBe(201);
    expect(await mailsTo(c.email, before)).toEqual([]);

    expect((await post(t, staff, `/api/orders/${s.orderId}/comments/`, { text: "Yes: 1.8 mm keeps it strong." })).statusCode).toBe(201);
    const mails = await mailsTo(c.email, before);
    expect(mails.map((m) => m.subject)).toEqual([`New reply on order ${s.design.order!.order_number}`]);
    const mail = mails[0];
    expect(mail?.text).toContain("Priya has replied on order");
    expect(mail?.text).toContain("Yes: 1.8 mm keeps it strong.");
    expect(mail?.text).toContain(`http://app.test/dashboard/orders/${s.orderId}`);
    expect(unsubscribeTypeOf(mail!)).toBe("staff_reply");
    expect(mail?.text).toContain("Unsubscribe from reply e-mails");
  });

  it("a jeweller's answer to a support request e-mails the customer with the ticket's number and thread", async () => {
    const c = await customer();
    const created = await post(t, c.token, "/api/support/tickets/", {
      subject: "Resizing",
      message: "Can you resize it to 7?",
      category: "order",
    });
    expect(created.statusCode).toBe(201);
    const ticket = created.json<{ id: string; number: string }>();
    await t.drainJobs(); // the request's acknowledgement
    const before = t.mailer.sent.length;
    const reply = await authedInject(t, staff, {
      method: "POST",
      url: `/api/messages/${ticket.id}/`,
      payload: { text: "Of course, free of charge." },
    });
    expect(reply.statusCode).toBe(201);
    const [mail] = await mailsTo(c.email, before);
    expect(mail?.subject).toBe(`New reply on request ${ticket.number}`);
    expect(mail?.text).toContain("Of course, free of charge.");
    expect(mail?.text).toContain(`http://app.test/dashboard/messages/${ticket.id}`);
    expect(unsubscribeTypeOf(mail!)).toBe("staff_reply");
  });

  it("a few replies in a row make one e-mail; the next goes once the customer has read them, or after an hour", async () => {
    const c = await customer();
    const s = await submitDesign(t, c);
    const say = (text: string) => post(t, staff, `/api/orders/${s.orderId}/comments/`, { text });
    const replyMailsSince = async (from: number) =>
      (await mailsTo(c.email, from)).filter((m) => m.subject.startsWith("New reply on")).length;
    const before = t.mailer.sent.length;
    await say("The first sketch is ready.");
    await say("I added a second option.");
    await say("And a third.");
    expect(await replyMailsSince(before)).toBe(1);

    // The customer opens the thread: the next reply is e-mailed again.
    expect((await authedInject(t, c.token, { method: "GET", url: `/api/messages/${s.orderId}/` })).statusCode).toBe(200);
    await say("Thank you for reading; one more thing.");
    expect(await replyMailsSince(before)).toBe(2);

    // Unread, but more than an hour later: e-mailed again.
    t.clock.advance(61 * 60 * 1000);
    await say("A reminder about the sketches.");
    expect(await replyMailsSince(before)).toBe(3);
  });

  it("are not sent once reply e-mails are off, on orders or tickets", async () => {
    const c = await customer();
    const s = await submitDesign(t, c);
    const created = await post(t, c.token, "/api/support/tickets/", {
      subject: "Gift wrap",
      message: "Can you wrap it?",
      category: "other",
    });
    expect((await switchOff(c.token, "staff_reply")).statusCode).toBe(200);
    await t.drainJobs(); // the request's acknowledgement
    const before = t.mailer.sent.length;
    expect((await post(t, staff, `/api/orders/${s.orderId}/comments/`, { text: "Noted." })).statusCode).toBe(201);
    const ticketId = created.json<{ id: string }>().id;
    expect(
      (await authedInject(t, staff, { method: "POST", url: `/api/messages/${ticketId}/`, payload: { text: "Yes." } })).statusCode,
    ).toBe(201);
    expect(await mailsTo(c.email, before)).toEqual([]);
  });
});

describe("quote reminder e-mails", () => {
  it("go once, when a quote has less than two days left", async () => {
    const c = await customer();
    const s = await submitDesign(t, c);
    await issueQuote(t, staff, s.orderId, { valid_days: 3 });
    const before = t.mailer.sent.length;
    await t.services.orders.sweep();
    expect(await mailsTo(c.email, before)).toEqual([]);
    t.clock.advance(25 * 3600 * 1000);
    await t.services.orders.sweep();
    await t.services.orders.sweep();
    const mails = await mailsTo(c.email, before);
    expect(mails.map((m) => m.subject)).toEqual([`Your quote for order ${s.design.order!.order_number} expires soon`]);
    expect(mails[0]?.text).toContain("Valid until");
    expect(unsubscribeTypeOf(mails[0]!)).toBe("quote_expiring");
    expect(mails[0]?.text).toContain("Unsubscribe from quote reminder e-mails");
  });

  it("are not sent once quote reminders are off", async () => {
    const c = await customer();
    const s = await submitDesign(t, c);
    expect((await switchOff(c.token, "quote_expiring")).statusCode).toBe(200);
    await issueQuote(t, staff, s.orderId, { valid_days: 3 });
    const before = t.mailer.sent.length;
    t.clock.advance(25 * 3600 * 1000);
    await t.services.orders.sweep();
    expect(await mailsTo(c.email, before)).toEqual([]);
  });
});
