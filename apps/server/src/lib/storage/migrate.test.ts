import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseStorageArgs, runStorageMigrate, STORAGE_USAGE } from "../../cli/admin-commands.ts";
import { closedPort, S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from "../../test/s3-server.ts";
import { migrateLocalToS3, migrateSummary } from "./migrate.ts";
import type { S3Storage } from "./s3.ts";

let s3: S3TestServer;
let bucket: S3Storage;
let dataDir: string;
const root = () => path.join(dataDir, "uploads");
const files: Record<string, Buffer> = {};

async function write(key: string, data: Buffer) {
  const full = path.join(root(), ...key.split("/"));
  await fsp.mkdir(path.dirname(full), { recursive: true });
  await fsp.writeFile(full, data);
  files[key] = data;
}

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of bucket.list()) keys.push(o.key);
  return keys.sort();
}

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3.storage();
});
afterAll(async () => s3.stop());
beforeEach(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "migrate-test-"));
  for (const k of Object.keys(files)) delete files[k];
  for (const key of await bucketKeys()) await bucket.delete(key);
});
afterEach(async () => fsp.rm(dataDir, { recursive: true, force: true }));

describe("storage migrate: local files into the bucket", () => {
  it("copies every file with its checksum verified, skips them on a second run, and finishes an interrupted or damaged copy", async () => {
    await write("users/a/designs/1.jpg", crypto.randomBytes(2000));
    await write("users/a/designs/1_320.webp", crypto.randomBytes(300));
    await write("users/b/cad/2.stl", crypto.randomBytes(6 * 1024 * 1024)); // in parts (multipart from 5 MB here)
    await write("users/b/messages/3.pdf", Buffer.from("%PDF-1.4\n%%EOF\n"));
    // A write the local driver never finished is not a file to copy.
    await fsp.mkdir(path.join(root(), ".tmp"), { recursive: true });
    await fsp.writeFile(path.join(root(), ".tmp", "x.part"), "half");
    const lines: string[] = [];
    const opts = { multipartFrom: 5 * 1024 * 1024 };

    const first = await migrateLocalToS3(root(), bucket, (l) => lines.push(l), opts);
    expect(first).toEqual({ copied: 4, alreadyThere: 0, failed: [], bytes: 2000 + 300 + 6 * 1024 * 1024 + 15 });
    expect(await bucketKeys()).toEqual(Object.keys(files).sort());
    for (const [key, data] of Object.entries(files)) expect((await buffer(await bucket.get(key))).equals(data), key).toBe(true);
    expect(lines.filter((l) => l.startsWith("copied "))).toHaveLength(4);
    expect(migrateSummary(first, "atelier-test")).toBe("Copied 4 files (6.0 MB) into bucket atelier-test; 0 already there and verified; 0 failed.");

    // Idempotent: nothing to do the second time.
    expect(await migrateLocalToS3(root(), bucket, undefined, opts)).toEqual({ copied: 0, alreadyThere: 4, failed: [], bytes: 0 });

    // Resumable: a file the interrupted run never copied, one whose copy differs, and a new one.
    await bucket.delete("users/a/designs/1.jpg");
    await bucket.put("users/b/messages/3.pdf", Buffer.from("%PDF-1.4\n%%EOF\n".replace("4", "7")));
    await write("users/c/gallery/4.png", crypto.randomBytes(100));
    const third = await migrateLocalToS3(root(), bucket, undefined, opts);
    expect(third).toMatchObject({ copied: 3, alreadyThere: 2, failed: [] });
    for (const [key, data] of Object.entries(files)) expect((await buffer(await bucket.get(key))).equals(data), key).toBe(true);
    // The local files stay where they were.
    expect(fs.existsSync(path.join(root(), "users/a/designs/1.jpg"))).toBe(true);
  });

  it("`npm run admin -- storage migrate`: credentials from the SDK's chain, a count at the end, and clear refusals", async () => {
    expect(parseStorageArgs(["storage", "migrate"])).toEqual({ op: "storage-migrate" });
    expect(parseStorageArgs(["storage"])).toBeNull();
    expect(parseStorageArgs(["storage", "migrate", "--force"])).toBeNull();
    expect(STORAGE_USAGE).toContain("storage migrate");

    const out: string[] = [];
    expect(await runStorageMigrate({ dataDir, s3: undefined }, (l) => out.push(l))).toBe(2);
    expect(out).toEqual([
      "S3_BUCKET is not set: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE as the store needs) to the bucket to copy the files into.",
    ]);

    await write("users/a/designs/1.jpg", crypto.randomBytes(500));
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
    try {
      const s3Config = { bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true };
      out.length = 0;
      expect(await runStorageMigrate({ dataDir, s3: s3Config }, (l) => out.push(l))).toBe(0);
      expect(out.at(-1)).toBe(`Copied 1 file (0.0 MB) into bucket ${s3.bucket}; 0 already there and verified; 0 failed.`);
      expect(await bucketKeys()).toEqual(["users/a/designs/1.jpg"]);

      out.length = 0;
      const down = { ...s3Config, endpoint: `http://127.0.0.1:${await closedPort()}` };
      expect(await runStorageMigrate({ dataDir, s3: down }, (l) => out.push(l))).toBe(1);
      expect(out.at(-1)).toMatch(new RegExp(`^The bucket ${s3.bucket} cannot be reached \\(.*ECONNREFUSED.*\\)\\. Nothing was copied\\.$`));
    } finally {
      if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
      else process.env.AWS_ACCESS_KEY_ID = saved.id;
      if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
      else process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
    }
  });
});
