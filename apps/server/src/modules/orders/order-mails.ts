import { addressLines, AUTO_COMPLETE_DAYS, type NotificationType, type OrderStatus } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import {
  emailSpec,
  formatDate,
  formatDateTime,
  formatMoney,
  type EmailFooterLinks,
  type EmailSpec,
  type StatusEmailStatus,
} from "../../lib/email/index.ts";
import type { CustomerMailService } from "../settings/customer-mail.service.ts";
import { advanceOf } from "./order-view.ts";
import type { CadDesignRow, OrderRow, PaymentRow, QuoteRow } from "./orders.repository.ts";

/**
 * The customer e-mails of the lifecycle: quote issued and expiring, payment confirmed or not
 * matched, CAD ready, the order status e-mails (production, quality check, ready to ship, shipped,
 * delivered: what the "Order status" switch promises), and a jeweller's reply. Queued in the
 * change's transaction (sent by the job worker once it commits), through the settings module, which skips the types the customer turned off and
 * adds the unsubscribe link and headers.
 */
export interface OrderMailDeps {
  publicUrl: string;
  customerMail: CustomerMailService;
}

function sendToCustomer(
  deps: OrderMailDeps,
  tx: Db,
  order: OrderRow,
  type: NotificationType,
  render: (firstName: string, orderUrl: string, footer: EmailFooterLinks) => EmailSpec,
): Promise<void> {
  const orderUrl = `${deps.publicUrl}/dashboard/orders/${order.id}`;
  return deps.customerMail.send(tx, order.userId, type, (recipient, footer) => render(recipient.firstName, orderUrl, footer));
}

/** A quote's amount as the e-mails write it: "₹1,03,000.00 incl. tax" when tax lines were added to it. */
const quoteAmountText = (quote: QuoteRow) =>
  `${formatMoney(quote.amount, quote.currency)}${quote.tax && quote.tax.lines.length > 0 ? " incl. tax" : ""}`;

export const quoteIssuedMail = (deps: OrderMailDeps, tx: Db, order: OrderRow, quote: QuoteRow) =>
  sendToCustomer(deps, tx, order, "quote_issued", (firstName, orderUrl, footer) =>
    emailSpec("quoteIssuedEmail", {
      firstName,
      orderNumber: order.orderNumber,
      designName: order.designName,
      amount: quoteAmountText(quote),
      validUntil: formatDate(quote.validUntil, quote.currency),
      advanceAmount: formatMoney(advanceOf(quote), quote.currency),
      note: quote.note,
      orderUrl,
      footer,
    }),
  );

export const quoteExpiringMail = (deps: OrderMailDeps, tx: Db, order: OrderRow, quote: QuoteRow) =>
  sendToCustomer(deps, tx, order, "quote_expiring", (firstName, orderUrl, footer) =>
    emailSpec("quoteExpiringEmail", {
      firstName,
      orderNumber: order.orderNumber,
      designName: order.designName,
      amount: quoteAmountText(quote),
      validUntil: formatDateTime(quote.validUntil, quote.currency),
      orderUrl,
      footer,
    }),
  );

export const paymentMail = (
  deps: OrderMailDeps,
  tx: Db,
  order: OrderRow,
  payment: PaymentRow,
  outcome: { confirmed: true } | { confirmed: false; reason: string },
) =>
  sendToCustomer(deps, tx, order, "payment", (firstName, orderUrl, footer) =>
    emailSpec("paymentEmail", {
      firstName,
      orderNumber: order.orderNumber,
      designName: order.designName,
      kind: payment.kind,
      amount: formatMoney(payment.amount, payment.currency),
      reference: payment.reference,
      outcome,
      orderUrl,
      footer,
    }),
  );

export const cadReadyMail = (deps: OrderMailDeps, tx: Db, order: OrderRow, cad: CadDesignRow) =>
  sendToCustomer(deps, tx, order, "cad_ready", (firstName, orderUrl, footer) =>
    emailSpec("cadReadyEmail", {
      firstName,
      orderNumber: order.orderNumber,
      designName: order.designName,
      version: cad.version,
      description: cad.description,
      orderUrl,
      footer,
    }),
  );

export const shippedMail = (deps: OrderMailDeps, tx: Db, order: OrderRow) =>
  sendToCustomer(deps, tx, order, "status_change", (firstName, orderUrl, footer) =>
    emailSpec("shippedEmail", {
      firstName,
      orderNumber: order.orderNumber,
      designName: order.designName,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      deliveryAddress: order.deliveryAddress ? addressLines(order.deliveryAddress) : undefined,
      orderUrl,
      footer,
    }),
  );

/** A jeweller's message in the order's conversation; the button opens the order page. */
export const staffReplyMail = (
  deps: OrderMailDeps,
  tx: Db,
  order: OrderRow,
  reply: { senderName: string; text: string; attachments: number },
) =>
  sendToCustomer(deps, tx, order, "staff_reply", (firstName, orderUrl, footer) =>
    emailSpec("staffReplyEmail", { firstName, about: `order ${order.orderNumber}`, ...reply, conversationUrl: orderUrl, footer }),
  );

const STATUS_EMAIL_STATUSES: readonly StatusEmailStatus[] = ["manufacturing", "quality_check", "ready_to_ship", "delivered"];

/**
 * The order status e-mail for a move to `to`, or null when that move has none. A failed quality
 * check going back to manufacturing is the workshop's own loop: the customer was told once.
 */
export function statusMailFor(
  deps: OrderMailDeps,
  order: OrderRow,
  from: OrderStatus,
  to: OrderStatus,
): ((tx: Db) => Promise<void>) | null {
  if (to === "shipped") return (tx) => shippedMail(deps, tx, order);
  if (to === "manufacturing" && from !== "cad_approved") return null;
  const status = STATUS_EMAIL_STATUSES.find((s) => s === to);
  if (!status) return null;
  return (tx) =>
    sendToCustomer(deps, tx, order, "status_change", (firstName, orderUrl, footer) =>
      emailSpec("orderStatusEmail", {
        firstName,
        orderNumber: order.orderNumber,
        designName: order.designName,
        status,
        autoCompleteDays: AUTO_COMPLETE_DAYS,
        orderUrl,
        footer,
      }),
    );
}
