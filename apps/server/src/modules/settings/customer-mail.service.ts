import type { NotificationType } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import type { EmailFooterLinks, EmailSpec } from "../../lib/email/index.ts";
import type { MailOutbox } from "../../lib/jobs/mail-job.ts";
import type { PreferencesService } from "./preferences.service.ts";
import * as repo from "./preferences.repository.ts";

/** Renders one e-mail for its recipient, with the footer's unsubscribe and preferences links. */
export type RenderCustomerEmail = (recipient: { firstName: string }, footer: EmailFooterLinks) => EmailSpec;

export type CustomerMailService = ReturnType<typeof createCustomerMailService>;

/**
 * The e-mails a customer can turn off, sent one way: only when the customer has not turned that
 * type off, each with its one-click unsubscribe link and the List-Unsubscribe headers (RFC 8058).
 * Callers queue it in the transaction of the change (`tx`): a rolled-back change e-mails nobody,
 * a committed one is sent by the job worker, retried while SMTP is away.
 */
export function createCustomerMailService(deps: { outbox: MailOutbox; preferences: PreferencesService }) {
  const { outbox, preferences } = deps;
  return {
    async send(tx: Db, userId: string, type: NotificationType, render: RenderCustomerEmail): Promise<void> {
      const user = await repo.findUserEmail(tx, userId);
      if (!user) return;
      if (!(await preferences.allows(tx, user.id, type, "email"))) return;
      const { headers, ...footer } = preferences.emailUnsubscribe(user.id, type);
      await outbox.send(tx, { to: user.email, email: render({ firstName: user.firstName }, footer), headers });
    },
  };
}
