import crypto from "node:crypto";
import type { Dirent } from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { AppError } from "./errors.ts";

/** One stored object, as a listing gives it. */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface PutOptions {
  /** The object's media type (kept as the object's Content-Type where the store records one). */
  contentType?: string;
}

/**
 * Where uploaded files live. Keys are relative, slash-separated paths such as
 * `users/<userId>/designs/<uuid>.jpg`. Two drivers: local disk under DATA_DIR (this file) and an
 * S3-compatible bucket (`storage/s3.ts`); `storage.test.ts` runs one suite against both.
 * A store that cannot be reached rejects with `StorageUnavailableError` (503).
 */
export interface Storage {
  /** Where the files are, for logs ("local disk /data/uploads", "S3 bucket atelier"). */
  readonly description: string;
  /** Writes the whole object or nothing: readers never see a half-written file. A stream is never held whole in memory. */
  put(key: string, data: Buffer | Uint8Array | Readable, options?: PutOptions): Promise<{ size: number }>;
  /** The object's bytes; rejects with `StorageNotFoundError` when it does not exist. */
  get(key: string): Promise<Readable>;
  /** The object's bytes and size in one request (what serving a file needs); `StorageNotFoundError` when it does not exist. */
  read(key: string): Promise<{ body: Readable; size: number }>;
  /** Removes the object; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Size in bytes, or null when the object does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Every stored object whose key starts with `prefix` (all of them by default), page by page. */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /** Removes what writes cut off by a crash left behind, untouched since `before` (local disk only). Answers how many. */
  removeStalePartialWrites?(before: Date): Promise<number>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object under "${key}".`);
  }
}

/** 503: the object store does not answer (or refuses us); a write that fails so stored nothing. The cause is logged by the driver. */
export class StorageUnavailableError extends AppError {
  readonly status = 503;
  constructor(options?: { cause?: unknown }) {
    super("File storage is unavailable at the moment. Please try again in a few minutes.", options);
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

  /** Files under `dir` (relative key prefix `rel`), the temporary folder left out. */
  async function* walk(dir: string, rel: string): AsyncGenerator<StoredObject> {
    let entries: Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = rel ? `${rel}/${entry.name}` : entry.name;
      if (!rel && entry.name === ".tmp") continue;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
      else if (entry.isFile() && isValidStorageKey(key)) {
        const s = await fsp.stat(path.join(dir, entry.name)).catch(() => null);
        if (s) yield { key, size: s.size, lastModified: s.mtime };
      }
    }
  }

  return {
    description: `local disk ${base}`,

    async *list(prefix = "") {
      for await (const object of walk(base, "")) if (object.key.startsWith(prefix)) yield object;
    },

    async removeStalePartialWrites(before) {
      const names = await fsp.readdir(tmpDir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const full = path.join(tmpDir, name);
        const s = await fsp.stat(full).catch(() => null);
        if (!s || s.mtimeMs >= before.getTime()) continue;
        await fsp.rm(full, { force: true });
        removed += 1;
      }
      return removed;
    },

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
      return (await this.read(key)).body;
    },

    async read(key) {
      const full = resolve(key);
      let handle;
      try {
        handle = await fsp.open(full, "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "EISDIR") throw new StorageNotFoundError(key);
        throw err;
      }
      const s = await handle.stat().catch(async (err: unknown) => {
        await handle.close();
        throw err;
      });
      if (!s.isFile()) {
        await handle.close();
        throw new StorageNotFoundError(key);
      }
      return { body: handle.createReadStream(), size: s.size };
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

