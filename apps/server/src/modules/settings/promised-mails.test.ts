import type { Order } from "@atelier/contract";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../lib/mail.ts";
import { authedInject, buildTestApp, randomIp, signUp, TEST_PASSWORD, type TestApp } from "../../test/helpers.ts";
import { chooseAddress, post, staffToken, submitDesign, toApproved, uploadCad, type Submitted } from "../orders/test-support.ts";

/**
 * The e-mails the settings screen promises, delivered over real SMTP: the "Order status" switch
 * promises production, quality check, shipping and delivery e-mails (and none once it is off), and
 * a password change or reset warns the account's owner.
 */

interface Received {
  to: string[];
  raw: string;
}

let t: TestApp;
let staff: string;
const received: Received[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as { port: number }).port;
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Atelier <no-reply@atelier.test>", mailDir: "/nonexistent", logger: pino({ level: "silent" }) });
  t = await buildTestApp({ mailer });
  staff = await staffToken(t);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The subjects that reached `email` (after the after-commit e-mails have gone). */
async function subjectsTo(email: string): Promise<string[]> {
  await t.services.orders.drain();
  await t.services.auth.drain();
  return received.filter((m) => m.to.includes(email)).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]?.trim() ?? "");
}

/** The message's text, with quoted-printable soft breaks and escapes undone. */
function plain(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\s+/g, " ");
}

async function move(s: Submitted, to: string, extra: Record<string, string> = {}) {
  const res = await post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

/** An order whose CAD the customer approved, so staff can start production; with the customer's address. */
async function cadApproved(): Promise<Submitted & { email: string }> {
  const s = await submitDesign(t);
  await toApproved(t, staff, s);
  const cad = await uploadCad(t, staff, s.orderId);
  expect(cad.statusCode, cad.body).toBe(201);
  const approved = await post(t, s.customer.token, `/api/cad-designs/${cad.json<{ id: string }>().id}/approve/`);
  expect(approved.statusCode, approved.body).toBe(200);
  const me = await authedInject(t, s.customer.token, { method: "GET", url: "/api/auth/user/" });
  return { ...s, email: me.json<{ email: string }>().email };
}

async function payBalance(s: Submitted) {
  await chooseAddress(t, s.customer.token, s.orderId);
  const declared = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "balance", reference: "UTR-BAL-7781" });
  expect(declared.statusCode, declared.body).toBe(201);
  expect((await post(t, staff, `/api/staff/payments/${declared.json<{ id: string }>().id}/confirm/`)).statusCode).toBe(200);
}

describe("order status e-mails (the 'Order status' switch)", () => {
  it("are sent for production, quality check, ready to ship, shipped and delivered, after each move", async () => {
    const s = await cadApproved();
    const { email } = s;
    const n = (await move(s, "manufacturing")).order_number;
    expect(await subjectsTo(email)).toContain(`Your order ${n} is in production`);
    await move(s, "quality_check");
    // A failed check goes back to the workshop without a second "in production" e-mail.
    await move(s, "manufacturing");
    await move(s, "quality_check");
    await payBalance(s);
    await move(s, "ready_to_ship");
    await move(s, "shipped", { carrier: "BlueDart", tracking_number: "BD123456789IN" });
    await move(s, "delivered");
    const subjects = await subjectsTo(email);
    const status = subjects.filter((x) => x.startsWith(`Your order ${n}`));
    expect(status.sort()).toEqual(
      [
        `Your order ${n} is in production`,
        `Your order ${n} is in its quality check`,
        `Your order ${n} is in its quality check`,
        `Your order ${n} is ready to ship`,
        `Your order ${n} has shipped`,
        `Your order ${n} has been delivered`,
      ].sort(),
    );
    const delivered = received.find((m) => m.to.includes(email) && m.raw.includes(`Subject: Your order ${n} has been delivered`))!;
    const text = plain(delivered.raw);
    expect(text).toContain("Your piece has arrived");
    expect(text).toContain("Please confirm receipt on your order page.");
    expect(text).toContain("completes by itself 7 days after delivery");
    expect(text).toContain(`http://app.test/dashboard/orders/${s.orderId}`);
    // Headers may be folded over lines.
    expect(delivered.raw.replace(/\r?\n[ \t]+/g, " ")).toMatch(/^List-Unsubscribe: <http:\/\/app\.test\/api\/unsubscribe\/\?token=[^>\s]+\.status_change\./m);
  });

  it("are not sent once the customer turns the switch off; the in-app notice still comes", async () => {
    const s = await cadApproved();
    const off = await authedInject(t, s.customer.token, {
      method: "PUT",
      url: "/api/settings/notifications/",
      payload: { preferences: [{ type: "status_change", email: false, in_app: true }] },
    });
    expect(off.statusCode).toBe(200);
    const n = (await move(s, "manufacturing")).order_number;
    await move(s, "quality_check");
    expect((await subjectsTo(s.email)).filter((x) => x.startsWith(`Your order ${n}`))).toEqual([]);
    const notices = (await authedInject(t, s.customer.token, { method: "GET", url: "/api/notifications/" })).json<{ results: { title: string }[] }>();
    expect(notices.results.map((x) => x.title)).toContain(`Order ${n}: Quality Check`);
  });

  it("a refused move e-mails nobody", async () => {
    const s = await cadApproved();
    const before = (await subjectsTo(s.email)).length;
    const refused = await post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to: "quality_check" });
    expect(refused.statusCode).toBe(409);
    expect(await subjectsTo(s.email)).toHaveLength(before);
  });
});

describe("the password-changed warning", () => {
  it("a password change e-mails 'Your password was changed' with what to do if it was not you", async () => {
    const { email, token } = await signUp(t);
    const res = await authedInject(t, token, {
      method: "POST",
      url: "/api/auth/change-password/",
      payload: { old_password: TEST_PASSWORD, new_password: "Amber-Lattice-77", confirm_password: "Amber-Lattice-77" },
    });
    expect(res.statusCode).toBe(200);
    expect(await subjectsTo(email)).toEqual(["Your password was changed"]);
    const text = plain(received.find((m) => m.to.includes(email))!.raw);
    expect(text).toContain(`The password of your Aurelia Atelier account (${email}) was changed from your profile.`);
    expect(text).toContain("If it was not you, choose a new password now");
    expect(text).toContain("http://app.test/forgot-password");
  });

  it("a refused change sends nothing", async () => {
    const { email, token } = await signUp(t);
    const res = await authedInject(t, token, {
      method: "POST",
      url: "/api/auth/change-password/",
      payload: { old_password: "wrong-one", new_password: "Amber-Lattice-77", confirm_password: "Amber-Lattice-77" },
    });
    expect(res.statusCode).toBe(400);
    expect(await subjectsTo(email)).toEqual([]);
  });

  it("a reset from a link warns too", async () => {
    const { email } = await signUp(t);
    const forgot = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password/", payload: { email }, remoteAddress: randomIp() });
    expect(forgot.statusCode).toBe(200);
    await t.services.auth.drain();
    const link = /http:\/\/app\.test\/reset-password\/([^/\s"]+)\/([^/\s"?]+)/.exec(plain(received.find((m) => m.to.includes(email))!.raw));
    expect(link).not.toBeNull();
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password/",
      payload: { uid: link![1], token: link![2], new_password: "Opal-Harbour-19", confirm_password: "Opal-Harbour-19" },
      remoteAddress: randomIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await subjectsTo(email)).toEqual(["Reset your password", "Your password was changed"]);
    expect(plain(received.filter((m) => m.to.includes(email)).at(-1)!.raw)).toContain("was reset with a link sent to this address");
  });
});
