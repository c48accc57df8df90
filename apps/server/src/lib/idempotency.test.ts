import crypto from "node:crypto";
import path from "node:path";
import { PassThrough } from "node:stream";
import type { Design } from "@atelier/contract";
import multipartPlugin from "@fastify/multipart";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { conversations, designs, idempotencyKeys, leads, orders, uploads, users } from "../db/schema/index.ts";
import {
  authedInject,
  buildTestApp,
  FakeClock,
  freshDatabase,
  randomIp,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
} from "../test/helpers.ts";
import { designForm, listFiles, multipart, png, signUpCustomer, type Customer } from "../modules/uploads/test-support.ts";
import {
  ANSWER_LOST_MESSAGE,
  installIdempotency,
  IDEMPOTENT_ROUTES,
  IN_FLIGHT_MESSAGE,
  INVALID_KEY_MESSAGE,
  KEY_REUSED_MESSAGE,
  KEY_TTL_MS,
  LEASE_MS,
  NOT_IDEMPOTENT_ROUTES,
  pruneExpiredIdempotencyKeys,
} from "./idempotency.ts";
import { createLocalStorage } from "./storage.ts";
import { waitFor } from "../test/net.ts";

let t: TestApp;
/** Makes the next `put` of the uploads storage fail, as a full disk or a lost object store would. */
let failNextPut = false;

beforeAll(async () => {
  t = await buildTestApp({
    env: { FILE_URL_SECRET: "test-secret-for-signed-file-urls-0123456789" },
    storage: lazyFailingStorage(),
  });
});
afterAll(async () => t.close());

/** The local storage under the test app's DATA_DIR (known only once the app exists), failing on demand. */
function lazyFailingStorage() {
  const local = () => createLocalStorage(path.join(t.dataDir, "uploads"));
  return {
    put: (key: string, data: Parameters<ReturnType<typeof createLocalStorage>["put"]>[1]) => {
      if (failNextPut) {
        failNextPut = false;
        return Promise.reject(new Error("disk full"));
      }
      return local().put(key, data);
    },
    get: (key: string) => local().get(key),
    delete: (key: string) => local().delete(key),
    exists: (key: string) => local().exists(key),
    stat: (key: string) => local().stat(key),
    read: (key: string) => local().read(key),
    list: (prefix?: string) => local().list(prefix),
    description: "local disk (failing on demand)",
  };
}

const newKey = () => crypto.randomUUID();
const TICKET = { subject: "Resize my ring", category: "order", message: "Can the band go from US 6 to US 7?" };

function openTicket(c: Customer, key: string | undefined, body: object = TICKET) {
  return authedInject(t, c.token, {
    method: "POST",
    url: "/api/support/tickets/",
    payload: body,
    headers: key === undefined ? {} : { "idempotency-key": key },
  });
}
const ticketsOf = (userId: string) => t.database.db.select().from(conversations).where(eq(conversations.userId, userId));
const designsOf = (userId: string) => t.database.db.select().from(designs).where(eq(designs.userId, userId));
const ordersOf = (userId: string) => t.database.db.select().from(orders).where(eq(orders.userId, userId));
const uploadsOf = (userId: string) => t.database.db.select().from(uploads).where(eq(uploads.userId, userId));
const filesOf = (userId: string) => listFiles(path.join(t.dataDir, "uploads", "users", userId));

function expectReplayOf(first: LightMyRequestResponse, retry: LightMyRequestResponse) {
  expect(retry.statusCode).toBe(first.statusCode);
  expect(retry.headers["idempotent-replayed"]).toBe("true");
  expect(retry.headers["content-type"]).toBe(first.headers["content-type"]);
  expect(retry.body).toBe(first.body);
}

