import type { NotificationChannel, NotificationType } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import {
  cadReadyEmail,
  formatDate,
  formatMoney,
  quoteIssuedEmail,
  shippedEmail,
  type EmailFooterLinks,
  type RenderedEmail,
} from "../../lib/email/index.ts";
import type { Mailer } from "../../lib/mail.ts";
import { advanceOf } from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import type { CadDesignRow, OrderRow, QuoteRow } from "./orders.repository.ts";

/** The settings module's answer to "does this customer want this e-mail", and its unsubscribe links. */
export interface EmailPreferences {
  allows(db: Db, userId: string, type: NotificationType, channel: NotificationChannel): Promise<boolean>;
  emailUnsubscribe(userId: string, type: NotificationType): EmailFooterLinks & { headers: Record<string, string> };
}

/**
 * The customer e-mails of the lifecycle: quote issued, CAD ready, shipped (an order status
 * e-mail). Sent after the change commits, unless the customer turned that type of e-mail off;
 * each carries its one-click unsubscribe link and the List-Unsubscribe headers.
 */
interface MailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  preferences: EmailPreferences;
}

async function sendToCustomer(
  deps: MailDeps,
  order: OrderRow,
  type: NotificationType,
  render: (firstName: string, orderUrl: string, footer: EmailFooterLinks) => Promise<RenderedEmail>,
): Promise<void> {
  const [customer] = await repo.findUsers(deps.db, [order.userId]);
  if (!customer) return;
  if (!(await deps.preferences.allows(deps.db, customer.id, type, "email"))) return;
  const { headers, ...footer } = deps.preferences.emailUnsubscribe(customer.id, type);
  const mail = await render(customer.firstName, `${deps.publicUrl}/dashboard/orders/${order.id}`, footer);
  await deps.mailer.send({ to: customer.email, subject: mail.subject, html: mail.html, text: mail.text, headers });
}

export const quoteIssuedMail = (deps: MailDeps, order: OrderRow, quote: QuoteRow) =>
  sendToCustomer(deps, order, "quote_issued", (firstName, orderUrl, footer) =>
    quoteIssuedEmail({
      firstName,
      orderNumber: order.orderNumber,
      designName: order.designName,
      amount: formatMoney(quote.amount, quote.currency),
      validUntil: formatDate(quote.validUntil, quote.currency),
      advanceAmount: formatMoney(advanceOf(quote), quote.currency),
      note: quote.note,
      orderUrl,
      footer,
    }),
  );

export const cadReadyMail = (deps: MailDeps, order: OrderRow, cad: CadDesignRow) =>
  sendToCustomer(deps, order, "cad_ready", (firstName, orderUrl, footer) =>
    cadReadyEmail({
      firstName,
      orderNumber: order.orderNumber,
      designName: order.designName,
      version: cad.version,
      description: cad.description,
      orderUrl,
      footer,
    }),
  );

export const shippedMail = (deps: MailDeps, order: OrderRow) =>
  sendToCustomer(deps, order, "status_change", (firstName, orderUrl, footer) =>
    shippedEmail({
      firstName,
      orderNumber: order.orderNumber,
      designName: order.designName,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      orderUrl,
      footer,
    }),
  );
