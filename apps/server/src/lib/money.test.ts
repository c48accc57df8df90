import { describe, expect, it } from "vitest";
import { fromCents, percentOf, subtractMoney, sumMoney, toCents } from "./money.ts";

describe("money", () => {
  it.each([
    ["0.00", 0n],
    ["1234.5", 123450n],
    ["1234.50", 123450n],
    ["-3.07", -307n],
    ["7", 700n],
  ])("reads %s as %s cents", (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it("writes cents back with two places", () => {
    expect(fromCents(123450n)).toBe("1234.50");
    expect(fromCents(5n)).toBe("0.05");
    expect(fromCents(-307n)).toBe("-3.07");
  });

  it("adds without floating-point drift (0.10 + 0.20 is 0.30)", () => {
    expect(sumMoney(["0.10", "0.20"])).toBe("0.30");
    expect(sumMoney([])).toBe("0.00");
  });

  it("takes a percentage rounded half up to the cent", () => {
    expect(percentOf("1000.00", 50)).toBe("500.00");
    expect(percentOf("999.99", 50)).toBe("500.00"); // 499.995 → 500.00
    expect(percentOf("100.01", 33.33)).toBe("33.33"); // 33.333333 → 33.33
    expect(percentOf("0.01", 50)).toBe("0.01"); // 0.005 → 0.01
  });

  it("subtracts exactly", () => {
    expect(subtractMoney("1000.00", "333.33")).toBe("666.67");
  });

  it("refuses what is not an amount", () => {
    expect(() => toCents("1e3")).toThrow();
    expect(() => toCents("12.345")).toThrow();
  });
});
