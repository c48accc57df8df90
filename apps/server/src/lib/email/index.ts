export { formatDate, formatDateTime, formatMoney, formatMoneyWithCode, localeOf } from "./format.ts";
export {
  cadReadyEmail,
  genericEmail,
  quoteIssuedEmail,
  shippedEmail,
  staffWelcomeEmail,
  type CadReadyEmailInput,
  type GenericEmailInput,
  type QuoteIssuedEmailInput,
  type RenderedEmail,
  type ShippedEmailInput,
  type StaffWelcomeEmailInput,
} from "./templates.ts";
