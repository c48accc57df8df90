import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Clock } from "./clock.ts";
import { isValidStorageKey } from "./storage.ts";

/** Prefix of the route that serves stored files (see modules/uploads/files.routes.ts). */
export const FILES_ROUTE_PREFIX = "/api/files/";

export interface FileUrlSignerOptions {
  secret: Buffer;
  clock: Clock;
  /** How long a URL stays valid at least; default one hour. */
  ttlSeconds?: number;
  /**
   * Expiries are rounded up to this step so that the same file keeps the same URL for a while
   * and browsers can cache it; default ten minutes.
   */
  stepSeconds?: number;
}

export interface VerifiedFileUrl {
  key: string;
  owner: string;
  expiresAt: number;
}

export interface FileUrlSigner {
  /** A relative URL, e.g. `/api/files/users/<id>/designs/<uuid>.jpg?exp=...&sig=...`. */
  sign(key: string): string;
  /** The expiry URLs signed now carry: the same URL is minted for a key until it moves on. */
  epoch(): number;
  /** The key and owner when the signature matches and has not expired; otherwise null. */
  verify(key: string, exp: string | undefined, sig: string | undefined): VerifiedFileUrl | null;
}

/** The owner a key belongs to: keys are `users/<userId>/...`. */
export function ownerOfKey(key: string): string | null {
  const m = /^users\/([0-9a-f-]{36})\//.exec(key);
  return m?.[1] ?? null;
}

/**
 * Short-lived capability URLs for stored files: an HMAC over key, owner and expiry. The URL is
 * minted only for someone allowed to see the file (owner or staff), so a plain <img> can use it
 * without an Authorization header.
 */
export function createFileUrlSigner(options: FileUrlSignerOptions): FileUrlSigner {
  const ttl = options.ttlSeconds ?? 3600;
  const step = options.stepSeconds ?? 600;
  const mac = (key: string, owner: string, exp: number) =>
    crypto.createHmac("sha256", options.secret).update(`file:v1\n${key}\n${owner}\n${exp}`).digest();
  const nowSeconds = () => Math.floor(options.clock.now().getTime() / 1000);

  const currentExpiry = () => Math.ceil((nowSeconds() + ttl) / step) * step;

  return {
    epoch: currentExpiry,
    sign(key) {
      const owner = ownerOfKey(key) ?? "";
      const exp = currentExpiry();
      const sig = mac(key, owner, exp).toString("base64url");
      const encodedKey = key.split("/").map(encodeURIComponent).join("/");
      return `${FILES_ROUTE_PREFIX}${encodedKey}?exp=${exp}&sig=${sig}`;
    },
    verify(key, exp, sig) {
      if (!isValidStorageKey(key) || !exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[\w-]{43}$/.test(sig)) return null;
      const expiresAt = Number(exp);
      if (expiresAt <= nowSeconds()) return null;
      const owner = ownerOfKey(key) ?? "";
      const expected = mac(key, owner, expiresAt);
      const given = Buffer.from(sig, "base64url");
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      return { key, owner, expiresAt };
    },
  };
}

/**
 * The secret for file URLs: FILE_URL_SECRET when set, otherwise 32 random bytes made once and
 * kept in DATA_DIR/secret-key (mode 0600) so that URLs survive restarts. Two instances starting
 * at once agree: the key is linked into place exclusively and the loser reads the winner's.
 * Other secrets made the same way pass their own file name (`unsubscribe-key`).
 */
export async function resolveFileUrlSecret(configured: string | undefined, dataDir: string, fileName = "secret-key"): Promise<Buffer> {
  if (configured) return Buffer.from(configured, "utf8");
  const file = path.join(dataDir, fileName);
  await fsp.mkdir(dataDir, { recursive: true });
  try {
    await fsp.access(file);
  } catch {
    // Written in full under a temporary name, then linked into place: readers never see half a key.
    const tmp = `${file}.${crypto.randomUUID()}.tmp`;
    await fsp.writeFile(tmp, crypto.randomBytes(32).toString("base64url") + "\n", { flag: "wx", mode: 0o600 });
    try {
      await fsp.link(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }
  const text = (await fsp.readFile(file, "utf8")).trim();
  if (text.length < 32) throw new Error(`${file} is too short to be a secret; delete it to make a new one.`);
  return Buffer.from(text, "utf8");
}
