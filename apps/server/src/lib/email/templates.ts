import { render } from "@react-email/components";
import { createElement as h, type ReactElement } from "react";
import { Details, EmailLayout, NoWrap, Paragraph, QuotedText, Strong, type EmailAction, type EmailFooterLinks } from "./layout.ts";

export type { EmailFooterLinks } from "./layout.ts";

/** A message ready for `Mailer.send`, less the recipient. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Headings keep their case in the plain-text part; links read "label https://...". */
const PLAIN_TEXT_OPTIONS = {
  wordwrap: 78,
  selectors: ["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
};

/** Both parts come from the same element, so they cannot drift apart. */
async function renderParts(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT_OPTIONS })]);
  return { subject: oneLine(subject), html, text: text.trim() };
}

/** A subject is one header line. */
function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

function greeting(firstName: string): string {
  const name = firstName.trim();
  return name ? `Hello ${name},` : "Hello,";
}

export interface QuoteIssuedEmailInput {
  firstName: string;
  orderNumber: string;
  designName: string;
  /** The quote's total, already formatted in its currency (`formatMoney`). */
  amount: string;
  /** Already formatted (`formatDate`). */
  validUntil: string;
  /** The advance due on acceptance, already formatted. */
  advanceAmount: string;
  /** The jeweller's note on the quote; may be empty. */
  note: string;
  orderUrl: string;
  /** Unsubscribe and preferences links (every e-mail a customer can turn off has them). */
  footer?: EmailFooterLinks | undefined;
}

export function quoteIssuedEmail(input: QuoteIssuedEmailInput): Promise<RenderedEmail> {
  return renderParts(
    `Your quote for order ${input.orderNumber}`,
    h(
      EmailLayout,
      {
        heading: "Your quote is ready",
        preview: `${input.amount} for ${input.designName}, valid until ${input.validUntil}.`,
        action: { label: "Review your quote", url: input.orderUrl },
        footer: input.footer,
      },
      Paragraph(greeting(input.firstName)),
      Paragraph("Our jewellers have priced ", Strong(input.designName), " (order ", NoWrap(input.orderNumber), "). Here is your quote:"),
      Details([
        { label: "Quote total", value: input.amount },
        { label: "Advance on acceptance", value: input.advanceAmount },
        { label: "Valid until", value: input.validUntil },
      ]),
      QuotedText("A note from the atelier", input.note),
      Paragraph(
        "Review the line items and accept or decline the quote on your order page. Once you accept, you will see how to pay the advance, and we begin the CAD design when it arrives.",
      ),
    ),
  );
}

export interface CadReadyEmailInput {
  firstName: string;
  orderNumber: string;
  designName: string;
  version: number;
  /** The designer's description of this version; may be empty. */
  description: string;
  orderUrl: string;
  /** Unsubscribe and preferences links (every e-mail a customer can turn off has them). */
  footer?: EmailFooterLinks | undefined;
}

export function cadReadyEmail(input: CadReadyEmailInput): Promise<RenderedEmail> {
  return renderParts(
    `CAD design ready for order ${input.orderNumber}`,
    h(
      EmailLayout,
      {
        heading: "Your CAD design is ready",
        preview: `Version ${input.version} of ${input.designName} is ready for your review.`,
        action: { label: "Review the design", url: input.orderUrl },
        footer: input.footer,
      },
      Paragraph(greeting(input.firstName)),
      Paragraph(
        `Version ${input.version} of the CAD design for `,
        Strong(input.designName),
        " (order ",
        NoWrap(input.orderNumber),
        ") is ready for your review.",
      ),
      QuotedText("From the designer", input.description),
      Paragraph(
        "Approve it when it is just right, or tell us what to change in the order's comments and we will prepare a new version. Production starts once you approve.",
      ),
    ),
  );
}

export interface ShippedEmailInput {
  firstName: string;
  orderNumber: string;
  designName: string;
  carrier: string;
  trackingNumber: string;
  /** The order's delivery address as lines (name, street, city and postal code, country); absent on orders shipped before addresses. */
  deliveryAddress?: string[] | undefined;
  orderUrl: string;
  /** Unsubscribe and preferences links (every e-mail a customer can turn off has them). */
  footer?: EmailFooterLinks | undefined;
}

