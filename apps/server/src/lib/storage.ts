import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * Where uploaded files live. Keys are relative, slash-separated paths such as
 * `users/<userId>/designs/<uuid>.jpg`. Local disk today; an S3-compatible store can implement
 * the same interface later.
 */
export interface Storage {
  /** Writes the whole object or nothing: readers never see a half-written file. */
  put(key: string, data: Buffer | Uint8Array | Readable): Promise<{ size: number }>;
  /** The object's bytes; rejects with `StorageNotFoundError` when it does not exist. */
  get(key: string): Promise<Readable>;
  /** Removes the object; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Size in bytes, or null when the object does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object under "${key}".`);
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key "${key.slice(0, 200)}".`);
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * A key is 1-16 segments of letters, digits, ".", "_" and "-", none starting with a dot:
 * no "..", no absolute paths, no backslashes, no empty segments.
 */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  const segments = key.split("/");
  return segments.length <= 16 && segments.every((s) => SEGMENT.test(s));
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/** Files under `root`; writes go to `root/.tmp` first and are renamed into place (same file system, atomic). */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const tmpDir = path.join(base, ".tmp");

  const resolve = (key: string): string => {
    assertValidStorageKey(key);
    const full = path.resolve(base, ...key.split("/"));
    // Belt and braces: the key grammar already forbids escaping the root.
    if (!full.startsWith(base + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  };

  return {
    async put(key, data) {
      const target = resolve(key);
      await fsp.mkdir(tmpDir, { recursive: true });
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const tmp = path.join(tmpDir, `${crypto.randomUUID()}.part`);
      const handle = await fsp.open(tmp, "wx", 0o600);
      let size = 0;
      try {
        if (data instanceof Readable) {
          for await (const chunk of data as AsyncIterable<Buffer>) {
            size += chunk.length;
            await handle.write(chunk);
          }
        } else {
          await handle.writeFile(data);
          size = data.byteLength;
        }
        await handle.sync();
      } catch (err) {
        await handle.close().catch(() => undefined);
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      await handle.close();
      try {
        await fsp.rename(tmp, target);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      return { size };
    },

    async get(key) {
      const full = resolve(key);
      try {
        const handle = await fsp.open(full, "r");
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new StorageNotFoundError(key);
        throw err;
      }
    },

    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },

    async exists(key) {
      return (await this.stat(key)) !== null;
    },

    async stat(key) {
      try {
        const s = await fsp.stat(resolve(key));
        return s.isFile() ? { size: s.size } : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
  };
}

/** Deletes every key, ignoring individual failures (used for clean-up after a failed write). */
export async function deleteQuietly(storage: Storage, keys: Iterable<string>): Promise<void> {
  await Promise.all([...keys].map((k) => storage.delete(k).catch(() => undefined)));
}

