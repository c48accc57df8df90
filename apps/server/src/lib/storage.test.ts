import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage, InvalidStorageKeyError, isValidStorageKey, StorageNotFoundError, type Storage } from "./storage.ts";

describe("local storage", () => {
  let root: string;
  let storage: Storage;
  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), "storage-test-"));
    storage = createLocalStorage(root);
  });
  afterEach(async () => fsp.rm(root, { recursive: true, force: true }));

  it("puts, reads, stats and deletes bytes and streams", async () => {
    const key = "users/u1/designs/a.jpg";
    expect(await storage.put(key, Buffer.from("hello"))).toEqual({ size: 5 });
    expect(await text(await storage.get(key))).toBe("hello");
    expect(await storage.stat(key)).toEqual({ size: 5 });
    expect(await storage.exists(key)).toBe(true);
    expect(fs.readFileSync(path.join(root, "users/u1/designs/a.jpg"), "utf8")).toBe("hello");

    expect(await storage.put(key, Readable.from([Buffer.from("new "), Buffer.from("content")]))).toEqual({ size: 11 });
    expect(await text(await storage.get(key))).toBe("new content");

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete(key); // deleting twice is fine
  });

  it("writes atomically: a failing stream leaves neither the object nor a temporary file", async () => {
    const key = "users/u1/designs/b.png";
    await storage.put(key, Buffer.from("old"));
    async function* failing() {
      yield Buffer.from("partial");
      await new Promise((resolve) => setTimeout(resolve, 1));
      throw new Error("network dropped");
    }
    await expect(storage.put(key, Readable.from(failing()))).rejects.toThrow("network dropped");
    expect(await text(await storage.get(key))).toBe("old");
    expect(fs.readdirSync(path.join(root, ".tmp"))).toEqual([]);
  });

  it("refuses keys that could leave the root", async () => {
    for (const key of ["../x", "users/../../etc/passwd", "/etc/passwd", "a//b", "a/./b", ".hidden", "a\\b", "", "a/b/", "c:/x", "%2e%2e/x"]) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from("x"))).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(isValidStorageKey("users/2f1c/designs/3a_320.webp")).toBe(true);
    expect(fs.readdirSync(root).filter((f) => f !== ".tmp")).toEqual([]);
  });
});