describe("Idempotency-Key on a JSON POST", () => {
  it("answers a retry with the first answer and creates nothing twice", async () => {
    const c = await signUpCustomer(t);
    const key = newKey();
    const mailsBefore = t.mailer.sent.length;
    const first = await openTicket(c, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();

    const retry = await openTicket(c, key);
    expectReplayOf(first, retry);
    // The same body with its keys in another order is the same request.
    const reordered = await openTicket(c, key, { message: TICKET.message, category: TICKET.category, subject: TICKET.subject });
    expectReplayOf(first, reordered);

    expect(await ticketsOf(c.id)).toHaveLength(1);
    await t.drainJobs();
    expect(t.mailer.sent.length - mailsBefore).toBe(1); // one acknowledgement
    // Without a key, the same body is a new request.
    expect((await openTicket(c, undefined)).statusCode).toBe(201);
    expect(await ticketsOf(c.id)).toHaveLength(2);
  });

  it("refuses the same key with another body (422) and creates nothing", async () => {
    const c = await signUpCustomer(t);
    const key = newKey();
    expect((await openTicket(c, key)).statusCode).toBe(201);
    const other = await openTicket(c, key, { ...TICKET, subject: "Another question" });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: KEY_REUSED_MESSAGE });
    // Another path with the same key is another request too.
    const elsewhere = await authedInject(t, c.token, {
      method: "POST",
      url: "/api/designs/",
      payload: { name: "Ring", design_type: "ring" },
      headers: { "idempotency-key": key },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(await ticketsOf(c.id)).toHaveLength(1);
    expect(await designsOf(c.id)).toHaveLength(0);
  });

  it("never answers one customer with another's result", async () => {
    const a = await signUpCustomer(t);
    const b = await signUpCustomer(t);
    const key = newKey();
    const first = await openTicket(a, key);
    const theirs = await openTicket(b, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
    expect(await ticketsOf(a.id)).toHaveLength(1);
    expect(await ticketsOf(b.id)).toHaveLength(1);
  });

  it.each([
    ["empty", ""],
    ["too long", "k".repeat(256)],
    ["a control character", "abc\tdef"],
  ])("refuses a key that is %s with 400", async (_what, key) => {
    const c = await signUpCustomer(t);
    const res = await openTicket(c, key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: INVALID_KEY_MESSAGE });
    expect(await ticketsOf(c.id)).toHaveLength(0);
  });

  it("accepts 255 printable characters, spaces and symbols included", async () => {
    const c = await signUpCustomer(t);
    const key = `a b~!${"x".repeat(250)}`;
    expect(key).toHaveLength(255);
    const first = await openTicket(c, key);
    expect(first.statusCode).toBe(201);
    expectReplayOf(first, await openTicket(c, key));
  });

  it("keeps a 4xx answer from the handler (a retry gets the same refusal) but not a schema's 400", async () => {
    const c = await signUpCustomer(t);
    const key = newKey();
    const url = `/api/orders/${crypto.randomUUID()}/comments/`;
    const first = await authedInject(t, c.token, { method: "POST", url, payload: { text: "Hello" }, headers: { "idempotency-key": key } });
    expect(first.statusCode).toBe(404);
    const retry = await authedInject(t, c.token, { method: "POST", url, payload: { text: "Hello" }, headers: { "idempotency-key": key } });
    expectReplayOf(first, retry);

    // A body the schema refuses never reaches the handler: nothing is kept, the key stays free.
    const key2 = newKey();
    const invalid = await openTicket(c, key2, { subject: "" });
    expect(invalid.statusCode).toBe(400);
    const valid = await openTicket(c, key2);
    expect(valid.statusCode).toBe(201);
    expect(valid.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("forgets a key after 24 hours", async () => {
    const c = await signUpCustomer(t);
    const key = newKey();
    expect((await openTicket(c, key)).statusCode).toBe(201);
    t.clock.advance(KEY_TTL_MS - 1000);
    expect((await openTicket(c, key)).headers["idempotent-replayed"]).toBe("true");
    t.clock.advance(2000);
    const again = await openTicket(c, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(await ticketsOf(c.id)).toHaveLength(2);
  });

  it("is removed from the table by the periodic prune once expired, and not before", async () => {
    const c = await signUpCustomer(t);
    expect((await openTicket(c, newKey())).statusCode).toBe(201);
    const scope = `user:${c.id}`;
    const mine = async () => (await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope))).length;
    await pruneExpiredIdempotencyKeys(t.database.db, t.clock.now());
    expect(await mine()).toBe(1);
    await pruneExpiredIdempotencyKeys(t.database.db, new Date(t.clock.now().getTime() + KEY_TTL_MS + 1000));
    expect(await mine()).toBe(0);
  });

  it("keeps neither the key nor the answer readable in the table", async () => {
    const email = uniqueEmail();
    const key = newKey();
    const ip = randomIp();
    const register = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/register/",
        payload: { email, password: TEST_PASSWORD, confirm_password: TEST_PASSWORD },
        headers: { "idempotency-key": key },
        remoteAddress: ip,
      });
    const first = await register();
    expect(first.statusCode, first.body).toBe(201);
    const token = first.json<{ token: string }>().token;
    // A sign-up retried from the same client gets its session back, and one account exists.
    expectReplayOf(first, await register());
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    const rows = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, `ip:${ip}`));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(email);
  });

  it("scopes a signed-out caller's key to its address", async () => {
    const email = uniqueEmail();
    const key = newKey();
    const body = { email, password: TEST_PASSWORD, confirm_password: TEST_PASSWORD };
    const headers = { "idempotency-key": key };
    const first = await t.app.inject({ method: "POST", url: "/api/auth/register/", payload: body, headers, remoteAddress: randomIp() });
    expect(first.statusCode).toBe(201);
    const elsewhere = await t.app.inject({ method: "POST", url: "/api/auth/register/", payload: body, headers, remoteAddress: randomIp() });
    expect(elsewhere.headers["idempotent-replayed"]).toBeUndefined();
    expect(elsewhere.statusCode).toBe(400); // the address is taken; no session handed out
  });
});

