import type { NotificationType } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import type { EmailFooterLinks, RenderedEmail } from "../../lib/email/index.ts";
import type { Mailer } from "../../lib/mail.ts";
import type { PreferencesService } from "./preferences.service.ts";
import * as repo from "./preferences.repository.ts";

/** Renders one e-mail for its recipient, with the footer's unsubscribe and preferences links. */
export type RenderCustomerEmail = (recipient: { firstName: string }, footer: EmailFooterLinks) => Promise<RenderedEmail>;

export type CustomerMailService = ReturnType<typeof createCustomerMailService>;

/**
 * The e-mails a customer can turn off, sent one way: only when the customer has not turned that
 * type off, each with its one-click unsubscribe link and the List-Unsubscribe headers (RFC 8058).
 * Callers send after their transaction commits, so a rolled-back change e-mails nobody.
 */
export function createCustomerMailService(deps: { db: Db; mailer: Mailer; preferences: PreferencesService }) {
  const { db, mailer, preferences } = deps;
  return {
    async send(userId: string, type: NotificationType, render: RenderCustomerEmail): Promise<void> {
      const user = await repo.findUserEmail(db, userId);
      if (!user) return;
      if (!(await preferences.allows(db, user.id, type, "email"))) return;
      const { headers, ...footer } = preferences.emailUnsubscribe(user.id, type);
      const mail = await render({ firstName: user.firstName }, footer);
      await mailer.send({ to: user.email, subject: mail.subject, html: mail.html, text: mail.text, headers });
    },
  };
}
