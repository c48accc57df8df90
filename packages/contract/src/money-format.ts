/**
 * The one way money is written, on every screen, e-mail and PDF and in the estimate's lines:
 * the currency's symbol (or its code), grouped as the currency's own locale groups it (Indian
 * grouping for rupees), and always two decimals: "₹1,23,456.50", "$1,990.00", "€2,507.72".
 * Plain Intl, so it runs the same in Node and in the browser.
 */

/** The locale an amount in this currency is written in (also the locale of dates beside it). */
export function moneyLocaleOf(currency: string): string {
  return currency === "INR" ? "en-IN" : "en-US";
}

const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(currency: string, display: "symbol" | "code"): Intl.NumberFormat {
  const key = `${currency}:${display}`;
  let nf = formatters.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(moneyLocaleOf(currency), {
      style: "currency",
      currency,
      currencyDisplay: display,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, nf);
  }
  return nf;
}

/**
 * An amount as the API sends it (a decimal string such as "1234.50") or a number, in its
 * currency. The string goes to Intl as it is, so no floating-point rounding creeps in. Something
 * that is not an amount, or an unknown currency, reads as it came ("12abc USD").
 */
export function formatMoney(amount: string | number, currency: string, display: "symbol" | "code" = "symbol"): string {
  const text = typeof amount === "number" ? (Number.isFinite(amount) ? String(amount) : "") : amount.trim();
  if (!DECIMAL.test(text)) return `${String(amount)} ${currency}`;
  try {
    // Whitespace from Intl (narrow no-break spaces after a code) as plain spaces: the PDF's fonts and
    // plain-text e-mails have no other.
    return formatterOf(currency, display)
      .format(text as Intl.StringNumericLiteral)
      .replace(/\s/g, " ");
  } catch {
    return `${text} ${currency}`;
  }
}