describe("Idempotency-Key on a multipart design upload", () => {
  it("creates one design, one order and one set of files however often the form is retried", async () => {
    const c = await signUpCustomer(t);
    const key = newKey();
    const images = [
      { filename: "a.png", data: await png(320, 200), contentType: "image/png" },
      { filename: "b.png", data: await png(200, 320), contentType: "image/png" },
    ];
    const data = { name: "Retried ring", design_type: "ring", description: "Sent twice over a bad connection." };
    const post = (form = designForm(data, images), k = key) =>
      authedInject(t, c.token, { method: "POST", url: "/api/designs/", ...form, headers: { ...form.headers, "idempotency-key": k } });

    const first = await post();
    expect(first.statusCode, first.body).toBe(201);
    const filesAfterFirst = filesOf(c.id);
    expect(filesAfterFirst.length).toBeGreaterThan(0);

    // designForm picks a new boundary each time, as a browser does for the same FormData.
    const retry = await post();
    expectReplayOf(first, retry);
    expect(retry.json<Design>().images).toHaveLength(2);

    expect(await designsOf(c.id)).toHaveLength(1);
    expect(await ordersOf(c.id)).toHaveLength(1);
    expect(await uploadsOf(c.id)).toHaveLength(2);
    expect(filesOf(c.id)).toEqual(filesAfterFirst);

    // The same key with one image swapped is another request.
    const swapped = await post(designForm(data, [images[0]!, { filename: "b.png", data: await png(201, 320), contentType: "image/png" }]));
    expect(swapped.statusCode).toBe(422);
    expect(swapped.json()).toEqual({ detail: KEY_REUSED_MESSAGE });
    expect(await designsOf(c.id)).toHaveLength(1);
    expect(listFiles(path.join(t.dataDir, "tmp"))).toEqual([]);
  });

  it("recognises a FormData sent twice over a real socket (a new boundary each time)", async () => {
    const c = await signUpCustomer(t);
    const key = newKey();
    const image = await png(240, 160);
    // Listening until the app closes (afterAll).
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const send = () => {
      const form = new FormData();
      form.append("data", JSON.stringify({ name: "Socket ring", design_type: "ring", description: "Sent by fetch twice." }));
      form.append("images", new Blob([image], { type: "image/png" }), "s.png");
      return fetch(`${address}/api/designs/`, {
        method: "POST",
        body: form,
        headers: { authorization: `Token ${c.token}`, "idempotency-key": key },
      });
    };
    const first = await send();
    const firstBody = await first.text();
    expect(first.status, firstBody).toBe(201);
    const retry = await send();
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.text()).toBe(firstBody);
    expect(await designsOf(c.id)).toHaveLength(1);
    expect(await uploadsOf(c.id)).toHaveLength(1);
  });

  it("answers 409 while the first request is still being carried out, then replays it", async () => {
    const c = await signUpCustomer(t);
    const key = newKey();
    const form = designForm({ name: "Slow upload", design_type: "pendant", description: "A pendant sent over a slow line." }, [
      { filename: "p.png", data: await png(), contentType: "image/png" },
    ]);
    // The first request's body arrives slowly: half now, the rest after the duplicate.
    const body = new PassThrough();
    const half = Math.floor(form.payload.length / 2);
    body.write(form.payload.subarray(0, half));
    const firstPromise = authedInject(t, c.token, {
      method: "POST",
      url: "/api/designs/",
      payload: body,
      headers: { ...form.headers, "content-length": String(form.payload.length), "idempotency-key": key },
    });
    await waitFor(
      async () =>
        (
          await t.database.db
            .select()
            .from(idempotencyKeys)
            .where(eq(idempotencyKeys.scope, `user:${c.id}`))
        ).length === 1,
    );

    const duplicate = await authedInject(t, c.token, {
      method: "POST",
      url: "/api/designs/",
      ...form,
      headers: { ...form.headers, "idempotency-key": key },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.headers["retry-after"]).toBe("1");
    expect(duplicate.json()).toEqual({ detail: IN_FLIGHT_MESSAGE });

    body.end(form.payload.subarray(half));
    const first = await firstPromise;
    expect(first.statusCode, first.body).toBe(201);
    const retry = await authedInject(t, c.token, {
      method: "POST",
      url: "/api/designs/",
      ...form,
      headers: { ...form.headers, "idempotency-key": key },
    });
    expectReplayOf(first, retry);
    expect(await designsOf(c.id)).toHaveLength(1);
  });

  it("does not keep a 5xx: the retry runs again and creates the design once", async () => {
    const c = await signUpCustomer(t);
    const key = newKey();
    const post = async () => {
      const form = designForm({ name: "Unlucky ring", design_type: "ring", description: "Its first upload hit a full disk." }, [
        { filename: "r.png", data: await png(), contentType: "image/png" },
      ]);
      return authedInject(t, c.token, {
        method: "POST",
        url: "/api/designs/",
        ...form,
        headers: { ...form.headers, "idempotency-key": key },
      });
    };
    failNextPut = true;
    const failed = await post();
    expect(failed.statusCode).toBe(500);
    expect(await designsOf(c.id)).toHaveLength(0);

    const retry = await post();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expectReplayOf(retry, await post());
    expect(await designsOf(c.id)).toHaveLength(1);
    // Upload History keeps the failed attempt as failed; one image made it, with one set of files.
    expect((await uploadsOf(c.id)).map((u) => u.status).sort()).toEqual(["completed", "failed"]);
    expect(filesOf(c.id)).toHaveLength(3);
  });

  it("lets a retry take over a reservation abandoned by a stopped instance", async () => {
    const c = await signUpCustomer(t);
    const key = newKey();
    const keyHash = crypto.createHash("sha256").update(key).digest("hex");
    const now = t.clock.now();
    await t.database.db.insert(idempotencyKeys).values({
      scope: `user:${c.id}`,
      keyHash,
      fingerprint: null,
      lockedUntil: new Date(now.getTime() + LEASE_MS),
      createdAt: now,
      expiresAt: new Date(now.getTime() + KEY_TTL_MS),
    });
    expect((await openTicket(c, key)).statusCode).toBe(409);
    t.clock.advance(LEASE_MS + 1000);
    const taken = await openTicket(c, key);
    expect(taken.statusCode).toBe(201);
    expectReplayOf(taken, await openTicket(c, key));
    expect(await ticketsOf(c.id)).toHaveLength(1);
  });

  it("answers a multipart request refused before its body was read the same way again", async () => {
    const c = await signUpCustomer(t);
    const key = newKey();
    // A conversation that is not theirs is a 404 before the route reads the body.
    const url = `/api/messages/${crypto.randomUUID()}/`;
    const send = () => {
      const form = multipart([{ name: "text", value: "Hello" }]);
      return authedInject(t, c.token, { method: "POST", url, ...form, headers: { ...form.headers, "idempotency-key": key } });
    };
    const first = await send();
    expect(first.statusCode).toBe(404);
    const retry = await send();
    expect(retry.statusCode).toBe(404);
    expect(retry.body).toBe(first.body);
    // Kept if the body had been read to its end by the time of the answer, released otherwise: never half a fingerprint.
    const rows = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, `user:${c.id}`));
    expect(rows.every((r) => r.responseStatus === 404 && r.fingerprint !== null)).toBe(true);
  });
});