export function shippedEmail(input: ShippedEmailInput): Promise<RenderedEmail> {
  return renderParts(
    `Your order ${input.orderNumber} has shipped`,
    h(
      EmailLayout,
      {
        heading: "Your piece is on its way",
        preview: `${input.designName} has shipped with ${input.carrier}.`,
        action: { label: "Follow your order", url: input.orderUrl },
        footer: input.footer,
      },
      Paragraph(greeting(input.firstName)),
      Paragraph(Strong(input.designName), " (order ", NoWrap(input.orderNumber), ") has left the atelier, insured and certified."),
      Details([
        { label: "Carrier", value: input.carrier },
        { label: "Tracking number", value: input.trackingNumber },
        ...(input.deliveryAddress?.length ? [{ label: "Delivering to", value: input.deliveryAddress.join(", ") }] : []),
      ]),
      Paragraph("When it arrives, please confirm receipt on your order page."),
    ),
  );
}

/** The order statuses with their own status e-mail besides "shipped" (which carries the tracking). */
export type StatusEmailStatus = "manufacturing" | "quality_check" | "ready_to_ship" | "delivered";

export interface OrderStatusEmailInput {
  firstName: string;
  orderNumber: string;
  designName: string;
  status: StatusEmailStatus;
  /** Days after delivery when the order completes by itself (said in the delivery e-mail). */
  autoCompleteDays: number;
  orderUrl: string;
  footer?: EmailFooterLinks | undefined;
}

const STATUS_EMAIL_TEXT: Record<StatusEmailStatus, { subject: (n: string) => string; heading: string; now: string; next: (days: number) => string }> = {
  manufacturing: {
    subject: (n) => `Your order ${n} is in production`,
    heading: "Your piece is being made",
    now: "is being handcrafted in our workshop, following the CAD design you approved.",
    next: () => "We will write again when it goes into its final quality check.",
  },
  quality_check: {
    subject: (n) => `Your order ${n} is in its quality check`,
    heading: "Your piece is in its final quality check",
    now: "is finished and our jewellers are checking the metal, the stones and the finish.",
    next: () => "Once it passes, it is packed and made ready to ship.",
  },
  ready_to_ship: {
    subject: (n) => `Your order ${n} is ready to ship`,
    heading: "Your piece is ready to ship",
    now: "has passed its quality check and is packed for its journey.",
    next: () => "We will send you the carrier and the tracking number as soon as it leaves the atelier.",
  },
  delivered: {
    subject: (n) => `Your order ${n} has been delivered`,
    heading: "Your piece has arrived",
    now: "has been delivered.",
    next: (days) =>
      `Please confirm receipt on your order page. If anything is not right, tell us in the order's messages; otherwise the order completes by itself ${days} days after delivery.`,
  },
};

/** An order status e-mail (production, quality check, ready to ship, delivered): where the piece is and what comes next. */
export function orderStatusEmail(input: OrderStatusEmailInput): Promise<RenderedEmail> {
  const text = STATUS_EMAIL_TEXT[input.status];
  return renderParts(
    text.subject(input.orderNumber),
    h(
      EmailLayout,
      {
        heading: text.heading,
        preview: `${input.designName} ${text.now}`,
        action: { label: "View your order", url: input.orderUrl },
        footer: input.footer,
      },
      Paragraph(greeting(input.firstName)),
      Paragraph(Strong(input.designName), " (order ", NoWrap(input.orderNumber), ") ", text.now),
      Paragraph(text.next(input.autoCompleteDays)),
    ),
  );
}

export interface StaffWelcomeEmailInput {
  firstName: string;
  /** "staff" or "admin". */
  role: "staff" | "admin";
  email: string;
  /** Who made the account (their name or e-mail). */
  invitedBy: string;
  /** The one-time set-password link. */
  setPasswordUrl: string;
  /** How long the link works, in hours. */
  validHours: number;
}

/** A new staff or admin account: the one-time link to choose a password (never a default one). */
export function staffWelcomeEmail(input: StaffWelcomeEmailInput): Promise<RenderedEmail> {
  const account = input.role === "admin" ? "an administrator account" : "a staff account";
  return renderParts(
    "Your Aurelia Atelier staff account",
    h(
      EmailLayout,
      {
        heading: "Welcome to the atelier",
        preview: `${input.invitedBy} has opened ${account} for you. Choose your password to sign in.`,
        action: { label: "Choose your password", url: input.setPasswordUrl },
      },
      Paragraph(greeting(input.firstName)),
      Paragraph(input.invitedBy, " has opened ", Strong(account), " for you in the Aurelia Atelier staff console."),
      Details([{ label: "Sign in with", value: input.email }]),
      Paragraph(
        `Choose your password with the button below. The link works once and expires in ${input.validHours} hours; after that, use "Forgot your password" on the sign-in page for a new one.`,
      ),
    ),
  );
}

