import crypto from "node:crypto";

/** A random secret for a URL or header: 32 bytes, base64url. */
export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Secrets are stored only as their SHA-256; a database leak yields no usable token. */
export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}
