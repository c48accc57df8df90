import { describe, expect, it } from "vitest";
import { addressInputSchema, addressLines, canChooseOrderAddress, COUNTRY_CODES, countryName, gstStateCode, INDIAN_GST_STATES } from "./addresses.ts";

const pune = { name: "Asha Rao", phone: "+91 98200 12345", line1: "12 MG Road", line2: "", city: "Pune", state: "Maharashtra", postal_code: "411001", country: "IN" };

describe("addresses", () => {
  it("writes an address as a label's lines, in the country's order", () => {
    expect(addressLines(pune)).toEqual(["Asha Rao", "12 MG Road", "Pune 411001, Maharashtra", "India"]);
    expect(addressLines({ ...pune, line2: "Suite 5", city: "San Francisco", state: "CA", postal_code: "94105", country: "US" })).toEqual([
      "Asha Rao",
      "12 MG Road",
      "Suite 5",
      "San Francisco, CA 94105",
      "United States",
    ]);
    expect(addressLines({ ...pune, city: "Dubai", state: "", postal_code: "", country: "AE" })).toEqual(["Asha Rao", "12 MG Road", "Dubai", "United Arab Emirates"]);
  });

  it("knows India's GST states by name and code, and every country by name", () => {
    expect(gstStateCode(" maharashtra ")).toBe("27");
    expect(gstStateCode("Bombay")).toBeUndefined();
    expect(new Set(INDIAN_GST_STATES.map((s) => s.code)).size).toBe(INDIAN_GST_STATES.length);
    for (const code of COUNTRY_CODES) expect(countryName(code)).not.toBe(code);
  });

  it("upper-cases the country and refuses an unknown one", () => {
    expect(addressInputSchema.parse({ ...pune, country: "in" }).country).toBe("IN");
    expect(addressInputSchema.safeParse({ ...pune, country: "XX" }).error?.issues[0]?.message).toBe("Choose a country.");
  });

  it("lets the customer choose the address from the advance until the balance is confirmed", () => {
    const balance = (status: "pending" | "confirmed") => ({ kind: "balance" as const, status }) as never;
    expect(canChooseOrderAddress({ status: "quoted", payments: [] })).toBe(false);
    expect(canChooseOrderAddress({ status: "approved", payments: [] })).toBe(true);
    expect(canChooseOrderAddress({ status: "quality_check", payments: [balance("pending")] })).toBe(true);
    expect(canChooseOrderAddress({ status: "quality_check", payments: [balance("confirmed")] })).toBe(false);
    expect(canChooseOrderAddress({ status: "shipped", payments: [] })).toBe(false);
  });
});
