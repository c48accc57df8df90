// Runs only where TEST_DATABASE_URL is set (CI's PostgreSQL pass; see vitest.config.ts). The shipped
// bundle `node dist/main.js`, twice, on ONE PostgreSQL database, one Redis, one S3 bucket (s3rver) and
// the same APP_SECRET, behind a real nginx that round-robins between them. Through the proxy only, a
// customer signs up and creates a design with an image, reads it and its signed image links many
// times (both instances serve them), holds live event streams, and staff issue a quote: the stream on
// the instance that did not take the quote receives its event. Each response carries nginx's
// X-Upstream header, which says which instance answered.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSse, type SseClient } from "./modules/events/test-support.ts";
import { designForm, jpeg } from "./modules/uploads/test-support.ts";
import { S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from "./test/s3-server.ts";
import { runAdminQuery } from "./test/postgres-admin.ts";
import { freePort } from "./test/net.ts";

const SERVER_DIR = path.resolve(import.meta.dirname, "..");
const NGINX = "/usr/sbin/nginx";
const PASSWORD = "Amber-Lattice-77";
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const dbName = `t_multi_${crypto.randomBytes(4).toString("hex")}`;
const APP_SECRET = crypto.randomBytes(32).toString("base64url");
/** One client address for this run (nginx appends its own; TRUST_PROXY makes the instances take this one), so throttle keys are this run's own. */
const CLIENT_IP = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

interface Instance {
  port: number;
  child: ChildProcess;
  log: () => string;
  exited: Promise<number | null>;
}

let tmp = "";
let s3: S3TestServer | undefined;
let databaseUrl = "";
let dbCreated = false;
const instances: Instance[] = [];
let nginx: ChildProcess | undefined;
let nginxLog = "";
let proxy = "";
const streams: SseClient[] = [];
/** Requests answered per upstream address, as nginx's X-Upstream header says. */
const served = new Map<string, number>();

const admin = (query: string) => runAdminQuery(adminUrl, query);


async function poll(what: string, ok: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function instanceEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
    LOG_LEVEL: "info",
    DATABASE_URL: databaseUrl,
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    APP_SECRET,
    PUBLIC_URL: proxy,
    TRUST_PROXY: "true",
    S3_BUCKET: s3?.bucket ?? "",
    S3_ENDPOINT: s3?.endpoint ?? "",
    S3_FORCE_PATH_STYLE: "true",
    S3_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  };
}

async function startInstance(name: string): Promise<Instance> {
  const dataDir = path.join(tmp, name);
  await fs.mkdir(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ["dist/main.js"], { cwd: SERVER_DIR, env: { ...process.env, ...instanceEnv(dataDir), PORT: String(port) } });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  const instance = { port, child, log: () => log, exited };
  instances.push(instance);
  await poll(`instance ${name} to serve`, () => log.includes("serving on") || child.exitCode !== null, 120_000);
  if (child.exitCode !== null) throw new Error(`instance ${name} exited (${child.exitCode}):\n${log}`);
  return instance;
}

