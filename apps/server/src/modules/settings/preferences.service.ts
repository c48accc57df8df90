import {
  NOTIFICATION_TYPE_INFO,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  type NotificationType,
  type UnsubscribeResult,
} from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { BadRequestError, NotFoundError } from "../../lib/errors.ts";
import * as repo from "./preferences.repository.ts";
import type { UnsubscribeTokens } from "./unsubscribe-token.ts";

export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid: it may have been changed or cut short. Open it again from the e-mail, or sign in and choose your e-mails in Settings.";

/** What an e-mail a customer can turn off carries: the footer's links and the List-Unsubscribe headers. */
export interface EmailUnsubscribe {
  /** "Unsubscribe from quote e-mails" */
  label: string;
  /** The web page that turns this type off without signing in. */
  url: string;
  /** The settings screen. */
  preferencesUrl: string;
  /** RFC 2369 List-Unsubscribe with RFC 8058 one-click: a POST to the URL turns the type off. */
  headers: Record<string, string>;
}

/** "m•••@example.com": enough for the reader to recognise their address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;

/**
 * Notification preferences: per type, e-mail and in-app separately, all on by default. The
 * mailers and `notifications.notify` ask `allows`/`allowedNotices` before sending or writing.
 */
export function createPreferencesService(deps: { db: Db; clock: Clock; publicUrl: string; tokens: UnsubscribeTokens }) {
  const { db, clock, publicUrl, tokens } = deps;

  async function preferencesOf(userId: string): Promise<NotificationPreferences> {
    const rows = new Map((await repo.listPreferences(db, userId)).map((r) => [r.type, r]));
    return {
      preferences: NOTIFICATION_TYPES.map((type) => {
        const row = rows.get(type);
        return { type, email: row?.email ?? true, in_app: row?.inApp ?? true };
      }),
    };
  }

  /** Whether `userId` wants notices of `type` on `channel` (no row: yes). Works inside a transaction. */
  async function allows(tx: Db, userId: string, type: NotificationType, channel: NotificationChannel): Promise<boolean> {
    const row = await repo.findPreference(tx, userId, type);
    if (!row) return true;
    return channel === "email" ? row.email : row.inApp;
  }

  async function fromToken(token: string) {
    const claim = tokens.verify(token);
    if (!claim) throw new BadRequestError(INVALID_UNSUBSCRIBE_LINK);
    const user = await repo.findUserEmail(db, claim.userId);
    if (!user) throw new NotFoundError("This account no longer exists.");
    return { ...claim, email: user.email };
  }

  async function setEmail(token: string, enabled: boolean): Promise<UnsubscribeResult> {
    const claim = await fromToken(token);
    await repo.upsertPreferences(db, claim.userId, [{ type: claim.type, email: enabled }], clock.now());
    return { type: claim.type, label: NOTIFICATION_TYPE_INFO[claim.type].label, email: maskEmail(claim.email), email_enabled: enabled };
  }

  return {
    get: (actor: Actor) => preferencesOf(actor.id),

    /** Only the types sent change; the answer is every type. */
    async update(actor: Actor, input: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
      await repo.upsertPreferences(
        db,
        actor.id,
        input.preferences.map((p) => ({ type: p.type, email: p.email, inApp: p.in_app })),
        clock.now(),
      );
      return preferencesOf(actor.id);
    },

    allows,

    /** The notices whose recipient has not turned off in-app notices of that type; one query for the batch. */
    async allowedNotices<T extends { userId: string; type: NotificationType }>(tx: Db, notices: T[]): Promise<T[]> {
      if (notices.length === 0) return notices;
      const off = await repo.inAppOff(tx, [...new Set(notices.map((n) => n.userId))]);
      if (off.length === 0) return notices;
      const blocked = new Set(off.map((o) => `${o.userId}\n${o.type}`));
      return notices.filter((n) => !blocked.has(`${n.userId}\n${n.type}`));
    },

    /** The footer links and headers of an e-mail of `type` to `userId`. */
    emailUnsubscribe(userId: string, type: NotificationType): EmailUnsubscribe {
      const token = encodeURIComponent(tokens.sign(userId, type));
      const oneClick = `${publicUrl}/api/unsubscribe/?token=${token}`;
      return {
        label: `Unsubscribe from ${NOTIFICATION_TYPE_INFO[type].noun} e-mails`,
        url: `${publicUrl}/unsubscribe?token=${token}`,
        preferencesUrl: `${publicUrl}/dashboard/settings`,
        headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      };
    },

    /** What an unsubscribe link is about, without changing anything. */
    async describe(token: string): Promise<UnsubscribeResult> {
      const claim = await fromToken(token);
      const email = await allows(db, claim.userId, claim.type, "email");
      return { type: claim.type, label: NOTIFICATION_TYPE_INFO[claim.type].label, email: maskEmail(claim.email), email_enabled: email };
    },

    unsubscribe: (token: string) => setEmail(token, false),
    resubscribe: (token: string) => setEmail(token, true),
  };
}
