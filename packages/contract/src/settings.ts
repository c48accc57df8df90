import { z } from "zod";
import { NOTIFICATION_TYPES, type NotificationType } from "./orders.ts";

/** The two ways the atelier tells a customer about something: an e-mail and the bell (in-app notice). */
export const NOTIFICATION_CHANNELS = ["email", "in_app"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * What each kind of notice is about, for the settings screen and the e-mail footer
 * ("Unsubscribe from quote e-mails"). The password-reset and sign-in warning e-mails are not
 * here: they cannot be turned off.
 */
export const NOTIFICATION_TYPE_INFO: Record<NotificationType, { label: string; description: string; noun: string }> = {
  quote_issued: { label: "Quote issued", description: "The atelier has priced your design and your quote is ready.", noun: "quote" },
  quote_expiring: { label: "Quote expiring", description: "A quote you have not answered is about to lapse.", noun: "quote reminder" },
  payment: { label: "Payments", description: "A payment you declared was confirmed or could not be matched.", noun: "payment" },
  cad_ready: {
    label: "CAD design ready",
    description: "A new CAD rendering of your piece is ready for your approval.",
    noun: "CAD design",
  },
  status_change: {
    label: "Order status",
    description: "Your order moved on: production, quality check, shipping, delivery.",
    noun: "order status",
  },
  staff_reply: {
    label: "Replies from the atelier",
    description: "A jeweller answered you on an order or in a conversation.",
    noun: "reply",
  },
};

export const notificationPreferenceSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  email: z.boolean(),
  in_app: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET /api/settings/notifications/: one entry per notification type, in NOTIFICATION_TYPES order (default: all on). */
export const notificationPreferencesSchema = z.object({ preferences: z.array(notificationPreferenceSchema) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/settings/notifications/: the entries to change (others stay as they are); answers with all of them. */
export const notificationPreferencesUpdateSchema = z.object({
  preferences: z
    .array(notificationPreferenceSchema)
    .min(1, "Send at least one preference.")
    .max(NOTIFICATION_TYPES.length)
    .refine((list) => new Set(list.map((p) => p.type)).size === list.length, "Each notification type may appear only once."),
});
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/** A signed unsubscribe token: `<user id>.<type>.<signature>` (an HMAC, base64url). Checked by the server. */
export const UNSUBSCRIBE_TOKEN_MAX = 200;
export const unsubscribeQuerySchema = z.object({ token: z.string().max(UNSUBSCRIBE_TOKEN_MAX) });

/** GET and POST /api/unsubscribe/?token=…: which e-mails the link is about and whether they are still sent. */
export const unsubscribeResultSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  label: z.string(),
  /** The address the e-mails go to, partly hidden (m•••@example.com). */
  email: z.string(),
  email_enabled: z.boolean(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
