// The real processes, as shipped: the bundle `node dist/main.js` (graceful shutdown, one process per
// embedded database) and the admin command `node dist/admin.js`.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./test/net.ts";

const SERVER_DIR = path.resolve(import.meta.dirname, "..");
let dataDir = "";

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-process-"));
  execFileSync(process.execPath, ["scripts/build.mjs", "--quiet"], { cwd: SERVER_DIR, stdio: "inherit" });
}, 120_000);
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string>, stdin?: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: SERVER_DIR, env: { ...process.env, ...env } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.stdin.end(stdin ?? "");
    child.on("exit", (code) => resolve({ code, out }));
  });
}


describe("npm run admin -- create", () => {
  it("creates a staff account from a password on standard input, and refuses a weak one", async () => {
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "silent", WEB_DIST_DIR: path.join(dataDir, "none") };
    const ok = await run(["dist/admin.js", "create", "--email", "jeweller@example.com", "--role", "staff", "--first-name", "Kavya", "--last-name", "Iyer"], env, "Amber-Lattice-77\n");
    expect(ok.out).toContain("Created staff account jeweller@example.com for Kavya Iyer");
    expect(ok.code).toBe(0);
    const weak = await run(["dist/admin.js", "create", "--email", "other@example.com", "--role", "admin", "--first-name", "Asha"], env, "short\n");
    expect(weak.code).toBe(1);
    expect(weak.out).toContain("This password is too short.");
    const usage = await run(["dist/admin.js", "create", "--email", "x@example.com", "--role", "customer", "--first-name", "X"], env);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain("Usage: npm run admin -- create");
    const nameless = await run(["dist/admin.js", "create", "--email", "x@example.com", "--role", "staff"], env, "Amber-Lattice-77\n");
    expect(nameless.code).toBe(2);
    expect(nameless.out).toContain("--first-name <name>");
  }, 240_000);
});

