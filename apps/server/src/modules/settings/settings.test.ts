import type { Notification, NotificationPreferences, NotificationType, Paginated, UnsubscribeResult } from "@atelier/contract";
import { NOTIFICATION_TYPES } from "@atelier/contract";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../lib/mail.ts";
import { authedInject, buildTestApp, signUp, type TestApp } from "../../test/helpers.ts";
import { issueQuote, staffToken, submitDesign, toApproved, uploadCad } from "../orders/test-support.ts";
import { signUpCustomer } from "../uploads/test-support.ts";
import { INVALID_UNSUBSCRIBE_LINK } from "./preferences.service.ts";

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffToken(t);
});
afterAll(async () => {
  await t.close();
});

/** A customer with the address their e-mails go to. */
async function customer(app = t) {
  const s = await signUp(app);
  return { token: s.token, id: s.user.id, email: s.email };
}

const getPrefs = (token: string) => authedInject(t, token, { method: "GET", url: "/api/settings/notifications/" });
const putPrefs = (token: string, preferences: unknown) =>
  authedInject(t, token, { method: "PUT", url: "/api/settings/notifications/", payload: { preferences } });

function prefOf(body: NotificationPreferences, type: NotificationType) {
  return body.preferences.find((p) => p.type === type);
}

async function noticesOf(token: string): Promise<Notification[]> {
  const res = await authedInject(t, token, { method: "GET", url: "/api/notifications/" });
  return res.json<Paginated<Notification>>().results;
}

/** The e-mails sent to `email` since `from`, once the lifecycle's after-commit mail has gone. */
async function mailsTo(email: string, from = 0) {
  await t.services.orders.drain();
  return t.mailer.sent.slice(from).filter((m) => m.to === email);
}

function oneClickUrl(headers: Record<string, string> | undefined): string {
  const match = /^<http:\/\/app\.test(\/api\/unsubscribe\/\?token=[^>]+)>$/.exec(headers?.["List-Unsubscribe"] ?? "");
  if (!match?.[1]) throw new Error(`no List-Unsubscribe header in ${JSON.stringify(headers)}`);
  return match[1];
}

const oneClick = (url: string) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });

describe("GET/PUT /api/settings/notifications/", () => {
  it("needs a sign-in", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/settings/notifications/" })).statusCode).toBe(401);
    const payload = { preferences: [{ type: "payment", email: false, in_app: true }] };
    expect((await t.app.inject({ method: "PUT", url: "/api/settings/notifications/", payload })).statusCode).toBe(401);
  });

  it("starts with every type on for e-mail and in-app, in the contract's order", async () => {
    const c = await signUpCustomer(t);
    const res = await getPrefs(c.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<NotificationPreferences>().preferences).toEqual(
      NOTIFICATION_TYPES.map((type) => ({ type, email: true, in_app: true })),
    );
  });

  it("changes only the types sent, keeps them, and answers with all of them", async () => {
    const c = await signUpCustomer(t);
    const first = await putPrefs(c.token, [{ type: "cad_ready", email: false, in_app: true }]);
    expect(first.statusCode).toBe(200);
    expect(prefOf(first.json(), "cad_ready")).toEqual({ type: "cad_ready", email: false, in_app: true });
    await putPrefs(c.token, [{ type: "payment", email: true, in_app: false }]);
    const body = (await getPrefs(c.token)).json<NotificationPreferences>();
    expect(prefOf(body, "cad_ready")).toEqual({ type: "cad_ready", email: false, in_app: true });
    expect(prefOf(body, "payment")).toEqual({ type: "payment", email: true, in_app: false });
    expect(prefOf(body, "quote_issued")).toEqual({ type: "quote_issued", email: true, in_app: true });
    // Another customer's preferences are their own.
    const other = await signUpCustomer(t);
    expect(prefOf((await getPrefs(other.token)).json(), "cad_ready")?.email).toBe(true);
  });

  it("refuses unknown types, duplicates, missing flags and an empty list with field errors", async () => {
    const c = await signUpCustomer(t);
    const unknown = await putPrefs(c.token, [{ type: "password_reset", email: false, in_app: false }]);
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(["preferences.0.type"]);
    const dup = await putPrefs(c.token, [
      { type: "payment", email: false, in_app: true },
      { type: "payment", email: true, in_app: true },
    ]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ preferences: ["Each notification type may appear only once."] });
    expect((await putPrefs(c.token, [{ type: "payment", email: "no" }])).statusCode).toBe(400);
    const empty = await putPrefs(c.token, []);
    expect(empty.json()).toEqual({ preferences: ["Send at least one preference."] });
    expect(prefOf((await getPrefs(c.token)).json(), "payment")).toEqual({ type: "payment", email: true, in_app: true });
  });
});

