/**
 * Local fakes of Razorpay's and Stripe's HTTP APIs, for the server tests and the browser suite:
 * real HTTP servers on loopback that the official SDKs are pointed at (RAZORPAY_API_URL,
 * STRIPE_API_URL). Each serves the API calls the app makes (Razorpay: create an order, refund a
 * payment; Stripe: create and expire a Checkout Session, create a refund), checks the app's keys,
 * and serves a checkout page standing in for the provider's: "Pay" posts a webhook signed exactly
 * as the provider signs it (Razorpay: X-Razorpay-Signature = HMAC-SHA256 hex of the body; Stripe:
 * Stripe-Signature t=…,v1=… made by the Stripe SDK's own generateTestHeaderString) to the app and
 * sends the browser back to the order page; "Fail" / "Cancel" do what the provider does then.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type WebhookTarget = string | ((body: string, headers: Record<string, string>) => Promise<{ status: number }>);

interface FakeBase {
  /** The API base URL to give the app (RAZORPAY_API_URL / STRIPE_API_URL). */
  url: string;
  /** The app's environment for this provider (keys, secrets and the API URL). */
  env: Record<string, string>;
  /** Where signed webhooks go: the app's webhook URL, or a function (tests: app.inject). */
  setWebhookTarget(target: WebhookTarget): void;
  /** Every API request the app made, in order (method, path, parsed body). */
  requests: { method: string; path: string; body: Record<string, unknown> }[];
  /** Refunds are settled by a webhook right after they are created (the browser suite); off by default. */
  autoSettleRefunds: boolean;
  stop(): Promise<void>;
}

