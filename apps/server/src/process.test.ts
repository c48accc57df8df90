// The real processes: `node src/main.ts` (graceful shutdown) and the admin command.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SERVER_DIR = path.resolve(import.meta.dirname, "..");
let dataDir = "";

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-process-"));
});
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string>, stdin?: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: SERVER_DIR, env: { ...process.env, ...env } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.stdin.end(stdin ?? "");
    child.on("exit", (code) => resolve({ code, out }));
  });
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

describe("npm run admin -- create", () => {
  it("creates a staff account from a password on standard input, and refuses a weak one", async () => {
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "silent", WEB_DIST_DIR: path.join(dataDir, "none") };
    const ok = await run(["src/cli/admin.ts", "create", "--email", "jeweller@example.com", "--role", "staff"], env, "Amber-Lattice-77\n");
    expect(ok.out).toContain("Created staff account jeweller@example.com");
    expect(ok.code).toBe(0);
    const weak = await run(["src/cli/admin.ts", "create", "--email", "other@example.com", "--role", "admin"], env, "short\n");
    expect(weak.code).toBe(1);
    expect(weak.out).toContain("This password is too short.");
    const usage = await run(["src/cli/admin.ts", "create", "--email", "x@example.com", "--role", "customer"], env);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain("Usage: npm run admin -- create");
  }, 60_000);
});

describe("SIGTERM", () => {
  it("lets an in-flight request finish, then closes the database and exits 0", async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", WEB_DIST_DIR: path.join(dataDir, "none") },
    });
    let log = "";
    child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    await expect.poll(() => log.includes("serving on"), { timeout: 30_000, interval: 100 }).toBe(true);

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
    const again = await run(["src/cli/admin.ts", "create", "--email", "jeweller@example.com", "--role", "staff"], { DATA_DIR: dataDir, LOG_LEVEL: "silent" }, "Amber-Lattice-77\n");
    expect(again.out).toContain("email: A user with that email already exists.");
  }, 90_000);
});
