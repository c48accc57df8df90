import type { Currency } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-in-words.ts";

describe("amountInWords", () => {
  it.each<[string, Currency, string]>([
    ["120000.50", "INR", "Rupees One Lakh Twenty Thousand and Fifty Paise Only"],
    ["1.00", "INR", "Rupees One Only"],
    ["0.50", "INR", "Fifty Paise Only"],
    ["0.01", "INR", "One Paise Only"],
    ["0.00", "INR", "Rupees Zero Only"],
    ["10.00", "INR", "Rupees Ten Only"],
    ["19.19", "INR", "Rupees Nineteen and Nineteen Paise Only"],
    ["100.00", "INR", "Rupees One Hundred Only"],
    ["105.00", "INR", "Rupees One Hundred Five Only"],
    ["999.99", "INR", "Rupees Nine Hundred Ninety Nine and Ninety Nine Paise Only"],
    ["1000.00", "INR", "Rupees One Thousand Only"],
    ["61728.25", "INR", "Rupees Sixty One Thousand Seven Hundred Twenty Eight and Twenty Five Paise Only"],
    ["100000.00", "INR", "Rupees One Lakh Only"],
    ["1234567.00", "INR", "Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven Only"],
    ["12345678.90", "INR", "Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only"],
    ["10000000.00", "INR", "Rupees One Crore Only"],
    ["1000000000.00", "INR", "Rupees One Hundred Crore Only"],
    [
      "9999999999.99",
      "INR",
      "Rupees Nine Hundred Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only",
    ],
    ["2500.00", "USD", "US Dollars Two Thousand Five Hundred Only"],
    ["1234567.05", "USD", "US Dollars One Million Two Hundred Thirty Four Thousand Five Hundred Sixty Seven and Five Cents Only"],
    ["100000.00", "EUR", "Euros One Hundred Thousand Only"],
    ["1000000000.00", "EUR", "Euros One Billion Only"],
    ["40.75", "GBP", "Pounds Sterling Forty and Seventy Five Pence Only"],
    ["-1500.00", "INR", "Rupees One Thousand Five Hundred Only"],
  ])("%s %s -> %s", (amount, currency, words) => {
    expect(amountInWords(amount, currency)).toBe(words);
  });
});
