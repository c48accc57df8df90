import crypto from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AuthResponse, Design, Order } from "@atelier/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackupCommand } from "../../cli/admin-commands.ts";
import { loadConfig, type Config } from "../../config.ts";
import { openDatabase, runMigrations } from "../../db/client.ts";
import { designForm, jpeg } from "../../modules/uploads/test-support.ts";
import { TEST_PASSWORD, buildTestApp, randomIp, signUp } from "../../test/helpers.ts";
import { createBackup, restoreBackup } from "./backup.ts";

/**
 * PostgreSQL (TEST_DATABASE_URL): two databases of our own, one backed up with pg_dump, the other
 * (empty) restored with pg_restore; local files and the same APP_SECRET on both sides.
 */

const adminUrl = process.env.TEST_DATABASE_URL!;
const APP_SECRET = crypto.randomBytes(24).toString("base64url");
const names = { source: `bk_src_${crypto.randomBytes(4).toString("hex")}`, target: `bk_dst_${crypto.randomBytes(4).toString("hex")}` };
const urlOf = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

let root: string;
beforeAll(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), "atelier-backup-pg-"));
  await admin(`create database ${names.source}`);
  await admin(`create database ${names.target}`);
});
afterAll(async () => {
  await admin(`drop database if exists ${names.source} with (force)`);
  await admin(`drop database if exists ${names.target} with (force)`);
  await fsp.rm(root, { recursive: true, force: true });
});

const envFor = (dataDir: string, db: string) => ({ DATA_DIR: dataDir, DATABASE_URL: urlOf(db), APP_SECRET });
const configFor = (dataDir: string, db: string): Config =>
  loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://app.test", LOG_LEVEL: "silent", WEB_DIST_DIR: path.join(dataDir, "no-web"), ...envFor(dataDir, db) });

/** The app on `db` with its files in `dataDir` (buildTestApp's own temporary folder is not used). */
async function start(dataDir: string, db: string) {
  const database = await openDatabase({ databaseUrl: urlOf(db), poolSize: 4 });
  await runMigrations(database);
  return buildTestApp({ database, env: envFor(dataDir, db) });
}

describe("backup and restore (PostgreSQL, local files)", () => {
  it("restores a pg_dump into an empty database, and refuses one that is not empty", async () => {
    const source = configFor(path.join(root, "source"), names.source);
    const s = await start(source.dataDir, names.source);
    const customer = await signUp(s);
    const image = await jpeg();
    const form = designForm({ name: "Sapphire pendant", description: "A cushion sapphire on a fine chain" }, [{ filename: "pendant.jpg", data: image }]);
    const created = await s.app.inject({ method: "POST", url: "/api/designs/", headers: { ...form.headers, authorization: `Token ${customer.token}` }, payload: form.payload });
    expect(created.statusCode, created.body).toBe(201);
    const design = created.json<Design>();
    const orderId = design.order!.id;
    const imageUrl = design.images[0]!.image;
    const before = await s.app.inject({ method: "GET", url: imageUrl });
    expect(before.statusCode).toBe(200);
    await s.close();

    const archive = path.join(root, "pg.tar.gz");
    const out: string[] = [];
    const manifest = await createBackup(source, archive, (l) => out.push(l));
    expect(manifest).toMatchObject({ engine: "postgres", keys: [], counts: { users: 1, designs: 1, orders: 1 } });
    expect(manifest.parts.map((p) => p.path)).toContain("database/postgres.dump");

    // The source database is not empty: refused, exit code 2.
    const refusedTo = configFor(path.join(root, "other"), names.source);
    expect(await runBackupCommand(refusedTo, { op: "restore", file: archive }, (l) => out.push(l), (l) => out.push(l))).toBe(2);
    expect(out.at(-1)).toMatch(/^The database of DATABASE_URL is not empty \(it holds \d+ tables or sequences\)\. A restore only fills an empty database: create a new one, point DATABASE_URL at it, and run the restore again\.$/);

    const target = configFor(path.join(root, "target"), names.target);
    const result = await restoreBackup(target, archive, (l) => out.push(l));
    expect(result.counts).toMatchObject({ users: 1, designs: 1, orders: 1 });
    expect(result.files).toBe(manifest.storage.kind === "local" ? manifest.storage.files : -1);
    expect(out.at(-1)).toBe("The archive holds no data-folder keys (the secrets come from the configuration: set the same APP_SECRET, or FILE_URL_SECRET and UNSUBSCRIBE_SECRET, as before).");

    const r = await start(target.dataDir, names.target);
    try {
      const login = await r.app.inject({ method: "POST", url: "/api/auth/login/", payload: { email: customer.email, password: TEST_PASSWORD }, remoteAddress: randomIp() });
      expect(login.statusCode, login.body).toBe(200);
      const token = login.json<AuthResponse>().token;
      const order = await r.app.inject({ method: "GET", url: `/api/orders/${orderId}/`, headers: { authorization: `Token ${token}` } });
      expect(order.statusCode).toBe(200);
      expect(order.json<Order>().design).toMatchObject({ id: design.id, name: "Sapphire pendant" });
      const after = await r.app.inject({ method: "GET", url: imageUrl });
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
      const pdf = await r.app.inject({ method: "GET", url: `/api/orders/${orderId}/details.pdf`, headers: { authorization: `Token ${token}` } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    } finally {
      await r.close();
    }
  }, 180_000);
});
