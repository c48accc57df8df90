/**
 * The e-mails. Their templates render with React Email, about 40 MB of memory once loaded, so
 * they are loaded with the first e-mail a process sends rather than at start-up.
 */
import type * as Templates from "./templates.ts";

export { formatDate, formatDateTime, formatMoney, formatMoneyWithCode, localeOf } from "./format.ts";
export type {
  CadReadyEmailInput,
  GenericEmailInput,
  QuoteIssuedEmailInput,
  RenderedEmail,
  ShippedEmailInput,
  StaffWelcomeEmailInput,
} from "./templates.ts";

let templates: Promise<typeof Templates> | undefined;
const load = () => (templates ??= import("./templates.ts"));

type Render<I> = (input: I) => Promise<Templates.RenderedEmail>;
const lazy =
  <K extends "cadReadyEmail" | "genericEmail" | "quoteIssuedEmail" | "shippedEmail" | "staffWelcomeEmail">(name: K) =>
  async (input: Parameters<(typeof Templates)[K]>[0]): Promise<Templates.RenderedEmail> =>
    ((await load())[name] as Render<typeof input>)(input);

export const cadReadyEmail = lazy("cadReadyEmail");
export const genericEmail = lazy("genericEmail");
export const quoteIssuedEmail = lazy("quoteIssuedEmail");
export const shippedEmail = lazy("shippedEmail");
export const staffWelcomeEmail = lazy("staffWelcomeEmail");
