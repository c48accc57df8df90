import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AuthResponse, Design, Order } from "@atelier/contract";
import pino from "pino";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app.ts";
import { parseBackupArgs, runBackupCommand } from "../../cli/admin-commands.ts";
import { loadConfig, type Config } from "../../config.ts";
import { openDatabase, runMigrations, type Database } from "../../db/client.ts";
import { designForm, jpeg } from "../../modules/uploads/test-support.ts";
import { FakeClock, MemoryMailer, TEST_PASSWORD, randomIp, signUp } from "../../test/helpers.ts";
import { createBackup, restoreBackup, type BackupManifest } from "./backup.ts";

/**
 * The embedded path end to end, on real data folders: a customer, a design with an image and its
 * order; backed up; restored into a new empty data folder; the same sign-in, order, image (through
 * a URL signed before the backup) and PDF work.
 */

let root: string;
beforeAll(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), "atelier-backup-"));
});
afterAll(async () => fsp.rm(root, { recursive: true, force: true }));

const configFor = (dataDir: string): Config =>
  loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://app.test", LOG_LEVEL: "silent", WEB_DIST_DIR: path.join(dataDir, "no-web") });

interface Running {
  app: App["app"];
  database: Database;
  close(): Promise<void>;
}

async function start(dataDir: string): Promise<Running> {
  const config = configFor(dataDir);
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  await runMigrations(database);
  const built = await buildApp({ config, database, mailer: new MemoryMailer(), clock: new FakeClock(), logger: pino({ level: "silent" }), jobWorker: false });
  await built.app.ready();
  return {
    app: built.app,
    database,
    close: async () => {
      await built.app.close();
      await database.close();
    },
  };
}

const lines = () => {
  const out: string[] = [];
  return { out, print: (l: string) => out.push(l) };
};