describe("preferences honoured", () => {
  it("skips the in-app notice of a type turned off, and writes the others", async () => {
    const c = await customer();
    const s = await submitDesign(t, c);
    await putPrefs(s.customer.token, [{ type: "quote_issued", email: true, in_app: false }]);
    await toApproved(t, staff, s);
    const types = (await noticesOf(s.customer.token)).map((n) => n.type);
    expect(types).not.toContain("quote_issued");
    expect(types).toContain("payment");
    // The e-mail of that type still goes: the two channels are separate.
    const mails = await mailsTo(c.email);
    expect(mails.map((m) => m.subject)).toContain(`Your quote for order ${s.design.order?.order_number}`);
  });

  it("does not send an e-mail turned off, but still writes its in-app notice", async () => {
    const c = await customer();
    const s = await submitDesign(t, c);
    await putPrefs(s.customer.token, [{ type: "quote_issued", email: false, in_app: true }]);
    const before = t.mailer.sent.length;
    await issueQuote(t, staff, s.orderId);
    expect(await mailsTo(c.email, before)).toEqual([]);
    expect((await noticesOf(s.customer.token)).map((n) => n.type)).toContain("quote_issued");
  });

  it("turns off the CAD e-mail by its own type", async () => {
    const c = await customer();
    const s = await submitDesign(t, c);
    await toApproved(t, staff, s);
    await putPrefs(s.customer.token, [{ type: "cad_ready", email: false, in_app: true }]);
    const before = t.mailer.sent.length;
    await uploadCad(t, staff, s.orderId);
    expect(await mailsTo(c.email, before)).toEqual([]);
    await putPrefs(s.customer.token, [{ type: "cad_ready", email: true, in_app: true }]);
    await uploadCad(t, staff, s.orderId);
    expect((await mailsTo(c.email, before)).map((m) => m.subject)).toEqual([`CAD design ready for order ${s.design.order?.order_number}`]);
  });

  it("always sends the password-reset e-mail, whatever is turned off", async () => {
    const c = await customer();
    await putPrefs(
      c.token,
      NOTIFICATION_TYPES.map((type) => ({ type, email: false, in_app: false })),
    );
    const before = t.mailer.sent.length;
    const res = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password/", payload: { email: c.email } });
    expect(res.statusCode).toBe(200);
    await t.services.auth.drain();
    const mail = t.mailer.sent.slice(before).find((m) => m.to === c.email);
    expect(mail?.text).toContain("http://app.test/reset-password/");
    expect(mail?.headers).toBeUndefined();
  });
});

