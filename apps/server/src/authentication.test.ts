// Authentication comes before anything else a request carries (its body, its content type), on
// every route of the OpenAPI document; answers to signed-in callers are never cached; signing out
// (or any other revocation) ends the token's live-event streams at once.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, createStaff, signUp, TEST_PASSWORD, type TestApp } from "./test/helpers.ts";
import { listening, openSse } from "./modules/events/test-support.ts";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The operations anyone may call. Anything else in the document must answer 401 to an anonymous caller. */
const PUBLIC = new Set([
  "GET /api/health/",
  // The platform asks these without an account (restart or route traffic); they reveal only up or down.
  "GET /api/health/live",
  "GET /api/health/ready",
  "POST /api/auth/register/",
  "POST /api/auth/login/",
  "POST /api/auth/forgot-password/",
  "POST /api/auth/reset-password/",
  // The signature in the URL is the permission.
  "GET /api/files/{*}",
  "GET /api/unsubscribe/",
  "POST /api/unsubscribe/",
  "POST /api/unsubscribe/resubscribe/",
  "GET /api/social-proof/",
  "POST /api/leads/",
  "POST /api/leads/form/",
  "GET /api/site/",
  // The instant quote before sign-up, throttled per client address.
  "POST /api/public/scrape/",
  "POST /api/public/estimate/",
  // Payment providers call these; the signature over the raw body is the permission (a bad one is 400).
  "POST /api/webhooks/razorpay/",
  "POST /api/webhooks/stripe/",
]);

const BOUNDARY = "authb0undary";
const BAD_BODIES: { kind: string; type: string; payload: string }[] = [
  { kind: "malformed JSON", type: "application/json", payload: '{"name": ' },
  { kind: "a JSON body of the wrong shape", type: "application/json", payload: '[1, {"__x": null}]' },
  { kind: "an unsupported type", type: "application/xml", payload: "<a/>" },
  { kind: "broken multipart", type: `multipart/form-data; boundary=${BOUNDARY}`, payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{` },
];

let t: TestApp;
let operations: { name: string; method: string; url: string }[];

beforeAll(async () => {
  t = await buildTestApp({ liveEvents: { heartbeatMs: 0 } });
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
  const id = crypto.randomUUID();
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({
      name: `${m.toUpperCase()} ${path}`,
      method: m.toUpperCase(),
      url: path.replace(/\{[^}]+\}/g, id),
    })),
  );
});
afterAll(async () => t.close());

describe("every authenticated operation", () => {
  it("answers an anonymous caller 401 whatever body it sends, before reading it", async () => {
    const guarded = operations.filter((op) => !PUBLIC.has(op.name));
    expect(guarded.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const op of guarded) {
      for (const body of BAD_BODIES) {
        const res = await t.app.inject({ method: op.method as "POST", url: op.url, headers: { "content-type": body.type }, payload: body.payload });
        if (res.statusCode !== 401 || res.json<{ detail?: string }>().detail !== "Authentication credentials were not provided.") {
          wrong.push(`${op.name} [${body.kind}] → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers a bad token 401 before the body too", async () => {
    const res = await authedInject(t, "not-a-token", { method: "POST", url: "/api/designs/", headers: { "content-type": "application/json" }, payload: "{" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: "Invalid token." });
  });

  it("lists only operations that exist (the public list is kept up to date)", () => {
    const names = new Set(operations.map((op) => op.name));
    expect([...PUBLIC].filter((name) => !names.has(name))).toEqual([]);
  });
});

describe("signing out", () => {
  it("ignores the body: a malformed or odd one still signs out", async () => {
    for (const body of [...BAD_BODIES, { kind: "no body", type: "", payload: "" }]) {
      const user = await signUp(t);
      const res = await authedInject(t, user.token, {
        method: "POST",
        url: "/api/auth/logout/",
        ...(body.type && { headers: { "content-type": body.type } }),
        ...(body.payload && { payload: body.payload }),
      });
      expect(res.statusCode, `${body.kind}: ${res.body}`).toBe(204);
      expect((await authedInject(t, user.token, { method: "GET", url: "/api/auth/user/" })).statusCode, body.kind).toBe(401);
    }
  });

  it("ends the token's live-event streams at once, and only that token's", async () => {
    const base = await listening(t);
    const user = await signUp(t);
    const other = await t.app.inject({ method: "POST", url: "/api/auth/login/", payload: { email: user.email, password: TEST_PASSWORD } });
    const otherToken = other.json<{ token: string }>().token;
    const stream = await openSse(base, "/api/events/", { authorization: `Token ${user.token}` });
    const otherStream = await openSse(base, "/api/events/", { authorization: `Token ${otherToken}` });
    expect(stream.status).toBe(200);
    // The heartbeat is off in this app: only the sign-out can end the stream.
    const out = await authedInject(t, user.token, { method: "POST", url: "/api/auth/logout/" });
    expect(out.statusCode).toBe(204);
    await stream.ended;
    expect(stream.isEnded()).toBe(true);
    expect(otherStream.isEnded()).toBe(false);
    otherStream.close();
  });

  it("a password change ends the other sessions' streams at once, and keeps the current one's", async () => {
    const base = await listening(t);
    const user = await signUp(t);
    const other = await t.app.inject({ method: "POST", url: "/api/auth/login/", payload: { email: user.email, password: TEST_PASSWORD } });
    const otherStream = await openSse(base, "/api/events/", { authorization: `Token ${other.json<{ token: string }>().token}` });
    const current = await openSse(base, "/api/events/", { authorization: `Token ${user.token}` });
    const changed = await authedInject(t, user.token, {
      method: "POST",
      url: "/api/auth/change-password/",
      payload: { old_password: TEST_PASSWORD, new_password: "Amber-Quartz-97!", confirm_password: "Amber-Quartz-97!" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await otherStream.ended;
    expect(current.isEnded()).toBe(false);
    current.close();
  });

  it("a deactivation ends the account's streams at once", async () => {
    const base = await listening(t);
    const user = await signUp(t);
    const admin = await createStaff(t, "admin");
    const stream = await openSse(base, "/api/events/", { authorization: `Token ${user.token}` });
    const off = await authedInject(t, admin.token, { method: "PATCH", url: `/api/staff/people/${user.user.id}/`, payload: { is_active: false } });
    expect(off.statusCode, off.body).toBe(200);
    await stream.ended;
    expect(stream.isEnded()).toBe(true);
  });
});

describe("caching", () => {
  it("marks every answer to a signed-in caller private, no-store (errors too)", async () => {
    const user = await signUp(t);
    const staff = await createStaff(t);
    const answers = [
      await authedInject(t, user.token, { method: "GET", url: "/api/auth/user/" }),
      await authedInject(t, user.token, { method: "GET", url: "/api/designs/" }),
      await authedInject(t, user.token, { method: "GET", url: "/api/orders/" }),
      await authedInject(t, user.token, { method: "GET", url: `/api/orders/${crypto.randomUUID()}/` }),
      await authedInject(t, user.token, { method: "POST", url: "/api/designs/", payload: {} }),
      await authedInject(t, staff.token, { method: "GET", url: "/api/staff/orders/" }),
      await authedInject(t, "revoked-or-made-up", { method: "GET", url: "/api/auth/user/" }),
    ];
    for (const res of answers) expect(res.headers["cache-control"], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe("private, no-store");
  });

  it("leaves public answers as they were", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/site/" })).headers["cache-control"]).toBe("public, max-age=300");
    expect((await t.app.inject({ method: "GET", url: "/api/health/" })).headers["cache-control"]).toBeUndefined();
  });
});
