export { formatDate, formatDateTime, formatMoney, formatMoneyWithCode, localeOf } from "./format.ts";
export {
  cadReadyEmail,
  genericEmail,
  quoteIssuedEmail,
  shippedEmail,
  type CadReadyEmailInput,
  type GenericEmailInput,
  type QuoteIssuedEmailInput,
  type RenderedEmail,
  type ShippedEmailInput,
} from "./templates.ts";
