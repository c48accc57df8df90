import type { Db } from "../../db/client.ts";
import { cadReadyEmail, formatDate, formatMoney, quoteIssuedEmail, shippedEmail, type RenderedEmail } from "../../lib/email/index.ts";
import type { Mailer } from "../../lib/mail.ts";
import { advanceOf } from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import type { CadDesignRow, OrderRow, QuoteRow } from "./orders.repository.ts";

/** The customer e-mails of the lifecycle: quote issued, CAD ready, shipped. Sent after the change commits. */
interface MailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

async function sendToCustomer(
  deps: MailDeps,
  order: OrderRow,
  render: (firstName: string, orderUrl: string) => Promise<RenderedEmail>,
): Promise<void> {
  const [customer] = await repo.findUsers(deps.db, [order.userId]);
  if (!customer) return;
  const mail = await render(customer.firstName, `${deps.publicUrl}/dashboard/orders/${order.id}`);
  await deps.mailer.send({ to: customer.email, subject: mail.subject, html: mail.html, text: mail.text });
}

export const quoteIssuedMail = (deps: MailDeps, order: OrderRow, quote: QuoteRow) =>
  sendToCustomer(deps, order, (firstName, orderUrl) =>
    quoteIssuedEmail({
      firstName,
      orderNumber: order.orderNumber,
      designName: order.designName,
      amount: formatMoney(quote.amount, quote.currency),
      validUntil: formatDate(quote.validUntil, quote.currency),
      advanceAmount: formatMoney(advanceOf(quote), quote.currency),
      note: quote.note,
      orderUrl,
    }),
  );

export const cadReadyMail = (deps: MailDeps, order: OrderRow, cad: CadDesignRow) =>
  sendToCustomer(deps, order, (firstName, orderUrl) =>
    cadReadyEmail({
      firstName,
      orderNumber: order.orderNumber,
      designName: order.designName,
      version: cad.version,
      description: cad.description,
      orderUrl,
    }),
  );

export const shippedMail = (deps: MailDeps, order: OrderRow) =>
  sendToCustomer(deps, order, (firstName, orderUrl) =>
    shippedEmail({
      firstName,
      orderNumber: order.orderNumber,
      designName: order.designName,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      orderUrl,
    }),
  );
