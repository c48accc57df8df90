import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closedPort, startS3Server, type S3TestServer } from "../test/s3-server.ts";
import { createS3Storage } from "./storage/s3.ts";
import {
  createLocalStorage,
  InvalidStorageKeyError,
  isValidStorageKey,
  StorageNotFoundError,
  StorageUnavailableError,
  type Storage,
  type StoredObject,
} from "./storage.ts";

async function listAll(storage: Storage, prefix?: string): Promise<StoredObject[]> {
  const out: StoredObject[] = [];
  for await (const o of storage.list(prefix)) out.push(o);
  return out;
}

/** One driver per run of the suite: a fresh, empty store for every test. */
interface Driver {
  name: string;
  setup(): Promise<void>;
  fresh(): Promise<Storage>;
  /** Where the driver keeps leftovers of failed writes, to check there are none. */
  leftovers(): Promise<string[]>;
  teardown(): Promise<void>;
}

function localDriver(): Driver {
  let root = "";
  return {
    name: "local disk",
    setup: () => Promise.resolve(),
    async fresh() {
      if (root) await fsp.rm(root, { recursive: true, force: true });
      root = await fsp.mkdtemp(path.join(os.tmpdir(), "storage-test-"));
      return createLocalStorage(root);
    },
    leftovers: () => Promise.resolve(fs.existsSync(path.join(root, ".tmp")) ? fs.readdirSync(path.join(root, ".tmp")) : []),
    teardown: async () => fsp.rm(root, { recursive: true, force: true }),
  };
}

function s3Driver(): Driver {
  let server: S3TestServer;
  let storage: Storage;
  return {
    name: "S3 (s3rver)",
    async setup() {
      server = await startS3Server();
    },
    async fresh() {
      storage = server.storage({ partSize: 5 * 1024 * 1024 });
      for (const o of await listAll(storage)) await storage.delete(o.key);
      return storage;
    },
    // Multipart uploads left open would be listed by ListMultipartUploads; s3rver keeps parts
    // apart from objects, so "no object" is what a reader can see.
    leftovers: () => Promise.resolve([]),
    teardown: async () => server.stop(),
  };
}

describe.each([localDriver(), s3Driver()])("storage driver: $name", (driver) => {
  let storage: Storage;
  beforeAll(() => driver.setup());
  afterAll(() => driver.teardown());
  beforeEach(async () => {
    storage = await driver.fresh();
  });

  it("puts, reads, stats and deletes bytes and streams", async () => {
    const key = "users/u1/designs/a.jpg";
    expect(await storage.put(key, Buffer.from("hello"), { contentType: "image/jpeg" })).toEqual({ size: 5 });
    expect(await text(await storage.get(key))).toBe("hello");
    expect(await storage.stat(key)).toEqual({ size: 5 });
    expect(await storage.exists(key)).toBe(true);
    const read = await storage.read(key);
    expect([read.size, await text(read.body)]).toEqual([5, "hello"]);
    // A key prefix is not an object.
    await expect(storage.read("users/u1/designs")).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.stat("users/u1/designs")).toBeNull();

    expect(await storage.put(key, Readable.from([Buffer.from("new "), Buffer.from("content")]))).toEqual({ size: 11 });
    expect(await text(await storage.get(key))).toBe("new content");

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.read(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete(key); // deleting twice is fine
  });

  it("streams a file larger than a part (a 12 MB model) and reads back the same bytes", async () => {
    const bytes = crypto.randomBytes(12 * 1024 * 1024);
    const chunks = function* () {
      for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
    };
    expect(await storage.put("users/u1/cad/m.stl", Readable.from(chunks()), { contentType: "model/stl" })).toEqual({ size: bytes.length });
    expect(await storage.stat("users/u1/cad/m.stl")).toEqual({ size: bytes.length });
    const back = await buffer(await storage.get("users/u1/cad/m.stl"));
    expect(crypto.createHash("sha256").update(back).digest("hex")).toBe(crypto.createHash("sha256").update(bytes).digest("hex"));
  });

  it("writes atomically: a failing stream leaves the old object and nothing half-written", async () => {
    const key = "users/u1/designs/b.png";
    await storage.put(key, Buffer.from("old"));
    async function* failing() {
      yield Buffer.from("partial");
      await new Promise((resolve) => setTimeout(resolve, 1));
      throw new Error("network dropped");
    }
    await expect(storage.put(key, Readable.from(failing()))).rejects.toThrow("network dropped");
    expect(await text(await storage.get(key))).toBe("old");
    await expect(storage.put("users/u1/designs/c.png", Readable.from(failing()))).rejects.toThrow("network dropped");
    expect(await storage.exists("users/u1/designs/c.png")).toBe(false);
    expect((await listAll(storage)).map((o) => o.key)).toEqual([key]);
    expect(await driver.leftovers()).toEqual([]);
  });

  it("lists every object with its size and time, page by page, and by prefix", async () => {
    const keys = ["users/a/designs/1.jpg", "users/a/designs/1_320.webp", "users/b/cad/2.stl", "users/b/messages/3.pdf", "users/c/gallery/4.png"];
    for (const [i, key] of keys.entries()) await storage.put(key, Buffer.alloc(i + 1, 1));
    const before = Date.now();
    const all = await listAll(storage);
    expect(all.map((o) => o.key).sort()).toEqual([...keys].sort());
    for (const o of all) {
      expect(o.size).toBe(keys.indexOf(o.key) + 1);
      expect(Math.abs(before - o.lastModified.getTime())).toBeLessThan(60_000);
    }
    expect((await listAll(storage, "users/b/")).map((o) => o.key).sort()).toEqual(["users/b/cad/2.stl", "users/b/messages/3.pdf"]);
    expect(await listAll(storage, "users/z/")).toEqual([]);
  });

  it("refuses keys that could leave the root", async () => {
    for (const key of ["../x", "users/../../etc/passwd", "/etc/passwd", "a//b", "a/./b", ".hidden", "a\\b", "", "a/b/", "c:/x", "%2e%2e/x"]) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from("x"))).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(isValidStorageKey("users/2f1c/designs/3a_320.webp")).toBe(true);
    expect(await listAll(storage)).toEqual([]);
  });
});

describe("S3 storage whose server is down", () => {
  it("rejects every operation with StorageUnavailableError (503, a clear sentence) and logs the cause", async () => {
    const logged: string[] = [];
    const storage = createS3Storage({
      bucket: "atelier",
      endpoint: `http://127.0.0.1:${await closedPort()}`,
      forcePathStyle: true,
      credentials: { accessKeyId: "x", secretAccessKey: "y" },
      maxAttempts: 1,
      logger: { error: (obj: object) => logged.push((obj as { operation: string }).operation) },
    });
    const key = "users/u1/designs/a.jpg";
    for (const attempt of [
      () => storage.put(key, Buffer.from("x")),
      () => storage.put(key, Readable.from([Buffer.from("x")])),
      () => storage.get(key),
      () => storage.read(key),
      () => storage.stat(key),
      () => storage.delete(key),
      () => listAll(storage),
    ]) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(StorageUnavailableError);
      expect(err).toMatchObject({ status: 503, message: "File storage is unavailable at the moment. Please try again in a few minutes." });
    }
    expect(logged).toEqual(["put", "put", "get", "get", "stat", "delete", "list"]);
  });
});
