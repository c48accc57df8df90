import { taxOnPrice, type Currency, type PostalAddress, type TaxBreakdown, type TaxPlace, type TaxRules } from "@atelier/contract";
import { sumMoney } from "../../lib/money.ts";

/** The currency a seller's own country invoices in (the product's currencies only). */
const HOME_CURRENCY: Record<string, Currency> = { IN: "INR", US: "USD", GB: "GBP" };
const EURO_COUNTRIES = new Set([
  "AT",
  "BE",
  "HR",
  "CY",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PT",
  "SK",
  "SI",
  "ES",
]);
const homeCurrencyOf = (country: string): Currency | undefined =>
  HOME_CURRENCY[country] ?? (EURO_COUNTRIES.has(country) ? "EUR" : undefined);

/**
 * Where a sale is taken to be delivered, for its tax:
 * - the order's delivery address (its country and state) when the order has one;
 * - otherwise, in the seller's own currency (INR for a seller in India): the seller's own state;
 * - otherwise (a quote in another currency): abroad, an export (no country known, so no country's rate).
 */
export function taxDestination(
  seller: TaxPlace,
  delivery: Pick<PostalAddress, "country" | "state"> | null | undefined,
  currency: Currency,
): TaxPlace {
  if (delivery) return { country: delivery.country.toUpperCase(), state: delivery.state };
  if (homeCurrencyOf(seller.country.toUpperCase()) === currency) return { country: seller.country, state: seller.state };
  return { country: "", state: "" };
}

/** A price line before tax; `making` marks a making charge (taxed at its own rate when the rules bill it separately). */
export type TaxableLine = { amount: string; making?: boolean | undefined };

/** The tax on priced lines (all in one currency). */
export function taxOfLines(rules: TaxRules, seller: TaxPlace, destination: TaxPlace, lines: TaxableLine[]): TaxBreakdown {
  const making = sumMoney(lines.filter((l) => l.making).map((l) => l.amount));
  const goods = sumMoney(lines.filter((l) => !l.making).map((l) => l.amount));
  return taxOnPrice(rules, seller, destination, { goods, making });
}