describe("unsubscribe links", () => {
  async function quoteMail() {
    const c = await customer();
    const s = await submitDesign(t, c);
    const before = t.mailer.sent.length;
    await issueQuote(t, staff, s.orderId);
    const [mail] = await mailsTo(c.email, before);
    if (!mail) throw new Error("no quote e-mail");
    return { c, s, mail };
  }

  it("every e-mail a customer can turn off has the footer links and the one-click headers", async () => {
    const { mail } = await quoteMail();
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = oneClickUrl(mail.headers);
    const token = new URL(`http://x${url}`).searchParams.get("token");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Unsubscribe from quote e-mails");
      expect(part).toContain("Manage preferences");
      expect(part).toContain("http://app.test/dashboard/settings");
    }
    expect(mail.html).toContain(`href="http://app.test/unsubscribe?token=${encodeURIComponent(token!)}"`);
    expect(mail.text).toContain(`http://app.test/unsubscribe?token=${encodeURIComponent(token!)}`);
  });

  it("turns that type of e-mail off with a one-click POST and no sign-in; nothing more is sent", async () => {
    const { c, s, mail } = await quoteMail();
    const url = oneClickUrl(mail.headers);
    const described = await t.app.inject({ method: "GET", url });
    expect(described.statusCode).toBe(200);
    expect(described.json<UnsubscribeResult>()).toMatchObject({ type: "quote_issued", label: "Quote issued", email_enabled: true });
    expect(described.json<UnsubscribeResult>().email).toBe(`${c.email[0]}•••@example.com`);

    const res = await oneClick(url);
    expect(res.statusCode).toBe(200);
    expect(res.json<UnsubscribeResult>()).toMatchObject({ type: "quote_issued", email_enabled: false });
    const prefs = (await getPrefs(s.customer.token)).json<NotificationPreferences>();
    expect(prefOf(prefs, "quote_issued")).toEqual({ type: "quote_issued", email: false, in_app: true });
    expect(prefOf(prefs, "cad_ready")?.email).toBe(true);
    // Twice is fine (mail clients retry).
    expect((await oneClick(url)).statusCode).toBe(200);

    const before = t.mailer.sent.length;
    await issueQuote(t, staff, (await submitDesign(t, s.customer)).orderId);
    expect(await mailsTo(c.email, before)).toEqual([]);

    // Undo from the landing page, with the same token.
    const again = await t.app.inject({ method: "POST", url: url.replace("/api/unsubscribe/", "/api/unsubscribe/resubscribe/") });
    expect(again.json<UnsubscribeResult>().email_enabled).toBe(true);
    expect(prefOf((await getPrefs(s.customer.token)).json(), "quote_issued")?.email).toBe(true);
  });

  it("accepts an empty, JSON or multipart body as well", async () => {
    const { s, mail } = await quoteMail();
    const url = oneClickUrl(mail.headers);
    expect((await t.app.inject({ method: "POST", url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url, payload: {} })).statusCode).toBe(200);
    const boundary = "----oneclick";
    const multipartRes = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipartRes.statusCode).toBe(200);
    expect(prefOf((await getPrefs(s.customer.token)).json(), "quote_issued")?.email).toBe(false);
  });

  it("refuses a tampered token with 400 and a clear message, and changes nothing", async () => {
    const { s, mail } = await quoteMail();
    const url = oneClickUrl(mail.headers);
    const token = decodeURIComponent(new URL(`http://x${url}`).searchParams.get("token")!);
    const [userId, type, sig] = token.split(".") as [string, string, string];
    const other = await signUpCustomer(t);
    const flipped = sig.slice(0, 10) + (sig[10] === "A" ? "B" : "A") + sig.slice(11);
    const tampered = [
      `${userId}.cad_ready.${sig}`,
      `${other.id}.${type}.${sig}`,
      `${userId}.${type}.${flipped}`,
      `${userId}.${type}.${sig.slice(0, -1)}`,
      `${userId}.${type}`,
      "",
      "not-a-token",
      `${userId}.password_reset.${sig}`,
    ];
    for (const bad of tampered) {
      for (const method of ["GET", "POST"] as const) {
        const res = await t.app.inject({ method, url: `/api/unsubscribe/?token=${encodeURIComponent(bad)}` });
        expect(res.statusCode, `${method} ${bad}`).toBe(400);
        expect(res.json()).toEqual({ detail: INVALID_UNSUBSCRIBE_LINK });
      }
    }
    expect((await t.app.inject({ method: "POST", url: "/api/unsubscribe/" })).statusCode).toBe(400);
    for (const c of [s.customer, other]) {
      const prefs = (await getPrefs(c.token)).json<NotificationPreferences>();
      expect(prefs.preferences.every((p) => p.email && p.in_app)).toBe(true);
    }
  });

  it("carries the headers over real SMTP", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.server.address() as { port: number }).port;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Atelier <no-reply@atelier.test>",
      mailDir: "/nonexistent",
      logger: pino({ level: "silent" }),
    });
    const smtpApp = await buildTestApp({ mailer });
    try {
      const s = await submitDesign(smtpApp);
      await issueQuote(smtpApp, await staffToken(smtpApp), s.orderId);
      await smtpApp.services.orders.drain();
      const raw = received.find((r) => r.includes(s.design.order!.order_number)) ?? "";
      const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
      expect(unfolded).toMatch(/^List-Unsubscribe: <http:\/\/app\.test\/api\/unsubscribe\/\?token=[^>\s]+>\r?$/m);
      expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      const url = /List-Unsubscribe: <http:\/\/app\.test([^>]+)>/.exec(unfolded)![1]!;
      const res = await smtpApp.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await smtpApp.close();
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

// A staff reply's e-mail (sent by the messages module) asks the same service.
describe("preferences.allows", () => {
  it("answers per user, type and channel, defaulting to yes", async () => {
    const c = await signUpCustomer(t);
    const { preferences } = t.services;
    expect(await preferences.allows(t.database.db, c.id, "staff_reply", "email")).toBe(true);
    await putPrefs(c.token, [{ type: "staff_reply", email: false, in_app: true }]);
    expect(await preferences.allows(t.database.db, c.id, "staff_reply", "email")).toBe(false);
    expect(await preferences.allows(t.database.db, c.id, "staff_reply", "in_app")).toBe(true);
    expect(await preferences.allows(t.database.db, c.id, "payment", "email")).toBe(true);
  });
});
