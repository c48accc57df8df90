// kill -9 in the middle of a multi-image design upload, on the built server (`node dist/main.js`) with
// the embedded database: the body of a design with several large images is streamed slowly, the
// process is killed while the images are being written to its temporary folder, and a new server
// starts on the same DATA_DIR. Nothing of the killed request may remain: no design, no upload row
// (none stuck "processing"), and the temporary files are removed at start (prepareServices runs
// uploads.sweepAbandoned, which empties the temporary folder of a process alone on its DATA_DIR).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { designs as designRows, uploads } from "../../db/schema/index.ts";
import { noisyJpeg } from "./test-support.ts";
import { freePort } from "../../test/net.ts";

const SERVER_DIR = path.resolve(import.meta.dirname, "../../..");
const IMAGES = 4;
const IMAGE_BYTES = 3 * 1024 * 1024;
let dataDir = "";
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-kill-upload-"));
  execFileSync(process.execPath, ["scripts/build.mjs", "--quiet"], { cwd: SERVER_DIR, stdio: "inherit" });
}, 120_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await fs.rm(dataDir, { recursive: true, force: true });
});


async function startServer(dir: string): Promise<{ port: number; child: ChildProcess; log: () => string; exited: Promise<unknown> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["dist/main.js"], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "info", WEB_DIST_DIR: path.join(dir, "none") },
  });
  children.push(child);
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const exited = new Promise((r) => child.on("exit", (code, signal) => r(signal ?? code)));
  await expect.poll(() => log.includes("serving on") || child.exitCode !== null, { timeout: 120_000, interval: 100 }).toBe(true);
  expect(child.exitCode, log).toBeNull();
  return { port, child, log: () => log, exited };
}

const tmpFolder = () => path.join(dataDir, "tmp", "uploads");
async function tempFiles(): Promise<{ count: number; bytes: number }> {
  const names = await fs.readdir(tmpFolder()).catch(() => [] as string[]);
  let bytes = 0;
  for (const name of names) bytes += (await fs.stat(path.join(tmpFolder(), name)).catch(() => ({ size: 0 }))).size;
  return { count: names.length, bytes };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("kill -9 during a multi-image design upload", () => {
  it("leaves no design or upload row, and the next start removes the temporary files", async () => {
    const first = await startServer(dataDir);
    const email = `kill-${Date.now()}@example.com`;
    const reg = await fetch(`http://127.0.0.1:${first.port}/api/auth/register/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "Velvet-Garnet-42", confirm_password: "Velvet-Garnet-42" }),
    });
    expect(reg.status).toBe(201);
    const { token, user } = (await reg.json()) as { token: string; user: { id: string } };

    const images = await Promise.all(Array.from({ length: IMAGES }, () => noisyJpeg(IMAGE_BYTES)));
    // The body: the design's data, then IMAGES large images, streamed slowly.
    const boundary = "killb0undary";
    const data = `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ name: "Garnet halo ring", description: "A halo of small diamonds around an oval garnet." })}\r\n`;
    const imageHead = (i: number) => `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const total = Buffer.byteLength(data) + Array.from({ length: IMAGES }, (_, i) => Buffer.byteLength(imageHead(i)) + images[i]!.length + 2).reduce((a, b) => a + b, 0) + `--${boundary}--\r\n`.length;
    const socket = net.connect(first.port, "127.0.0.1");
    socket.on("error", () => undefined); // the server dies under it
    let answer = "";
    socket.on("data", (d: Buffer) => (answer += d.toString()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /api/designs/ HTTP/1.1\r\nHost: 127.0.0.1:${first.port}\r\nAuthorization: Token ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${total}\r\n\r\n`,
    );
    socket.write(data);
    const chunk = 256 * 1024;
    let sent = 0;
    // Two whole images and part of the third, then kill -9 while the body is still arriving.
    for (let i = 0; i < 3; i++) {
      socket.write(imageHead(i));
      const image = images[i]!;
      const bytes = i < 2 ? image.length : Math.floor(image.length / 2);
      for (let off = 0; off < bytes; off += chunk) {
        socket.write(image.subarray(off, Math.min(bytes, off + chunk)));
        sent += Math.min(chunk, bytes - off);
        await sleep(15);
      }
      if (i < 2) socket.write("\r\n");
    }
    await expect.poll(async () => (await tempFiles()).count, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    expect(answer).toBe(""); // still waiting for the rest of the body
    await sleep(200);
    const left = await tempFiles();
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    socket.destroy();
    const afterKill = await tempFiles();
    expect(afterKill.count).toBeGreaterThanOrEqual(3);

    // A new server on the same folder: it starts (the dead process's lock is not held against it)
    // and sweeps the temporary folder at start.
    const started = Date.now();
    const second = await startServer(dataDir);
    const startMs = Date.now() - started;
    expect(await tempFiles()).toEqual({ count: 0, bytes: 0 });
    const designs = await fetch(`http://127.0.0.1:${second.port}/api/designs/`, { headers: { authorization: `Token ${token}` } });
    expect(designs.status).toBe(200);
    const list: unknown = await designs.json();
    const items = Array.isArray(list) ? list : (list as { results: unknown[] }).results;
    expect(items).toEqual([]);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);

    // The database itself: no design, no upload of this customer, no upload left pending or processing.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
    try {
      const { db } = database;
      expect(await db.select().from(designRows).where(eq(designRows.userId, user.id))).toEqual([]);
      expect(await db.select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);
      expect(await db.select().from(uploads).where(inArray(uploads.status, ["pending", "processing"]))).toEqual([]);
    } finally {
      await database.close();
    }
    console.log(
      `kill -9 mid-upload: ${(sent / 1024 / 1024).toFixed(1)} MB of ${IMAGES} images (${(images.reduce((a, b) => a + b.length, 0) / 1024 / 1024).toFixed(1)} MB) sent; ` +
        `${afterKill.count} temp files (${(afterKill.bytes / 1024 / 1024).toFixed(1)} MB; ${left.count} seen before the kill) left by the killed process; ` +
        `0 after the restart (served again in ${startMs} ms); 0 design or upload rows`,
    );
  }, 300_000);
});