describe("a change committed before a 5xx (issue 20: the database went away after the commit)", () => {
  let database: Database;
  let app: FastifyInstance;
  /** What the handler does after its transaction: nothing, or fail as a lost connection would. */
  let afterCommit: "answer" | "fail" = "answer";
  let failInside = false;

  beforeAll(async () => {
    database = await freshDatabase();
    app = Fastify();
    await app.register(multipartPlugin);
    installIdempotency(app, { db: database.db, clock: new FakeClock() });
    // A stand-in for a module's route: one transaction, then maybe a failure.
    app.post("/api/leads/", async (req, reply) => {
      const body = req.body as { email: string };
      const [lead] = await database.db.transaction(async (tx) => {
        const rows = await tx.insert(leads).values({ source: "contact", name: "Ana", email: body.email }).returning();
        if (failInside) throw new Error("connection lost before the commit");
        return rows;
      });
      if (afterCommit === "fail") throw new Error("connection lost after the commit");
      return reply.code(201).send(lead);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (key: string, email: string) =>
    app.inject({ method: "POST", url: "/api/leads/", payload: { email }, headers: { "idempotency-key": key }, remoteAddress: "10.9.9.9" });
  const leadsFor = (email: string) => database.db.select().from(leads).where(eq(leads.email, email));

  it("is not carried out again: the retry is told its answer was lost", async () => {
    const key = newKey();
    afterCommit = "fail";
    const failed = await post(key, "lost@example.com");
    expect(failed.statusCode).toBe(500);
    afterCommit = "answer";
    const retry = await post(key, "lost@example.com");
    expect(retry.statusCode).toBe(409);
    expect(retry.headers["retry-after"]).toBeUndefined();
    expect(retry.json()).toEqual({ detail: ANSWER_LOST_MESSAGE });
    expect(await leadsFor("lost@example.com")).toHaveLength(1);
    // The same key with another body is still another request.
    expect((await post(key, "other@example.com")).statusCode).toBe(422);
  });

  it("runs again when the transaction did not commit", async () => {
    const key = newKey();
    failInside = true;
    expect((await post(key, "rolled-back@example.com")).statusCode).toBe(500);
    failInside = false;
    const retry = await post(key, "rolled-back@example.com");
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(await leadsFor("rolled-back@example.com")).toHaveLength(1);
  });

  it("marks nothing for requests without a key", async () => {
    afterCommit = "fail";
    const res = await app.inject({ method: "POST", url: "/api/leads/", payload: { email: "nokey@example.com" } });
    afterCommit = "answer";
    expect(res.statusCode).toBe(500);
    expect(await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, "ip:127.0.0.1"))).toEqual([]);
  });
});

describe("which routes take the header", () => {
  it("lists every POST of the API as idempotent or not, and documents the header on the idempotent ones", () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };
    const posts: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      if (!ops.post) continue;
      const route = `POST ${p.replace(/\{(\w+)\}/g, ":$1")}`;
      posts.push(route);
      const documented = (ops.post.parameters ?? []).some((x) => x.in === "header" && x.name === "idempotency-key");
      expect(documented, route).toBe(IDEMPOTENT_ROUTES.has(route));
    }
    const unlisted = posts.filter((r) => !IDEMPOTENT_ROUTES.has(r) && !(r in NOT_IDEMPOTENT_ROUTES));
    expect(unlisted).toEqual([]);
    const stale = [...IDEMPOTENT_ROUTES, ...Object.keys(NOT_IDEMPOTENT_ROUTES)].filter((r) => !posts.includes(r));
    // The no-script lead form is hidden from the document; everything else listed must exist.
    expect(stale).toEqual([]);
  });
});
