import crypto from "node:crypto";
import { NOTIFICATION_TYPES, type NotificationType } from "@atelier/contract";

/**
 * One-click unsubscribe tokens: `<user id>.<type>.<HMAC-SHA256 over both, base64url>`. They never
 * expire (a mail in an inbox must keep working) and need no sign-in; the key is the server's
 * unsubscribe secret, so nobody can make one for another address or another type.
 */
export interface UnsubscribeTokens {
  sign(userId: string, type: NotificationType): string;
  /** The user and type when the token is intact; otherwise null. */
  verify(token: string): { userId: string; type: NotificationType } | null;
}

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z_]{1,32})\.([\w-]{43})$/;

export function createUnsubscribeTokens(secret: Buffer): UnsubscribeTokens {
  const mac = (userId: string, type: string) => crypto.createHmac("sha256", secret).update(`unsubscribe:v1\n${userId}\n${type}`).digest();
  return {
    sign: (userId, type) => `${userId}.${type}.${mac(userId, type).toString("base64url")}`,
    verify(token) {
      const m = TOKEN.exec(token);
      if (!m) return null;
      const [, userId = "", type = "", sig = ""] = m;
      if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) return null;
      const given = Buffer.from(sig, "base64url");
      const expected = mac(userId, type);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      return { userId, type: type as NotificationType };
    },
  };
}
