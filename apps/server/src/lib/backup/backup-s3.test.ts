import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackupCommand } from "../../cli/admin-commands.ts";
import { loadConfig, type Config } from "../../config.ts";
import { openDatabase, runMigrations } from "../../db/client.ts";
import { S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from "../../test/s3-server.ts";
import { createBackup, restoreBackup } from "./backup.ts";

/**
 * With S3 storage the archive lists the objects the bucket must hold instead of copying them, and a
 * restore names the ones the bucket no longer holds (to bring back from its versions).
 */

let s3: S3TestServer;
let root: string;
const savedEnv = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
beforeAll(async () => {
  s3 = await startS3Server("atelier-backup");
  root = await fsp.mkdtemp(path.join(os.tmpdir(), "atelier-backup-s3-"));
  // The app takes S3 credentials from the AWS SDK's standard chain.
  process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
});
afterAll(async () => {
  process.env.AWS_ACCESS_KEY_ID = savedEnv.id;
  process.env.AWS_SECRET_ACCESS_KEY = savedEnv.secret;
  if (savedEnv.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
  if (savedEnv.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
  await s3.stop();
  await fsp.rm(root, { recursive: true, force: true });
});

const configFor = (dataDir: string, withS3 = true): Config =>
  loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://app.test",
    LOG_LEVEL: "silent",
    ...(withS3 ? { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: "true", S3_REGION: "us-east-1" } : {}),
  });

describe("backup and restore with S3 storage", () => {
  it("records the bucket's objects, and a restore names the ones missing", async () => {
    const store = s3.storage();
    await store.put("users/u1/designs/a.jpg", Buffer.from("first image"));
    await store.put("users/u1/designs/b.jpg", Buffer.from("second, longer image"));
    const source = path.join(root, "source");
    const database = await openDatabase({ pgliteDir: path.join(source, "db") });
    await runMigrations(database);
    await database.close();

    const archive = path.join(root, "s3.tar.gz");
    const out: string[] = [];
    const manifest = await createBackup(configFor(source), archive, (l) => out.push(l));
    expect(manifest.storage).toEqual({ kind: "s3", bucket: "atelier-backup", objects: 2, bytes: 11 + 20 });
    expect(manifest.parts.map((p) => p.path).filter((p) => !p.startsWith("keys/"))).toEqual(["database/pglite-datadir.tar.gz", "storage/s3-objects.json"]);
    expect(out).toContain("S3 bucket atelier-backup: 2 objects listed (not copied; keep the bucket's versioning on).");

    // Without S3 settings the archive is refused before anything is written.
    const plain = path.join(root, "plain");
    expect(await runBackupCommand(configFor(plain, false), { op: "restore", file: archive }, (l) => out.push(l), (l) => out.push(l))).toBe(2);
    expect(out.at(-1)).toBe("This archive was made with S3 storage (bucket atelier-backup): set S3_BUCKET (and the other S3 settings) before restoring.");
    expect(fs.existsSync(plain)).toBe(false);

    await store.delete("users/u1/designs/b.jpg");
    const result = await restoreBackup(configFor(path.join(root, "restored")), archive, (l) => out.push(l));
    expect(result.missingObjects).toEqual(["users/u1/designs/b.jpg"]);
    expect(result.files).toBe(1);
    expect(out).toContain("S3 bucket: 1 of 2 listed objects are there; missing or changed: users/u1/designs/b.jpg (restore them from the bucket's versions).");
    store.client.destroy();
  }, 180_000);
});