function runAdmin(args: string[], stdin: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["dist/admin.js", ...args], { cwd: SERVER_DIR, env: { ...process.env, ...instanceEnv(path.join(tmp, "admin")), LOG_LEVEL: "silent" } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.stdin.end(stdin);
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/** The proxying of deploy/nginx.conf (its upstream retries, streaming uploads, unbuffered events), on loopback ports, plus an X-Upstream header. */
function nginxConf(port: number, upstreams: number[]): string {
  const t = (p: string) => path.join(tmp, "nginx", p);
  return `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${t("body")};
  proxy_temp_path ${t("proxy")};
  fastcgi_temp_path ${t("fastcgi")};
  uwsgi_temp_path ${t("uwsgi")};
  scgi_temp_path ${t("scgi")};
  upstream atelier {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 60m;
    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    proxy_set_header Connection "";
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $host;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 2;
    add_header X-Upstream $upstream_addr always;
    location /api/events/ {
      proxy_pass http://atelier;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
    location /api/ {
      proxy_pass http://atelier;
      proxy_request_buffering off;
      proxy_read_timeout 120s;
    }
    location / {
      proxy_pass http://atelier;
    }
  }
}
`;
}

/** A request through nginx; counts which instance answered. */
async function call(method: string, urlPath: string, options: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": CLIENT_IP, ...options.headers };
  if (options.token) headers.authorization = `Token ${options.token}`;
  let body: string | Buffer | undefined = options.body;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const url = urlPath.startsWith("http") ? urlPath : `${proxy}${urlPath}`;
  const res = await fetch(url, { method, headers, body });
  const upstream = res.headers.get("x-upstream") ?? "none";
  served.set(upstream, (served.get(upstream) ?? 0) + 1);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, upstream, headers: res.headers, bytes, json: <T>() => JSON.parse(bytes.toString()) as T };
}

beforeAll(async () => {
  execFileSync(process.execPath, ["scripts/build.mjs", "--quiet"], { cwd: SERVER_DIR, stdio: "inherit" });
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-multi-"));
  await fs.mkdir(path.join(tmp, "nginx", "logs"), { recursive: true });
  await fs.mkdir(path.join(tmp, "admin"));

  await admin(`create database ${dbName}`);
  dbCreated = true;
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
  s3 = await startS3Server(`atelier-multi-${crypto.randomBytes(3).toString("hex")}`);
  const proxyPort = await freePort();
  proxy = `http://127.0.0.1:${proxyPort}`;

  // One after the other: the first applies the migrations (the second would wait on their lock anyway).
  const a = await startInstance("a");
  const b = await startInstance("b");

  const conf = path.join(tmp, "nginx", "nginx.conf");
  await fs.writeFile(conf, nginxConf(proxyPort, [a.port, b.port]));
  const prefix = path.join(tmp, "nginx");
  nginx = spawn(NGINX, ["-e", "stderr", "-p", prefix, "-c", conf, "-g", `daemon off; pid ${path.join(prefix, "nginx.pid")}; error_log stderr;`], { stdio: ["ignore", "pipe", "pipe"] });
  nginx.stdout?.on("data", (d: Buffer) => (nginxLog += d.toString()));
  nginx.stderr?.on("data", (d: Buffer) => (nginxLog += d.toString()));
  await poll(
    "nginx to answer",
    async () => {
      if (nginx?.exitCode !== null) throw new Error(`nginx exited (${nginx?.exitCode}):\n${nginxLog}`);
      return fetch(`${proxy}/api/health/live`).then(
        (r) => r.body?.cancel().then(() => true) ?? true,
        () => false,
      );
    },
    30_000,
  );
}, 300_000);

afterAll(async () => {
  for (const s of streams) s.close();
  if (nginx && nginx.exitCode === null) {
    const gone = new Promise((r) => nginx?.once("exit", r));
    nginx.kill("SIGTERM");
    await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
    if (nginx.exitCode === null) nginx.kill("SIGKILL");
  }
  for (const i of instances) {
    if (i.child.exitCode === null) {
      i.child.kill("SIGTERM");
      const code = await Promise.race([i.exited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 20_000))]);
      if (code === "timeout") i.child.kill("SIGKILL");
    }
  }
  await s3?.stop();
  if (dbCreated) await admin(`drop database if exists ${dbName} with (force)`);
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
}, 120_000);