export interface GenericEmailInput {
  heading: string;
  paragraphs: string[];
  action?: EmailAction | undefined;
}

/** Any other message (password reset, lead notifications) in the same layout; the subject is the heading. */
export function genericEmail(input: GenericEmailInput): Promise<RenderedEmail> {
  return renderParts(
    input.heading,
    h(
      EmailLayout,
      { heading: input.heading, preview: input.paragraphs[0] ?? input.heading, action: input.action },
      ...input.paragraphs.map((p) => Paragraph(p)),
    ),
  );
}

export interface SupportTicketEmailInput {
  firstName: string;
  ticketNumber: string;
  subject: string;
  /** The category's label. */
  category: string;
  /** The customer's message, quoted back. */
  message: string;
  /** The ticket's conversation. */
  ticketUrl: string;
}

/** The acknowledgement of a support ticket (transactional: always sent). */
export function supportTicketEmail(input: SupportTicketEmailInput): Promise<RenderedEmail> {
  return renderParts(
    `We received your request ${input.ticketNumber}`,
    h(
      EmailLayout,
      {
        heading: "We received your request",
        preview: `Ticket ${input.ticketNumber}: ${input.subject}. We reply within 24 hours.`,
        action: { label: "Open the conversation", url: input.ticketUrl },
      },
      Paragraph(greeting(input.firstName)),
      Paragraph("Thank you for writing to us. Your request is ticket ", NoWrap(input.ticketNumber), "; our support team replies within 24 hours."),
      Details([
        { label: "Ticket", value: input.ticketNumber },
        { label: "Subject", value: input.subject },
        { label: "Category", value: input.category },
      ]),
      QuotedText("Your message", input.message),
      Paragraph("You will find our answer in Messages on your dashboard, and you can add to the conversation there at any time."),
    ),
  );
}

export interface StaffReplyEmailInput {
  firstName: string;
  /** "order JW-2026-000015" or "request ST-2026-000003": what the conversation is about. */
  about: string;
  /** The jeweller's first name; empty reads "Your jeweller". */
  senderName: string;
  /** The reply, quoted; may be empty when only files were sent. */
  text: string;
  /** How many files came with it. */
  attachments: number;
  /** The conversation (the order page for an order). */
  conversationUrl: string;
  footer?: EmailFooterLinks | undefined;
}

/** A jeweller answered the customer, on an order or a support request. */
export function staffReplyEmail(input: StaffReplyEmailInput): Promise<RenderedEmail> {
  const files = input.attachments === 0 ? "" : input.attachments === 1 ? "a file" : `${input.attachments} files`;
  const sender = input.senderName.trim() || "Your jeweller";
  return renderParts(
    `New reply on ${input.about}`,
    h(
      EmailLayout,
      {
        heading: "The atelier has replied",
        preview: input.text ? `${sender}: ${input.text.slice(0, 120)}` : `${sender} sent you ${files}.`,
        action: { label: "Read and reply", url: input.conversationUrl },
        footer: input.footer,
      },
      Paragraph(greeting(input.firstName)),
      Paragraph(sender, " has replied on ", NoWrap(input.about), files ? ` and sent you ${files}.` : "."),
      QuotedText("Their message", input.text),
      Paragraph("Please answer in the conversation on your dashboard, where the whole atelier sees it."),
    ),
  );
}

export interface PaymentEmailInput {
  firstName: string;
  orderNumber: string;
  designName: string;
  /** "advance" or "balance". */
  kind: "advance" | "balance";
  /** Already formatted (`formatMoney`). */
  amount: string;
  /** The transfer reference the customer declared. */
  reference: string;
  /** Confirmed, or not matched with a reason. */
  outcome: { confirmed: true } | { confirmed: false; reason: string };
  orderUrl: string;
  footer?: EmailFooterLinks | undefined;
}