describe("SIGTERM", () => {
  it("lets an in-flight request finish, then closes the database and exits 0", async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, ["dist/main.js"], {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", WEB_DIST_DIR: path.join(dataDir, "none") },
    });
    let log = "";
    child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    await expect.poll(() => log.includes("serving on"), { timeout: 120_000, interval: 100 }).toBe(true);

    // A request whose body is still arriving when the signal comes.
    const response = new Promise<number>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/api/auth/login/", headers: { "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.write('{"email":"nobody@example.com",');
      setTimeout(() => {
        child.kill("SIGTERM");
        setTimeout(() => req.end('"password":"Not-Right-123"}'), 400);
      }, 100);
    });
    expect(await response).toBe(400);
    expect(await exited).toBe(0);
    expect(log).toContain("shutting down");

    // The database closed cleanly: it opens again with the account the admin test made.
    const again = await run(["dist/admin.js", "create", "--email", "jeweller@example.com", "--role", "staff", "--first-name", "Kavya"], { DATA_DIR: dataDir, LOG_LEVEL: "silent" }, "Amber-Lattice-77\n");
    expect(again.out).toContain("email: A user with that email already exists.");
  }, 300_000);

  it("ends open live event streams at once, then exits 0", async () => {
    const server = await startServer(dataDir);
    const res = await fetch(`http://127.0.0.1:${server.port}/api/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "jeweller@example.com", password: "Amber-Lattice-77" }),
    });
    const { token } = (await res.json()) as { token: string };
    let signalled = 0;
    const ended = new Promise<void>((resolve, reject) => {
      const req = http.get(
        { host: "127.0.0.1", port: server.port, path: "/api/events/", headers: { accept: "text/event-stream", authorization: `Token ${token}` } },
        (stream) => {
          expect(stream.statusCode).toBe(200);
          stream.once("data", () => {
            signalled = Date.now();
            server.child.kill("SIGTERM");
          });
          stream.on("end", resolve);
        },
      );
      req.on("error", reject);
    });
    await ended;
    expect(await server.exited).toBe(0);
    // Not held open until the 15 s shutdown limit.
    expect(Date.now() - signalled).toBeLessThan(10_000);
  }, 300_000);
});

/** Starts `node dist/main.js` on a data folder; resolves once it serves. */
async function startServer(
  dir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ port: number; child: ChildProcess; log: () => string; exited: Promise<number | null> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["dist/main.js"], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "info", WEB_DIST_DIR: path.join(dir, "none"), ...extraEnv },
  });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  await expect.poll(() => log.includes("serving on") || child.exitCode !== null, { timeout: 120_000, interval: 100 }).toBe(true);
  return { port, child, log: () => log, exited };
}

async function login(port: number, email: string, password: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  await res.body?.cancel();
  return res.status;
}

describe("one process per embedded database", () => {
  it("makes the account through the running server: it signs in at once and after a restart; a second server refuses the folder", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-lock-"));
    try {
      const first = await startServer(dir);
      expect(first.log()).toContain("serving on");

      const created = await run(["dist/admin.js", "create", "--email", "owner@example.com", "--role", "admin", "--first-name", "Asha"], { DATA_DIR: dir, LOG_LEVEL: "silent" }, "Amber-Lattice-77\n");
      expect(created.out).toContain("Created admin account owner@example.com");
      expect(created.code).toBe(0);
      expect(await login(first.port, "owner@example.com", "Amber-Lattice-77")).toBe(200);
      // Refusals come back from the server with their field messages.
      const weak = await run(["dist/admin.js", "create", "--email", "weak@example.com", "--role", "staff", "--first-name", "Asha"], { DATA_DIR: dir, LOG_LEVEL: "silent" }, "short\n");
      expect(weak.code).toBe(1);
      expect(weak.out).toContain("This password is too short.");

      const second = await startServer(dir);
      expect(await second.exited).toBe(1);
      expect(second.log()).toContain(`is in use by process ${first.child.pid}`);

      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      const again = await startServer(dir);
      expect(await login(again.port, "owner@example.com", "Amber-Lattice-77")).toBe(200);
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 480_000);

  it("refuses, changing nothing, when another process holds the folder and does not answer", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-lock-"));
    try {
      // A live process (this test runner) holding the lock, without an admin socket.
      await fs.writeFile(path.join(dir, "db.lock"), JSON.stringify({ pid: process.pid, host: os.hostname(), startedAt: "now" }));
      const res = await run(["dist/admin.js", "create", "--email", "x@example.com", "--role", "staff", "--first-name", "Asha"], { DATA_DIR: dir, LOG_LEVEL: "silent" }, "Amber-Lattice-77\n");
      expect(res.code).toBe(1);
      expect(res.out).toContain(`is in use by process ${process.pid}`);
      expect(res.out).toContain("Nothing was changed: stop the other process and run the command again.");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

const DIST = path.join(SERVER_DIR, "dist");
const BUILDS = path.join(SERVER_DIR, "builds");
const build = () => execFileSync(process.execPath, ["scripts/build.mjs", "--quiet"], { cwd: SERVER_DIR, stdio: "inherit" });

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

async function mailCount(dir: string): Promise<number> {
  const files = await fs.readdir(path.join(dir, "mail")).catch(() => []);
  return files.filter((f) => f.endsWith(".eml")).length;
}

async function forgotPassword(port: number, email: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/forgot-password/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  await res.body?.cancel();
  return res.status;
}

describe("rebuilding under a running server", () => {
  it("writes each build to a folder of its own and swaps `dist` in one rename: the running server keeps its chunks, old builds go once unused", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-rebuild-"));
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      // The admin command runs the existing build and never rebuilds.
      const before = await fs.realpath(DIST);
      const created = await run(["scripts/admin.mjs", "create", "--email", "owner@example.com", "--role", "admin", "--first-name", "Asha"], { DATA_DIR: dir, LOG_LEVEL: "silent" }, "Amber-Lattice-77\n");
      expect(created.out).toContain("Created admin account owner@example.com");
      expect(await fs.realpath(DIST)).toBe(before);

      server = await startServer(dir, { RATE_LIMIT_SCALE: "10" });
      const first = await fs.realpath(DIST);
      const firstFiles = await filesUnder(first);
      expect(firstFiles).toContain(`.running/${server.child.pid}`);

      build();
      const second = await fs.realpath(DIST);
      expect(second).not.toBe(first);
      expect((await fs.lstat(DIST)).isSymbolicLink()).toBe(true);
      // Nothing of the running server's build was touched.
      expect(await filesUnder(first)).toEqual(firstFiles);

      // Its lazily loaded e-mail templates come from its own folder, even with the new build gone.
      await fs.rm(second, { recursive: true });
      expect(await forgotPassword(server.port, "owner@example.com")).toBe(200);
      await expect.poll(() => mailCount(dir), { timeout: 30_000 }).toBe(1);

      build();
      const further = await fs.readdir(BUILDS);
      expect(further).toContain(path.basename(first));
      // A build that nobody runs beyond the newest three is removed; the running server's is kept.
      build();
      build();
      build();
      expect(await fs.readdir(BUILDS)).toContain(path.basename(first));
      expect((await fs.readdir(BUILDS)).length).toBeLessThanOrEqual(4);

      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(await filesUnder(first)).not.toContain(`.running/${server.child.pid}`);
      build();
      expect(await fs.readdir(BUILDS)).not.toContain(path.basename(first));
      expect((await fs.readdir(BUILDS)).length).toBe(3);
    } finally {
      server?.child.kill("SIGKILL");
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it("retries e-mail templates that failed to load: the e-mail queued meanwhile and the next one are both sent", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-lazy-"));
    const chunks = path.join(await fs.realpath(DIST), "chunks");
    const templates = (await fs.readdir(chunks)).find((f) => f.startsWith("templates-") && f.endsWith(".js"));
    expect(templates).toBeDefined();
    const file = path.join(chunks, templates ?? "");
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      await run(["dist/admin.js", "create", "--email", "owner@example.com", "--role", "admin", "--first-name", "Asha"], { DATA_DIR: dir, LOG_LEVEL: "silent" }, "Amber-Lattice-77\n");
      // A short backoff: the queued e-mail whose templates could not load is tried again soon.
      server = await startServer(dir, { RATE_LIMIT_SCALE: "10", JOBS_BACKOFF_BASE_MS: "1000", JOBS_BACKOFF_MAX_MS: "2000" });
      await fs.rename(file, `${file}.away`);
      expect(await forgotPassword(server.port, "owner@example.com")).toBe(200);
      const log = server.log;
      await expect.poll(() => log().includes("Cannot find module"), { timeout: 30_000 }).toBe(true);
      expect(await mailCount(dir)).toBe(0);

      await fs.rename(`${file}.away`, file);
      expect(await forgotPassword(server.port, "owner@example.com")).toBe(200);
      await expect.poll(() => mailCount(dir), { timeout: 30_000 }).toBe(2);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    } finally {
      server?.child.kill("SIGKILL");
      await fs.rename(`${file}.away`, file).catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it("`npm run admin` without a build says so and how to make one, and builds nothing", async () => {
    const hidden = path.join(SERVER_DIR, `dist.hidden-${process.pid}`);
    await fs.rename(DIST, hidden);
    try {
      const res = await run(["scripts/admin.mjs", "create", "--email", "x@example.com", "--role", "staff"], { LOG_LEVEL: "silent" });
      expect(res.code).toBe(1);
      expect(res.out).toContain("The server is not built");
      expect(res.out).toContain("`npm run build`");
      await expect(fs.lstat(DIST)).rejects.toThrow();
    } finally {
      await fs.rename(hidden, DIST);
    }
  }, 60_000);
});

describe("the web build a running server serves", () => {
  it("is the one current at start, read from its own folder, marked in use, whatever later builds do to `dist`", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-web-"));
    const web = path.join(dir, "web");
    const makeBuild = async (id: string, files: Record<string, string>) => {
      const folder = path.join(web, "builds", id);
      await fs.mkdir(path.join(folder, "assets"), { recursive: true });
      await fs.writeFile(path.join(folder, ".build.json"), JSON.stringify({ id }));
      for (const [name, content] of Object.entries(files)) await fs.writeFile(path.join(folder, name), content);
      // As scripts/build-folders.mjs does: a new link renamed over `dist`.
      await fs.symlink(path.join("builds", id), path.join(web, "dist.tmp"));
      await fs.rename(path.join(web, "dist.tmp"), path.join(web, "dist"));
      return folder;
    };
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const first = await makeBuild("1", { "index.html": "<p>first</p>", "app.html": "<p>app</p>", "assets/app-AAAA.js": "console.log(1)" });
      server = await startServer(path.join(dir, "data"), { WEB_DIST_DIR: path.join(web, "dist") });
      const { port } = server;
      const get = async (url: string) => {
        const res = await fetch(`http://127.0.0.1:${port}${url}`);
        return { status: res.status, body: await res.text() };
      };
      expect(await fs.readdir(path.join(first, ".running"))).toEqual([String(server.child.pid)]);
      await makeBuild("2", { "index.html": "<p>second</p>", "app.html": "<p>app 2</p>", "assets/app-BBBB.js": "console.log(2)" });
      await fs.rm(path.join(web, "builds", "2", "assets"), { recursive: true });

      // The page it serves names the first build's assets: they are still served.
      expect(await get("/assets/app-AAAA.js")).toEqual({ status: 200, body: "console.log(1)" });
      expect((await get("/")).body).toContain("first");
      // The build's marks are not part of the site: those addresses are client-side routes (the app shell).
      expect(await get("/.build.json")).toEqual({ status: 200, body: "<p>app</p>" });
      expect(await get(`/.running/${server.child.pid}`)).toEqual({ status: 200, body: "<p>app</p>" });
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(await fs.readdir(path.join(first, ".running"))).toEqual([]);
    } finally {
      server?.child.kill("SIGKILL");
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("npm start", () => {
  it("nothing stands between npm and the server: SIGTERM to npm reaches node, an in-flight request completes, nothing keeps serving", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-npm-start-"));
    const port = await freePort();
    // The server workspace's start script through npm: the same scripts/start.sh the root's `npm start` runs after building.
    const npm = spawn("npm", ["run", "start", "-w", "apps/server"], {
      cwd: path.resolve(SERVER_DIR, "../.."),
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "info", WEB_DIST_DIR: path.join(dir, "none") },
    });
    let log = "";
    npm.stdout.on("data", (d: Buffer) => (log += d.toString()));
    npm.stderr.on("data", (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((r) => npm.on("exit", (code) => r(code)));
    try {
      await expect.poll(() => log.includes("serving on"), { timeout: 180_000, interval: 200 }).toBe(true);
      const serverPid = Number(/"pid":(\d+)/.exec(log)?.[1]);
      expect(serverPid).toBeGreaterThan(0);
      // The shell scripts exec'd themselves away: node is npm's own child.
      expect(parentOf(serverPid)).toBe(npm.pid);

      const inFlight = slowLogin(port);
      await inFlight.sent;
      npm.kill("SIGTERM");
      setTimeout(inFlight.finish, 400);
      expect(await inFlight.status).toBe(400);
      expect(await exited).toBe(0);
      expect(log).toContain("shutting down");
      await expect.poll(() => alive(serverPid), { timeout: 20_000 }).toBe(false);
    } finally {
      npm.kill("SIGKILL");
      await fs.rm(dir, { recursive: true, force: true });
    }
    // The root's `npm start` builds first, then becomes the same script (exec: no shell in between).
    const rootManifest = JSON.parse(await fs.readFile(path.resolve(SERVER_DIR, "../../package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(rootManifest.scripts.start).toBe("npm run build && exec sh apps/server/scripts/start.sh");
    const serverManifest = JSON.parse(await fs.readFile(path.join(SERVER_DIR, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(serverManifest.scripts.start).toBe("exec sh scripts/start.sh");
  }, 240_000);
});

describe("shutdown when nobody reads standard output", () => {
  it("keeps serving with a full pipe, then on SIGTERM refuses new connections, finishes the in-flight request and exits 0 within 15 s", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-stdout-"));
    const port = await freePort();
    // Standard output is a pipe this test never reads (a stalled log collector); it fills after about 64 KB.
    const child = spawn(process.execPath, ["dist/main.js"], {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "info", WEB_DIST_DIR: path.join(dir, "none"), RATE_LIMIT_SCALE: "1000" },
      stdio: ["ignore", "pipe", "ignore"],
    });
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    try {
      const live = async () => (await fetch(`http://127.0.0.1:${port}/api/health/live`).catch(() => null))?.status ?? 0;
      await expect.poll(live, { timeout: 120_000, interval: 200 }).toBe(200);
      // Enough requests for several hundred KB of request log lines (two lines each at info).
      for (let round = 0; round < 20; round++) {
        const statuses = await Promise.all(Array.from({ length: 25 }, async () => (await fetch(`http://127.0.0.1:${port}/api/health/`, { signal: AbortSignal.timeout(10_000) })).status));
        expect(statuses.every((s) => s === 200)).toBe(true);
      }
      const started = Date.now();
      const inFlight = slowLogin(port);
      await inFlight.sent;
      child.kill("SIGTERM");
      // A new connection is refused at once (the in-flight one is still open).
      await expect.poll(async () => fetch(`http://127.0.0.1:${port}/api/health/live`).then(() => "served", (err: Error) => String((err.cause as { code?: string } | undefined)?.code)), { timeout: 3000, interval: 100 }).toBe("ECONNREFUSED");
      inFlight.finish();
      expect(await inFlight.status).toBe(400);
      expect(await exited).toBe(0);
      const took = Date.now() - started;
      console.log(`SIGTERM with an unread standard output: exited 0 after ${took} ms`);
      expect(took).toBeLessThan(15_000);
    } finally {
      child.kill("SIGKILL");
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

/** A sign-in whose body is still arriving: `sent` once the headers and half the body are out, `finish` sends the rest. */
function slowLogin(port: number): { sent: Promise<void>; finish: () => void; status: Promise<number> } {
  let finish = () => undefined as void;
  let sent!: Promise<void>;
  const status = new Promise<number>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/api/auth/login/", headers: { "content-type": "application/json" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    sent = new Promise((r) => req.write('{"email":"nobody@example.com",', () => setTimeout(r, 100)));
    finish = () => req.end('"password":"Not-Right-123"}');
  });
  return { sent, finish: () => finish(), status };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function parentOf(pid: number): number {
  const stat = execFileSync("cat", [`/proc/${pid}/stat`], { encoding: "utf8" });
  // pid (comm) state ppid ...: the command name may hold spaces, so read after its closing parenthesis.
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}
