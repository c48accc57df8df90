import { describe, expect, it } from "vitest";
import { formatMoney, moneyLocaleOf } from "./money-format.ts";

describe("formatMoney: one way for every amount", () => {
  it("always shows two decimals, whole amounts too", () => {
    expect(formatMoney("1990.00", "USD")).toBe("$1,990.00");
    expect(formatMoney("2507.72", "USD")).toBe("$2,507.72");
    expect(formatMoney(1990, "USD")).toBe("$1,990.00");
    expect(formatMoney("300", "EUR")).toBe("€300.00");
    expect(formatMoney("12.5", "GBP")).toBe("£12.50");
  });

  it("groups rupees the Indian way, in the symbol or the code", () => {
    expect(formatMoney("123456.50", "INR")).toBe("₹1,23,456.50");
    expect(formatMoney("123456.50", "INR", "code")).toBe("INR 1,23,456.50");
    expect(moneyLocaleOf("INR")).toBe("en-IN");
    expect(moneyLocaleOf("USD")).toBe("en-US");
  });

  it("keeps every digit of a large decimal string (no floating point)", () => {
    expect(formatMoney("9007199254740993.01", "USD")).toBe("$9,007,199,254,740,993.01");
  });

  it("shows what is not an amount as it came", () => {
    expect(formatMoney("12abc", "USD")).toBe("12abc USD");
    expect(formatMoney(Number.NaN, "USD")).toBe("NaN USD");
    expect(formatMoney("10.00", "XYZ1")).toBe("10.00 XYZ1");
  });
});