/** A declared payment was confirmed (a receipt) or could not be matched (with the reason). */
export function paymentEmail(input: PaymentEmailInput): Promise<RenderedEmail> {
  const details = Details([
    { label: "Order", value: input.orderNumber },
    { label: input.kind === "advance" ? "Advance" : "Balance", value: input.amount },
    { label: "Your reference", value: input.reference },
  ]);
  if (input.outcome.confirmed) {
    return renderParts(
      `Payment received for order ${input.orderNumber}`,
      h(
        EmailLayout,
        {
          heading: "Payment received",
          preview: `We received your ${input.kind} of ${input.amount} for ${input.designName}.`,
          action: { label: "View your order", url: input.orderUrl },
          footer: input.footer,
        },
        Paragraph(greeting(input.firstName)),
        Paragraph(`We received your ${input.kind} for `, Strong(input.designName), " (order ", NoWrap(input.orderNumber), "). Thank you."),
        details,
        Paragraph(
          input.kind === "advance"
            ? "Our CAD designers are starting on your piece; we will write when the first design is ready for your review."
            : "Your order is paid in full. We will let you know as soon as it ships.",
        ),
      ),
    );
  }
  return renderParts(
    `We could not confirm your payment for order ${input.orderNumber}`,
    h(
      EmailLayout,
      {
        heading: "We could not confirm your payment",
        preview: `Your ${input.kind} of ${input.amount} (reference ${input.reference}) could not be matched.`,
        action: { label: "Declare it again", url: input.orderUrl },
        footer: input.footer,
      },
      Paragraph(greeting(input.firstName)),
      Paragraph(`We could not match your ${input.kind} for `, Strong(input.designName), " (order ", NoWrap(input.orderNumber), ") with a transfer we received."),
      details,
      QuotedText("Why", input.outcome.reason),
      Paragraph("Please check the transfer and declare it again on your order page, or write to us in the order's comments."),
    ),
  );
}

export interface QuoteExpiringEmailInput {
  firstName: string;
  orderNumber: string;
  designName: string;
  /** Already formatted (`formatMoney`). */
  amount: string;
  /** Already formatted, with the time. */
  validUntil: string;
  orderUrl: string;
  footer?: EmailFooterLinks | undefined;
}

/** A quote the customer has not answered lapses soon. */
export function quoteExpiringEmail(input: QuoteExpiringEmailInput): Promise<RenderedEmail> {
  return renderParts(
    `Your quote for order ${input.orderNumber} expires soon`,
    h(
      EmailLayout,
      {
        heading: "Your quote expires soon",
        preview: `${input.amount} for ${input.designName}, valid until ${input.validUntil}.`,
        action: { label: "Review your quote", url: input.orderUrl },
        footer: input.footer,
      },
      Paragraph(greeting(input.firstName)),
      Paragraph("Your quote for ", Strong(input.designName), " (order ", NoWrap(input.orderNumber), ") has not been answered yet."),
      Details([
        { label: "Quote total", value: input.amount },
        { label: "Valid until", value: input.validUntil },
      ]),
      Paragraph("Accept it before then to keep this price, or decline it and tell us what to change. After that date we price the design again."),
    ),
  );
}

export interface RefundEmailInput {
  firstName: string;
  orderNumber: string;
  designName: string;
  /** The refunded payment's kind. */
  kind: "advance" | "balance";
  /** Already formatted (`formatMoney`). */
  amount: string;
  reason: string;
  /** The bank or UPI reference of a manual refund, or the provider's refund id. */
  reference: string;
  /** "Bank transfer / UPI", "Razorpay", "Stripe". */
  method: string;
  orderUrl: string;
  footer?: EmailFooterLinks | undefined;
}

/** A refund of the customer's payment has been sent (recorded by staff, or confirmed by the provider). */
export function refundEmail(input: RefundEmailInput): Promise<RenderedEmail> {
  return renderParts(
    `Refund of ${input.amount} for order ${input.orderNumber}`,
    h(
      EmailLayout,
      {
        heading: "Your refund is on its way",
        preview: `We refunded ${input.amount} of your ${input.kind} for ${input.designName}.`,
        action: { label: "View your order", url: input.orderUrl },
        footer: input.footer,
      },
      Paragraph(greeting(input.firstName)),
      Paragraph(
        `We refunded `,
        Strong(input.amount),
        ` of your ${input.kind} for `,
        Strong(input.designName),
        " (order ",
        NoWrap(input.orderNumber),
        ").",
      ),
      Details([
        { label: "Order", value: input.orderNumber },
        { label: "Refunded", value: input.amount },
        { label: "Paid by", value: input.method },
        ...(input.reference ? [{ label: "Refund reference", value: input.reference }] : []),
      ]),
      QuotedText("Why", input.reason),
      Paragraph(
        "Depending on your bank it can take a few working days to appear on your statement. The refund is listed on your order page.",
      ),
    ),
  );
}