describe("backup and restore (embedded database, local files)", () => {
  it("restores accounts, orders, files and keys into an empty data folder, and refuses what it must", async () => {
    const source = path.join(root, "source");
    const s = await start(source);
    const customer = await signUp({ app: s.app } as never);
    const image = await jpeg();
    const form = designForm({ name: "Garnet halo ring", description: "An oval garnet in a halo" }, [{ filename: "ring.jpg", data: image }]);
    const created = await s.app.inject({ method: "POST", url: "/api/designs/", headers: { ...form.headers, authorization: `Token ${customer.token}` }, payload: form.payload });
    expect(created.statusCode, created.body).toBe(201);
    const design = created.json<Design>();
    const orderId = design.order!.id;
    const imageUrl = design.images[0]!.image;
    const before = await s.app.inject({ method: "GET", url: imageUrl });
    expect(before.statusCode).toBe(200);

    // A server holding the folder: the backup refuses and says to stop it.
    const refused = lines();
    const archive = path.join(root, "backups", "atelier.tar.gz");
    expect(await runBackupCommand(configFor(source), { op: "backup", out: archive }, refused.print, refused.print)).toBe(2);
    expect(refused.out.join("\n")).toContain("A server is using the embedded database in");
    expect(refused.out.join("\n")).toContain("Stop the server, run the backup, then start the server again.");
    expect(fs.existsSync(archive)).toBe(false);
    await s.close();

    const made = lines();
    const manifest = await createBackup(configFor(source), archive, made.print);
    expect(manifest).toMatchObject({ format: "atelier-backup", format_version: 1, engine: "pglite", keys: ["secret-key", "unsubscribe-key"], counts: { users: 1, designs: 1, orders: 1 } });
    expect(manifest.migrations.applied).toBeGreaterThan(10);
    expect(manifest.migrations.latest).toMatch(/^\d{4}_/);
    expect(manifest.storage).toMatchObject({ kind: "local" });
    expect(manifest.storage.kind === "local" && manifest.storage.files).toBeGreaterThanOrEqual(1);
    expect(manifest.parts.map((p) => p.path)).toContain("database/pglite-datadir.tar.gz");
    expect(manifest.parts.every((p) => /^[0-9a-f]{64}$/.test(p.sha256))).toBe(true);
    expect(made.out.at(-1)).toMatch(/^Wrote .*atelier\.tar\.gz \(\d+ bytes, \d+ parts\)\.$/);
    // A second backup to the same name is refused, never overwritten.
    expect(await runBackupCommand(configFor(source), { op: "backup", out: archive }, made.print, made.print)).toBe(2);
    expect(made.out.at(-1)).toBe(`${archive} already exists: choose a new file name (a backup never overwrites another).`);

    // A damaged copy is refused before anything is written.
    const damaged = await damagedCopy(archive, path.join(root, "damaged.tar.gz"));
    const wiped = path.join(root, "restored");
    const bad = lines();
    expect(await runBackupCommand(configFor(wiped), { op: "restore", file: damaged }, bad.print, bad.print)).toBe(1);
    expect(bad.out.at(-1)).toBe(`${damaged} is damaged (database/pglite-datadir.tar.gz does not match its checksum). Nothing was restored.`);
    expect(fs.existsSync(wiped)).toBe(false);

    const restored = lines();
    const result = await restoreBackup(configFor(wiped), archive, restored.print);
    expect(result.counts).toMatchObject({ users: 1, designs: 1, orders: 1 });
    expect(restored.out).toContain(`Restored 1 account, 1 design, 1 order, ${result.counts.uploads} upload${result.counts.uploads === 1 ? "" : "s"}.`);
    expect(restored.out).toContain(`Restored ${result.files} stored file${result.files === 1 ? "" : "s"} into ${path.join(wiped, "uploads")}.`);
    expect(result.files).toBe(manifest.storage.kind === "local" ? manifest.storage.files : -1);
    expect(restored.out.at(-1)).toBe("Restored the keys secret-key, unsubscribe-key.");
    for (const key of ["secret-key", "unsubscribe-key"]) {
      expect(await fsp.readFile(path.join(wiped, key), "utf8")).toBe(await fsp.readFile(path.join(source, key), "utf8"));
      expect((await fsp.stat(path.join(wiped, key))).mode & 0o777).toBe(0o600);
    }

    // Restoring again into the now filled folder is refused (exit code 2).
    const again = lines();
    expect(await runBackupCommand(configFor(wiped), { op: "restore", file: archive }, again.print, again.print)).toBe(2);
    expect(again.out.at(-1)).toMatch(/^The data folder .*restored is not empty \(it holds .*\)\. A restore only fills an empty data folder: point DATA_DIR at a new folder \(or move this one away\) and run the restore again\.$/);

    // The source is gone; the restored folder serves everything.
    await fsp.rm(source, { recursive: true, force: true });
    const r = await start(wiped);
    try {
      const login = await r.app.inject({ method: "POST", url: "/api/auth/login/", payload: { email: customer.email, password: TEST_PASSWORD }, remoteAddress: randomIp() });
      expect(login.statusCode, login.body).toBe(200);
      const token = login.json<AuthResponse>().token;
      const order = await r.app.inject({ method: "GET", url: `/api/orders/${orderId}/`, headers: { authorization: `Token ${token}` } });
      expect(order.statusCode).toBe(200);
      expect(order.json<Order>().design).toMatchObject({ id: design.id, name: "Garnet halo ring" });
      const after = await r.app.inject({ method: "GET", url: imageUrl });
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
      const pdf = await r.app.inject({ method: "GET", url: `/api/orders/${orderId}/details.pdf`, headers: { authorization: `Token ${token}` } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdf.rawPayload.length).toBeGreaterThan(image.length);
    } finally {
      await r.close();
    }
  }, 300_000);

  it("refuses an archive of the other engine, a file that is not a backup, and a part that is a link", async () => {
    const notBackup = path.join(root, "not-a-backup.tar.gz");
    await fsp.writeFile(path.join(root, "hello.txt"), "hi");
    await tar.c({ gzip: true, file: notBackup, cwd: root }, ["hello.txt"]);
    const out = lines();
    expect(await runBackupCommand(configFor(path.join(root, "empty")), { op: "restore", file: notBackup }, out.print, out.print)).toBe(1);
    expect(out.out.at(-1)).toBe(`${notBackup} has no readable manifest.json: it is not a backup made by \`npm run admin -- backup\`. Nothing was restored.`);

    // A part that is a link (here to a file outside the archive) is never extracted: reported missing.
    const linkDir = await fsp.mkdtemp(path.join(root, "link-"));
    await fsp.mkdir(path.join(linkDir, "keys"));
    await fsp.symlink("/etc/hostname", path.join(linkDir, "keys", "secret-key"));
    const linkManifest = { ...manifestOf("pglite"), keys: ["secret-key"], parts: [{ path: "keys/secret-key", size: 1, sha256: "0".repeat(64) }] };
    await fsp.writeFile(path.join(linkDir, "manifest.json"), JSON.stringify(linkManifest));
    const linkArchive = path.join(root, "link.tar.gz");
    await tar.c({ gzip: true, file: linkArchive, cwd: linkDir }, ["manifest.json", "keys/secret-key"]);
    expect(await runBackupCommand(configFor(path.join(root, "empty")), { op: "restore", file: linkArchive }, out.print, out.print)).toBe(1);
    expect(out.out.at(-1)).toBe(`${linkArchive} is damaged (keys/secret-key is missing). Nothing was restored.`);

    const pgArchive = await fakePostgresArchive(path.join(root, "pg.tar.gz"));
    expect(await runBackupCommand(configFor(path.join(root, "empty")), { op: "restore", file: pgArchive }, out.print, out.print)).toBe(2);
    expect(out.out.at(-1)).toBe("This archive holds a PostgreSQL dump: restore it with DATABASE_URL set to an empty database.");
    expect(fs.existsSync(path.join(root, "empty"))).toBe(false);
  });
});

describe("parseBackupArgs", () => {
  it("reads backup --out FILE and restore FILE, nothing else", () => {
    expect(parseBackupArgs(["backup", "--out", "a.tar.gz"])).toEqual({ op: "backup", out: "a.tar.gz" });
    expect(parseBackupArgs(["restore", "a.tar.gz"])).toEqual({ op: "restore", file: "a.tar.gz" });
    expect(parseBackupArgs(["backup"])).toBeNull();
    expect(parseBackupArgs(["backup", "a.tar.gz"])).toBeNull();
    expect(parseBackupArgs(["restore"])).toBeNull();
    expect(parseBackupArgs(["restore", "a", "b"])).toBeNull();
    expect(parseBackupArgs(["restore", "a", "--out", "b"])).toBeNull();
    expect(parseBackupArgs(["backup", "--out", "a", "--force"])).toBeNull();
  });
});

/** The archive with one byte of its database part changed (the manifest left as it was). */
async function damagedCopy(archive: string, target: string): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(root, "damage-"));
  await tar.x({ file: archive, cwd: dir });
  const part = path.join(dir, "database", "pglite-datadir.tar.gz");
  const bytes = await fsp.readFile(part);
  bytes[bytes.length - 10] = bytes[bytes.length - 10]! ^ 0xff;
  await fsp.writeFile(part, bytes);
  const manifest = JSON.parse(await fsp.readFile(path.join(dir, "manifest.json"), "utf8")) as BackupManifest;
  await tar.c({ gzip: true, file: target, cwd: dir }, ["manifest.json", ...manifest.parts.map((p) => p.path)]);
  return target;
}

/** A well-formed archive that says it holds a PostgreSQL dump. */
async function fakePostgresArchive(target: string): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(root, "pg-"));
  const manifest = manifestOf("postgres");
  await fsp.writeFile(path.join(dir, "manifest.json"), JSON.stringify(manifest));
  await tar.c({ gzip: true, file: target, cwd: dir }, ["manifest.json"]);
  return target;
}

/** A manifest with no parts, of the given engine. */
function manifestOf(engine: BackupManifest["engine"]): BackupManifest {
  return {
    format: "atelier-backup",
    format_version: 1,
    created_at: new Date().toISOString(),
    app_version: "0.0.0",
    engine,
    migrations: { applied: 1, latest: "0000_foundation" },
    storage: { kind: "local", files: 0, bytes: 0 },
    keys: [],
    counts: { users: 0, designs: 0, orders: 0, uploads: 0 },
    parts: [],
  };
}