const rid = (prefix: string) => `${prefix}${crypto.randomBytes(7).toString("hex")}`;

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: http.ServerResponse, status: number, body: unknown, type = "application/json"): void {
  res.writeHead(status, { "content-type": type });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

async function listen(server: http.Server, port: number): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

async function post(target: WebhookTarget | null, body: string, headers: Record<string, string>): Promise<{ status: number }> {
  if (!target) throw new Error("The fake provider has no webhook target: call setWebhookTarget first.");
  if (typeof target === "function") return target(body, headers);
  const res = await fetch(target, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return { status: res.status };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function checkoutPage(title: string, amount: string, actionBase: string, back: string, failLabel: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>
<main><h1>${escapeHtml(title)}</h1><p>Amount: <strong>${escapeHtml(amount)}</strong></p>
<form method="post" action="${actionBase}/pay"><input type="hidden" name="return" value="${escapeHtml(back)}"><button type="submit">Pay</button></form>
<form method="post" action="${actionBase}/fail"><input type="hidden" name="return" value="${escapeHtml(back)}"><button type="submit">${escapeHtml(failLabel)}</button></form>
</main></body></html>`;
}

const money = (minor: number, currency: string) => `${currency.toUpperCase()} ${(minor / 100).toFixed(2)}`;

// ---------------------------------------------------------------- Razorpay

export interface RazorpayFakeOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: "created" | "attempted" | "paid";
  notes: Record<string, string>;
  created_at: number;
}

export interface FakeRazorpay extends FakeBase {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  checkoutScriptUrl: string;
  orders: Map<string, RazorpayFakeOrder>;
  /** A webhook body and its headers, signed as Razorpay signs them. */
  signed(event: string, payload: Record<string, unknown>, eventId?: string): { body: string; headers: Record<string, string> };
  /** Signs and delivers an event to the app. */
  deliver(event: string, payload: Record<string, unknown>, eventId?: string): Promise<{ status: number; eventId: string }>;
  /** The customer pays the order: payment.captured with the order's amount and currency unless overridden. */
  capture(
    orderId: string,
    overrides?: { amount?: number; currency?: string; paymentId?: string; eventId?: string },
  ): Promise<{ status: number; paymentId: string; eventId: string }>;
  /** The payment fails: payment.failed with Razorpay's error description. */
  fail(orderId: string, description?: string, eventId?: string): Promise<{ status: number; eventId: string }>;
  /** A refund's settlement: refund.processed or refund.failed. */
  settleRefund(
    refundId: string,
    paymentId: string,
    outcome: "processed" | "failed",
    eventId?: string,
  ): Promise<{ status: number; eventId: string }>;
}

/** Fixed keys for a fake whose app was started before it (the browser suite); random otherwise. */
export interface RazorpayFakeKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export async function startFakeRazorpay(
  options: { port?: number; webhookTarget?: WebhookTarget; keys?: RazorpayFakeKeys } = {},
): Promise<FakeRazorpay> {
  const keyId = options.keys?.keyId ?? `rzp_test_${crypto.randomBytes(6).toString("hex")}`;
  const keySecret = options.keys?.keySecret ?? crypto.randomBytes(12).toString("hex");
  const webhookSecret = options.keys?.webhookSecret ?? crypto.randomBytes(12).toString("hex");
  let target: WebhookTarget | null = options.webhookTarget ?? null;
  const orders = new Map<string, RazorpayFakeOrder>();
  const requests: FakeBase["requests"] = [];
  const basic = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  let base = "";

  function signed(event: string, payload: Record<string, unknown>, eventId = rid("evt_")) {
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_fake",
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    const signature = crypto.createHmac("sha256", webhookSecret).update(body).digest("hex");
    return { body, headers: { "content-type": "application/json", "x-razorpay-signature": signature, "x-razorpay-event-id": eventId } };
  }
  async function deliver(event: string, payload: Record<string, unknown>, eventId = rid("evt_")) {
    const s = signed(event, payload, eventId);
    const { status } = await post(target, s.body, s.headers);
    return { status, eventId };
  }
  const paymentEntity = (order: RazorpayFakeOrder, id: string, status: string, extra: Record<string, unknown> = {}) => ({
    id,
    entity: "payment",
    amount: order.amount,
    currency: order.currency,
    status,
    order_id: order.id,
    method: "upi",
    captured: status === "captured",
    notes: order.notes,
    created_at: Math.floor(Date.now() / 1000),
    ...extra,
  });
  async function capture(orderId: string, o: { amount?: number; currency?: string; paymentId?: string; eventId?: string } = {}) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no such fake Razorpay order ${orderId}`);
    const paymentId = o.paymentId ?? rid("pay_");
    order.status = "paid";
    order.amount_paid = o.amount ?? order.amount;
    const entity = paymentEntity(order, paymentId, "captured", {
      ...(o.amount !== undefined && { amount: o.amount }),
      ...(o.currency && { currency: o.currency }),
    });
    const r = await deliver("payment.captured", { payment: { entity } }, o.eventId);
    return { ...r, paymentId };
  }
  async function fail(orderId: string, description = "Your bank declined this payment.", eventId?: string) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no such fake Razorpay order ${orderId}`);
    order.status = "attempted";
    const entity = paymentEntity(order, rid("pay_"), "failed", {
      error_code: "BAD_REQUEST_ERROR",
      error_description: description,
      error_reason: "payment_failed",
    });
    return deliver("payment.failed", { payment: { entity } }, eventId);
  }
  async function settleRefund(refundId: string, paymentId: string, outcome: "processed" | "failed", eventId?: string) {
    const refund = { id: refundId, entity: "refund", payment_id: paymentId, status: outcome, amount: 0, currency: "INR" };
    return deliver(`refund.${outcome}`, { refund: { entity: refund } }, eventId);
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", base);
      const raw = await readBody(req);
      if (req.method === "GET" && url.pathname === "/v1/checkout.js") {
        // Razorpay Checkout's constructor: open() takes the browser to the fake's checkout page.
        const js = `window.Razorpay = function (options) { this.options = options; };
window.Razorpay.prototype.open = function () { var here = new URL(window.location.href); here.searchParams.set("payment", "return"); var back = here.toString(); window.location.href = ${JSON.stringify(base)} + "/checkout/" + encodeURIComponent(this.options.order_id) + "?return=" + encodeURIComponent(back); };
window.Razorpay.prototype.on = function () {};`;
        return send(res, 200, js, "application/javascript");
      }
      const page = url.pathname.match(/^\/checkout\/(order_\w+)(\/pay|\/fail)?$/);
      if (page?.[1]) {
        const order = orders.get(page[1]);
        if (!order) return send(res, 404, "No such order", "text/plain");
        if (req.method === "GET")
          return send(
            res,
            200,
            checkoutPage(
              "Razorpay test checkout",
              money(order.amount, order.currency),
              `/checkout/${order.id}`,
              url.searchParams.get("return") ?? "",
              "Fail payment",
            ),
            "text/html",
          );
        const back = new URLSearchParams(raw).get("return") ?? "";
        if (page[2] === "/pay") await capture(order.id);
        else await fail(order.id);
        res.writeHead(303, { location: back || "/" });
        return res.end();
      }
      if (req.headers.authorization !== basic)
        return send(res, 401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      requests.push({ method: req.method ?? "", path: url.pathname, body });
      if (req.method === "POST" && url.pathname === "/v1/orders") {
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 100)
          return send(res, 400, { error: { code: "BAD_REQUEST_ERROR", description: "The amount must be atleast INR 1.00" } });
        const order: RazorpayFakeOrder = {
          id: rid("order_"),
          entity: "order",
          amount,
          amount_paid: 0,
          amount_due: amount,
          currency: typeof body.currency === "string" ? body.currency : "INR",
          receipt: typeof body.receipt === "string" ? body.receipt : "",
          status: "created",
          notes: (body.notes as Record<string, string> | undefined) ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return send(res, 200, order);
      }
      const refund = url.pathname.match(/^\/v1\/payments\/(pay_\w+)\/refund$/);
      if (req.method === "POST" && refund?.[1]) {
        const entity = {
          id: rid("rfnd_"),
          entity: "refund",
          amount: Number(body.amount),
          currency: "INR",
          payment_id: refund[1],
          notes: body.notes ?? {},
          status: "pending",
          created_at: Math.floor(Date.now() / 1000),
        };
        if (fake.autoSettleRefunds) setTimeout(() => void settleRefund(entity.id, refund[1] ?? "", "processed").catch(() => undefined), 50);
        return send(res, 200, entity);
      }
      return send(res, 404, { error: { code: "BAD_REQUEST_ERROR", description: "The requested URL was not found on the server." } });
    })().catch((err: unknown) => send(res, 500, { error: { code: "SERVER_ERROR", description: String(err) } }));
  });
  base = await listen(server, options.port ?? 0);
  const fake: FakeRazorpay = {
    url: base,
    keyId,
    keySecret,
    webhookSecret,
    checkoutScriptUrl: `${base}/v1/checkout.js`,
    env: {
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      RAZORPAY_API_URL: base,
      RAZORPAY_CHECKOUT_SCRIPT_URL: `${base}/v1/checkout.js`,
    },
    orders,
    requests,
    autoSettleRefunds: false,
    setWebhookTarget: (t) => (target = t),
    signed,
    deliver,
    capture,
    fail,
    settleRefund,
    stop: () => close(server),
  };
  return fake;
}

// ---------------------------------------------------------------- Stripe

export interface StripeFakeSession {
  id: string;
  object: "checkout.session";
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string;
  url: string | null;
}

export interface FakeStripe extends FakeBase {
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, StripeFakeSession>;
  signed(type: string, object: Record<string, unknown>, eventId?: string): { body: string; headers: Record<string, string> };
  deliver(type: string, object: Record<string, unknown>, eventId?: string): Promise<{ status: number; eventId: string }>;
  /** The customer pays the session: checkout.session.completed (paid), amount and currency overridable. */
  complete(
    sessionId: string,
    overrides?: { amount?: number; currency?: string; eventId?: string },
  ): Promise<{ status: number; paymentIntent: string; eventId: string }>;
  /** The session lapses: checkout.session.expired. */
  expire(sessionId: string, eventId?: string): Promise<{ status: number; eventId: string }>;
  /** A refund's settlement: refund.updated with status succeeded or failed. */
  settleRefund(
    refundId: string,
    paymentIntent: string,
    status: "succeeded" | "failed",
    eventId?: string,
  ): Promise<{ status: number; eventId: string }>;
}

/** Stripe's form encoding (a[b][0][c]=v) read back into the few fields the fake needs. */
function formField(form: URLSearchParams, key: string): string | null {
  return form.get(key);
}

export async function startFakeStripe(
  options: { port?: number; webhookTarget?: WebhookTarget; keys?: { secretKey: string; webhookSecret: string } } = {},
): Promise<FakeStripe> {
  const secretKey = options.keys?.secretKey ?? `sk_test_${crypto.randomBytes(12).toString("hex")}`;
  const webhookSecret = options.keys?.webhookSecret ?? `whsec_${crypto.randomBytes(16).toString("hex")}`;
  // The SDK signs the fake's webhooks exactly as Stripe does (t=…,v1=HMAC-SHA256 of "t.payload").
  const signer = new Stripe(secretKey).webhooks;
  let target: WebhookTarget | null = options.webhookTarget ?? null;
  const sessions = new Map<string, StripeFakeSession>();
  const requests: FakeBase["requests"] = [];
  const idempotent = new Map<string, unknown>();
  let base = "";

  function signed(type: string, object: Record<string, unknown>, eventId = rid("evt_")) {
    const body = JSON.stringify({
      id: eventId,
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
      pending_webhooks: 1,
      request: null,
    });
    return {
      body,
      headers: {
        "content-type": "application/json",
        "stripe-signature": signer.generateTestHeaderString({ payload: body, secret: webhookSecret }),
      },
    };
  }
  async function deliver(type: string, object: Record<string, unknown>, eventId = rid("evt_")) {
    const s = signed(type, object, eventId);
    const { status } = await post(target, s.body, s.headers);
    return { status, eventId };
  }
  async function complete(sessionId: string, o: { amount?: number; currency?: string; eventId?: string } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no such fake Stripe session ${sessionId}`);
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent ??= rid("pi_");
    const object = { ...session, ...(o.amount !== undefined && { amount_total: o.amount }), ...(o.currency && { currency: o.currency }) };
    const r = await deliver("checkout.session.completed", object, o.eventId);
    return { ...r, paymentIntent: session.payment_intent };
  }
  async function expire(sessionId: string, eventId?: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no such fake Stripe session ${sessionId}`);
    session.status = "expired";
    return deliver("checkout.session.expired", { ...session }, eventId);
  }
  async function settleRefund(refundId: string, paymentIntent: string, status: "succeeded" | "failed", eventId?: string) {
    return deliver(
      "refund.updated",
      {
        id: refundId,
        object: "refund",
        payment_intent: paymentIntent,
        status,
        failure_reason: status === "failed" ? "declined" : null,
        amount: 0,
        currency: "usd",
      },
      eventId,
    );
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", base);
      const raw = await readBody(req);
      const page = url.pathname.match(/^\/checkout\/(cs_test_\w+)(\/pay|\/fail)?$/);
      if (page?.[1]) {
        const session = sessions.get(page[1]);
        if (!session) return send(res, 404, "No such checkout session", "text/plain");
        if (req.method === "GET") {
          if (session.status !== "open") return send(res, 410, "This checkout session is no longer open.", "text/plain");
          return send(
            res,
            200,
            checkoutPage("Stripe test checkout", money(session.amount_total, session.currency), `/checkout/${session.id}`, "", "Cancel"),
            "text/html",
          );
        }
        if (page[2] === "/pay") {
          await complete(session.id);
          res.writeHead(303, { location: session.success_url });
        } else res.writeHead(303, { location: session.cancel_url });
        return res.end();
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
      const form = new URLSearchParams(raw);
      requests.push({ method: req.method ?? "", path: url.pathname, body: Object.fromEntries(form) });
      const key = req.headers["idempotency-key"];
      const remembered = typeof key === "string" ? idempotent.get(`${url.pathname} ${key}`) : undefined;
      if (remembered) return send(res, 200, remembered);
      const answer = (status: number, body: unknown) => {
        if (typeof key === "string" && status === 200) idempotent.set(`${url.pathname} ${key}`, body);
        send(res, status, body);
      };
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const amount = Number(formField(form, "line_items[0][price_data][unit_amount]"));
        const currency = formField(form, "line_items[0][price_data][currency]") ?? "";
        if (!Number.isInteger(amount) || amount < 50 || !currency)
          return answer(400, { error: { type: "invalid_request_error", message: "Amount must be at least 50 cents." } });
        const id = rid("cs_test_");
        const session: StripeFakeSession = {
          id,
          object: "checkout.session",
          amount_total: amount,
          currency,
          customer_email: formField(form, "customer_email"),
          client_reference_id: formField(form, "client_reference_id"),
          metadata: Object.fromEntries([...form].filter(([k]) => k.startsWith("metadata[")).map(([k, v]) => [k.slice(9, -1), v])),
          mode: "payment",
          payment_intent: null,
          payment_status: "unpaid",
          status: "open",
          success_url: formField(form, "success_url") ?? "",
          cancel_url: formField(form, "cancel_url") ?? "",
          url: `${base}/checkout/${id}`,
        };
        sessions.set(id, session);
        return answer(200, session);
      }
      const expiry = url.pathname.match(/^\/v1\/checkout\/sessions\/(cs_test_\w+)\/expire$/);
      if (req.method === "POST" && expiry?.[1]) {
        const session = sessions.get(expiry[1]);
        if (!session) return answer(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        if (session.status !== "open")
          return answer(400, { error: { type: "invalid_request_error", message: `This Checkout Session is ${session.status}.` } });
        session.status = "expired";
        session.url = null;
        return answer(200, session);
      }
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        const refund = {
          id: rid("re_"),
          object: "refund",
          amount: Number(formField(form, "amount")),
          currency: "usd",
          payment_intent: formField(form, "payment_intent"),
          metadata: Object.fromEntries([...form].filter(([k]) => k.startsWith("metadata[")).map(([k, v]) => [k.slice(9, -1), v])),
          status: "pending",
          failure_reason: null,
        };
        if (fake.autoSettleRefunds)
          setTimeout(() => void settleRefund(refund.id, refund.payment_intent ?? "", "succeeded").catch(() => undefined), 50);
        return answer(200, refund);
      }
      return answer(404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method} ${url.pathname}).` },
      });
    })().catch((err: unknown) => send(res, 500, { error: { type: "api_error", message: String(err) } }));
  });
  base = await listen(server, options.port ?? 0);
  const fake: FakeStripe = {
    url: base,
    secretKey,
    webhookSecret,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: base },
    sessions,
    requests,
    autoSettleRefunds: false,
    setWebhookTarget: (t) => (target = t),
    signed,
    deliver,
    complete,
    expire,
    settleRefund,
    stop: () => close(server),
  };
  return fake;
}
