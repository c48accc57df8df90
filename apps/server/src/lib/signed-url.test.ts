import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../test/helpers.ts";
import { createFileUrlSigner, resolveFileUrlSecret } from "./signed-url.ts";

const OWNER = "5f0c4c1e-8d7a-4f1e-9a53-0c4f5b0e2a11";
const OTHER = "7d2a9b3c-1e4f-4a6b-8c9d-0e1f2a3b4c5d";
const KEY = `users/${OWNER}/designs/0b8e8e52-3c0a-4a8f-9d8e-1f2a3b4c5d6e.jpg`;

function parse(url: string) {
  const u = new URL(url, "http://x");
  return { key: decodeURIComponent(u.pathname.replace("/api/files/", "")), exp: u.searchParams.get("exp") ?? undefined, sig: u.searchParams.get("sig") ?? undefined };
}

describe("signed file URLs", () => {
  it("verifies its own URLs until they expire, and nothing else", () => {
    const clock = new FakeClock(new Date("2026-01-01T10:00:30Z"));
    const signer = createFileUrlSigner({ secret: Buffer.from("s".repeat(32)), clock });
    const url = signer.sign(KEY);
    expect(url.startsWith(`/api/files/${KEY}?exp=`)).toBe(true);
    const { key, exp, sig } = parse(url);
    expect(signer.verify(key, exp, sig)).toMatchObject({ key: KEY, owner: OWNER });

    // Same URL for a while, so browsers can cache it.
    clock.advance(60_000);
    expect(signer.sign(KEY)).toBe(url);

    expect(signer.verify(KEY.replace(OWNER, OTHER), exp, sig)).toBeNull();
    expect(signer.verify(KEY.replace(".jpg", "_320.webp"), exp, sig)).toBeNull();
    expect(signer.verify(key, String(Number(exp) + 600), sig)).toBeNull();
    expect(signer.verify(key, exp, `${sig!.slice(0, -2)}AA`)).toBeNull();
    expect(signer.verify(key, exp, undefined)).toBeNull();
    expect(signer.verify("../etc/passwd", exp, sig)).toBeNull();

    const other = createFileUrlSigner({ secret: Buffer.from("t".repeat(32)), clock });
    expect(other.verify(key, exp, sig)).toBeNull();

    clock.advance(71 * 60_000);
    expect(signer.verify(key, exp, sig)).toBeNull();
  });

  it("keeps a generated secret in DATA_DIR/secret-key (0600) and reuses it", async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "secret-test-"));
    const a = await resolveFileUrlSecret(undefined, dir);
    const b = await resolveFileUrlSecret(undefined, dir);
    expect(a.equals(b)).toBe(true);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, "secret-key")).mode & 0o777).toBe(0o600);
    expect((await resolveFileUrlSecret("c".repeat(40), dir)).toString()).toBe("c".repeat(40));
    await fsp.rm(dir, { recursive: true });
  });
});
