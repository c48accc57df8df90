/**
 * The e-mails. Their templates render with React Email, about 40 MB of memory once loaded, so
 * they are loaded with the first e-mail a process sends rather than at start-up.
 */
import { lazy } from "../lazy.ts";
import type * as Templates from "./templates.ts";

export { formatDate, formatDateTime, formatMoney, formatMoneyWithCode, localeOf } from "./format.ts";
export type {
  CadReadyEmailInput,
  EmailFooterLinks,
  GenericEmailInput,
  OrderStatusEmailInput,
  PaymentEmailInput,
  QuoteExpiringEmailInput,
  QuoteIssuedEmailInput,
  RefundEmailInput,
  RenderedEmail,
  ShippedEmailInput,
  StatusEmailStatus,
  StaffReplyEmailInput,
  StaffWelcomeEmailInput,
  SupportTicketEmailInput,
} from "./templates.ts";

// Not kept when it fails (a chunk missing during a deploy): the next e-mail loads it again.
const load = lazy<typeof Templates>(() => import("./templates.ts"));

export const cadReadyEmail = async (input: Templates.CadReadyEmailInput) => (await load()).cadReadyEmail(input);
export const genericEmail = async (input: Templates.GenericEmailInput) => (await load()).genericEmail(input);
export const orderStatusEmail = async (input: Templates.OrderStatusEmailInput) => (await load()).orderStatusEmail(input);
export const paymentEmail = async (input: Templates.PaymentEmailInput) => (await load()).paymentEmail(input);
export const quoteExpiringEmail = async (input: Templates.QuoteExpiringEmailInput) => (await load()).quoteExpiringEmail(input);
export const quoteIssuedEmail = async (input: Templates.QuoteIssuedEmailInput) => (await load()).quoteIssuedEmail(input);
export const refundEmail = async (input: Templates.RefundEmailInput) => (await load()).refundEmail(input);
export const shippedEmail = async (input: Templates.ShippedEmailInput) => (await load()).shippedEmail(input);
export const staffReplyEmail = async (input: Templates.StaffReplyEmailInput) => (await load()).staffReplyEmail(input);
export const staffWelcomeEmail = async (input: Templates.StaffWelcomeEmailInput) => (await load()).staffWelcomeEmail(input);
export const supportTicketEmail = async (input: Templates.SupportTicketEmailInput) => (await load()).supportTicketEmail(input);

/** The templates by name, each with the input it renders. */
type TemplateFunctions = Pick<
  typeof Templates,
  | "cadReadyEmail"
  | "genericEmail"
  | "orderStatusEmail"
  | "paymentEmail"
  | "quoteExpiringEmail"
  | "quoteIssuedEmail"
  | "refundEmail"
  | "shippedEmail"
  | "staffReplyEmail"
  | "staffWelcomeEmail"
  | "supportTicketEmail"
>;
export type EmailTemplateName = keyof TemplateFunctions;

/**
 * An e-mail described, not yet rendered: the template's name and its (JSON) input. A queued e-mail
 * job carries this and the worker renders it when it sends, so a transaction that enqueues an
 * e-mail never waits for the templates to load or render.
 */
export type EmailSpec = { [K in EmailTemplateName]: { template: K; input: Parameters<TemplateFunctions[K]>[0] } }[EmailTemplateName];

export const emailSpec = <K extends EmailTemplateName>(template: K, input: Parameters<TemplateFunctions[K]>[0]) =>
  ({ template, input }) as EmailSpec;

export async function renderEmailSpec(spec: EmailSpec): Promise<Templates.RenderedEmail> {
  const templates = await load();
  const render = templates[spec.template] as (input: EmailSpec["input"]) => Promise<Templates.RenderedEmail>;
  return render(spec.input);
}
