import { describe, expect, it } from "vitest";
import {
  centsToAmount,
  currencyForHost,
  detectCurrency,
  normaliseCurrency,
  parseAmount,
  parseMachineAmount,
  parsePrice,
} from "./parse-price.ts";

describe("parsePrice", () => {
  it.each([
    ["$1,450.00", 1450, "USD"],
    ["US $1,895.00", 1895, "USD"],
    ["US$ 99", 99, "USD"],
    ["C$ 899.00", 899, "CAD"],
    ["CA$1,200", 1200, "CAD"],
    ["A$ 2,390.00", 2390, "AUD"],
    ["NZ$ 1,095.00", 1095, "NZD"],
    ["R$ 1.299,90", 1299.9, "BRL"],
    ["€890,00", 890, "EUR"],
    ["€ 890,00", 890, "EUR"],
    ["1.234,56 €", 1234.56, "EUR"],
    ["3.490,00\u00a0€", 3490, "EUR"],
    ["1\u202f299,00\u00a0€", 1299, "EUR"],
    ["1 234,56", 1234.56, null],
    ["£1,250.00", 1250, "GBP"],
    ["£145", 145, "GBP"],
    ["₹ 2,46,380", 246380, "INR"],
    ["₹1,23,456.50", 123456.5, "INR"],
    ["Rs. 32,599", 32599, "INR"],
    ["Rs 1,999", 1999, "INR"],
    ["INR 45,000", 45000, "INR"],
    ["¥128,000", 128000, "JPY"],
    ["2 499,00 zł", 2499, "PLN"],
    ["1 299 kr", 1299, "SEK"],
    ["CHF 1'290.00", 1290, "CHF"],
    ["CHF 2.25", 2.25, "CHF"],
    ["8,450 ₪", 8450, "ILS"],
    ["3.499,90 lei", 3499.9, "RON"],
    ["12 990 Kč", 12990, "CZK"],
    ["EUR219.99", 219.99, "EUR"],
    ["EUR 1.150,00", 1150, "EUR"],
    ["12,99", 12.99, null],
    ["1,234", 1234, null],
    ["1.599", 1599, null],
    ["0,500", 0.5, null],
    ["99", 99, null],
    ["Price: £145.00 (incl. VAT)", 145, "GBP"],
    ["1.234.567,89 €", 1234567.89, "EUR"],
    ["$1,234,567.89", 1234567.89, "USD"],
  ])("%s → %s %s", (text, amount, currency) => {
    expect(parsePrice(text)).toEqual({ amount, currency });
  });

  it("uses the host to resolve ambiguous symbols", () => {
    expect(parsePrice("$ 129.00", { hostname: "www.shop.com.au" }).currency).toBe("AUD");
    expect(parsePrice("$ 129.00", { hostname: "boutique.ca" }).currency).toBe("CAD");
    expect(parsePrice("$ 129.00", { hostname: "shop.example.com" }).currency).toBe("USD");
    expect(parsePrice("Rs 23,450", { hostname: "www.olx.com.pk" }).currency).toBe("PKR");
    expect(parsePrice("Rs 23,450", { hostname: "www.tanishq.co.in" }).currency).toBe("INR");
    expect(parsePrice("499 kr", { hostname: "smykker.no" }).currency).toBe("NOK");
    expect(parsePrice("¥ 3,280", { hostname: "shop.example.cn" }).currency).toBe("CNY");
  });

  it("reads three-decimal currencies as decimals", () => {
    expect(parsePrice("KWD 1.500").amount).toBe(1.5);
    expect(parseAmount("1.500", "KWD")).toBe(1.5);
    expect(parseAmount("1.500", "EUR")).toBe(1500);
  });

  it("falls back to the currency hint", () => {
    expect(parsePrice("1.150,00", { currencyHint: "EUR" })).toEqual({ amount: 1150, currency: "EUR" });
    expect(parsePrice(42, { currencyHint: "GBP" })).toEqual({ amount: 42, currency: "GBP" });
  });

  it("returns nulls for text without a number", () => {
    expect(parsePrice("Sold out")).toEqual({ amount: null, currency: null });
    expect(parsePrice("")).toEqual({ amount: null, currency: null });
    expect(parsePrice(null)).toEqual({ amount: null, currency: null });
  });
});

describe("structured amounts", () => {
  it.each([
    [1450, 1450],
    ["1450.00", 1450],
    ["1,450.00", 1450],
    ["23.450", 23.45],
    ["1.599,00", 1599],
    ["0", 0],
    ["-5", null],
    ["", null],
    [null, null],
    [{ value: 3 }, null],
  ])("parseMachineAmount(%j) → %s", (input, expected) => {
    expect(parseMachineAmount(input)).toBe(expected);
  });

  it("converts platform cents", () => {
    expect(centsToAmount(145000)).toBe(1450);
    expect(centsToAmount("89000", "EUR")).toBe(890);
    expect(centsToAmount(12800, "JPY")).toBe(12800);
    expect(centsToAmount(1500, "KWD")).toBe(1.5);
    expect(centsToAmount("12.50")).toBeNull();
    expect(centsToAmount(-1)).toBeNull();
  });
});

describe("currency detection", () => {
  it("normalises structured currency values", () => {
    expect(normaliseCurrency("eur")).toBe("EUR");
    expect(normaliseCurrency(" GBP ")).toBe("GBP");
    expect(normaliseCurrency("€")).toBe("EUR");
    expect(normaliseCurrency("Rs.")).toBe("INR");
    expect(normaliseCurrency("")).toBeNull();
    expect(normaliseCurrency(7)).toBeNull();
  });

  it("does not read upper-case words as currency codes", () => {
    expect(detectCurrency("SHOP ALL RINGS")).toBeNull();
    expect(detectCurrency("TOP 10 PICKS")).toBeNull();
    expect(detectCurrency("ALL")).toBe("ALL");
  });

  it("knows the local currency of country domains", () => {
    expect(currencyForHost("www.juwelier.de")).toBe("EUR");
    expect(currencyForHost("shop.co.uk")).toBe("GBP");
    expect(currencyForHost("www.example.com")).toBeNull();
    expect(currencyForHost(null)).toBeNull();
  });
});