describe("two instances behind nginx on one database, one Redis and one bucket", () => {
  it("serve one customer's and one jeweller's journey, whichever instance answers each request", async () => {
    const [a, b] = instances as [Instance, Instance];
    const upstreamA = `127.0.0.1:${a.port}`;
    const upstreamB = `127.0.0.1:${b.port}`;

    // Staff: the admin command, on the shared database.
    const staffEmail = `jeweller-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const created = await runAdmin(["create", "--email", staffEmail, "--role", "staff", "--first-name", "Kavya", "--last-name", "Iyer"], `${PASSWORD}\n`);
    expect(created.out).toContain(`Created staff account ${staffEmail}`);
    expect(created.code).toBe(0);

    // The customer signs up on one instance and is known on both.
    const email = `customer-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const registered = await call("POST", "/api/auth/register/", { json: { email, password: PASSWORD, confirm_password: PASSWORD } });
    expect(registered.status).toBe(201);
    const token = registered.json<{ token: string }>().token;
    const whoAmI = await Promise.all(Array.from({ length: 6 }, () => call("GET", "/api/auth/user/", { token })));
    for (const r of whoAmI) {
      expect(r.status).toBe(200);
      expect(r.json<{ email: string }>().email).toBe(email);
    }
    expect(new Set(whoAmI.map((r) => r.upstream))).toEqual(new Set([upstreamA, upstreamB]));
    const signedIn = await call("POST", "/api/auth/login/", { json: { email: staffEmail, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
    const staff = signedIn.json<{ token: string }>().token;

    // A design with an image (multipart): the file goes to the shared bucket.
    const form = designForm(
      { name: "Solitaire ring", description: "An 18K gold solitaire", design_type: "ring", metal: "18K Yellow Gold" },
      [{ filename: "sketch.jpg", data: await jpeg(), contentType: "image/jpeg" }],
    );
    const made = await call("POST", "/api/designs/", { token, body: form.payload, headers: form.headers });
    expect(made.status, made.bytes.toString()).toBe(201);
    const design = made.json<{ id: string; order: { id: string } | null; images: { image: string; thumbnail: string }[] }>();
    expect(design.images).toHaveLength(1);
    expect(design.order).not.toBeNull();
    const orderId = design.order?.id ?? "";

    // The design and its signed image links, many times: each link, signed by whichever instance
    // read the design, is honoured by both, and both give the same bytes from the bucket.
    const imageBytes = new Map<string, Set<string>>();
    const imageServedBy = new Set<string>();
    let lastImage = "";
    for (let i = 0; i < 12; i++) {
      const read = await call("GET", `/api/designs/${design.id}/`, { token });
      expect(read.status).toBe(200);
      const img = read.json<typeof design>().images[0];
      if (!img) throw new Error("the design lost its image");
      expect(img.image.startsWith("/api/files/"), img.image).toBe(true);
      lastImage = img.image;
      for (const link of [img.image, img.thumbnail]) {
        // The link carries no token: the signature is the permission.
        const file = await call("GET", link);
        expect(file.status, `${link} via ${file.upstream}`).toBe(200);
        expect(file.headers.get("content-type") ?? "").toMatch(/^image\//);
        expect(file.bytes.length).toBeGreaterThan(100);
        const kind = link === img.image ? "image" : "thumbnail";
        const digests = imageBytes.get(kind) ?? new Set<string>();
        digests.add(crypto.createHash("sha256").update(file.bytes).digest("hex"));
        imageBytes.set(kind, digests);
        imageServedBy.add(file.upstream);
      }
    }
    expect(imageServedBy).toEqual(new Set([upstreamA, upstreamB]));
    expect(imageBytes.get("image")?.size).toBe(1);
    expect(imageBytes.get("thumbnail")?.size).toBe(1);
    // The same link with a forged signature is refused by both.
    const forgedLink = lastImage.replace(/sig=[^&]+/, `sig=${"A".repeat(43)}`);
    const forged = await Promise.all([call("GET", forgedLink), call("GET", forgedLink)]);
    expect(new Set(forged.map((r) => r.upstream))).toEqual(new Set([upstreamA, upstreamB]));
    for (const r of forged) {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }

    // Live events: streams through the proxy (tickets issued by either instance), until one is held on each instance.
    const byUpstream = new Map<string, SseClient>();
    for (let i = 0; i < 8 && byUpstream.size < 2; i++) {
      const ticket = await call("POST", "/api/events/ticket/", { token });
      expect(ticket.status).toBe(201);
      const stream = await openSse(proxy, `/api/events/?ticket=${ticket.json<{ ticket: string }>().ticket}`, { "x-forwarded-for": CLIENT_IP });
      streams.push(stream);
      expect(stream.status).toBe(200);
      const upstream = String(stream.headers["x-upstream"]);
      served.set(upstream, (served.get(upstream) ?? 0) + 1);
      // Through nginx (buffering off for /api/events/) the greeting arrives at once.
      await stream.waitForComment("connected", 15_000);
      if (!byUpstream.has(upstream)) byUpstream.set(upstream, stream);
      else {
        stream.close();
        // Round robin takes a ticket and a stream as a pair: one more request shifts the next stream to the other instance.
        expect((await call("GET", "/api/auth/user/", { token })).status).toBe(200);
      }
    }
    expect(new Set(byUpstream.keys())).toEqual(new Set([upstreamA, upstreamB]));

    // Staff issue a quote through whichever instance nginx picks: both streams get its event, so
    // one of them got it from the other instance (PostgreSQL LISTEN/NOTIFY).
    const quote = await call("POST", `/api/staff/orders/${orderId}/quotes/`, {
      token: staff,
      json: { line_items: [{ label: "Metal and making", amount: "60000.00" }, { label: "Diamond", amount: "40000.00" }] },
    });
    expect(quote.status, quote.bytes.toString()).toBe(201);
    const otherUpstream = quote.upstream === upstreamA ? upstreamB : upstreamA;
    for (const [upstream, stream] of byUpstream) {
      const event = await stream.waitFor((e) => e.data.order_id === orderId, 15_000);
      expect(event.data.order_id, `stream on ${upstream}`).toBe(orderId);
    }
    const remote = byUpstream.get(otherUpstream);
    expect(remote?.events.some((e) => e.data.order_id === orderId && e.data.status === "quoted")).toBe(true);

    // And the customer sees the quoted order on both instances.
    const orders = await Promise.all(Array.from({ length: 4 }, () => call("GET", `/api/orders/${orderId}/`, { token })));
    for (const r of orders) {
      expect(r.status).toBe(200);
      expect(r.json<{ status: string }>().status).toBe("quoted");
    }
    expect(new Set(orders.map((r) => r.upstream))).toEqual(new Set([upstreamA, upstreamB]));

    // Another customer's order is 404 on either instance.
    const stranger = await call("POST", "/api/auth/register/", {
      json: { email: `other-${crypto.randomBytes(4).toString("hex")}@example.com`, password: PASSWORD, confirm_password: PASSWORD },
    });
    const strangerToken = stranger.json<{ token: string }>().token;
    for (let i = 0; i < 2; i++) expect((await call("GET", `/api/orders/${orderId}/`, { token: strangerToken })).status).toBe(404);

    const figures = [...served].map(([upstream, n]) => `${upstream === upstreamA ? "A" : upstream === upstreamB ? "B" : "?"} ${upstream}: ${n}`).join(", ");
    console.log(`requests per instance through nginx (quote on ${quote.upstream}, event delivered to the stream on ${otherUpstream}): ${figures}`);
    expect(served.get("none")).toBeUndefined();
    expect(served.get(upstreamA)).toBeGreaterThan(10);
    expect(served.get(upstreamB)).toBeGreaterThan(10);
  }, 240_000);

  it("share their throttles (Redis, or the database without it): the 11th failed sign-in from one address is refused, on whichever instance it lands", async () => {
    const [a, b] = instances as [Instance, Instance];
    const upstreams = new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
    // An instance whose Redis call takes over 500 ms (a loaded machine) counts in the database for 5 s
    // (see "Operating it"), so the two counts part by design: that attempt is made again from a new
    // address, and only when neither instance fell back are the refusals asserted.
    for (let attempt = 1; ; attempt++) {
      const logsBefore = instances.map((i) => i.log().length);
      const ip = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
      const signIn = () =>
        call("POST", "/api/auth/login/", { json: { email: `nobody-${ip}@example.com`, password: "Not-Right-123" }, headers: { "x-forwarded-for": ip } });
      const failures = [];
      for (let i = 0; i < 10; i++) failures.push(await signIn());
      const refused = [await signIn(), await signIn()];
      const fellBack = instances.some((i, n) => i.log().slice(logsBefore[n]).includes("Redis unavailable"));
      if (fellBack && attempt < 4) {
        console.log(`attempt ${attempt}: an instance fell back to the database's counters (Redis slower than 500 ms); trying again`);
        await new Promise((r) => setTimeout(r, 6_000));
        continue;
      }
      for (const r of failures) {
        expect(r.status).toBe(400);
        expect(r.json()).toEqual({ non_field_errors: ["Unable to log in with provided credentials."] });
      }
      // Five failures were counted by each instance: only counters they share reach ten.
      for (const u of upstreams) expect(failures.filter((r) => r.upstream === u)).toHaveLength(5);
      expect(new Set(refused.map((r) => r.upstream))).toEqual(upstreams);
      for (const r of refused) {
        expect(r.status, instances.map((i) => i.log().slice(-2000)).join("\n")).toBe(429);
        expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      break;
    }
  }, 180_000);
});
