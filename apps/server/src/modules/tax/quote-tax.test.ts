import {
  DEFAULT_TAX_RULES,
  TAX_RATE_MESSAGE,
  type PostalAddress,
  type PricingVersion,
  type Quote,
  type TaxBreakdown,
} from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/index.ts";
import { authedInject, buildTestApp, createStaff, type TestApp } from "../../test/helpers.ts";
import { getOrder, issueQuote, staffToken, submitDesign } from "../orders/test-support.ts";
import { DEFAULT_PRICING_TABLES } from "../pricing/pricing.defaults.ts";

/**
 * Tax on quotes: the line items are before tax, the server adds the tax lines for the order's
 * delivery address (or the place it assumes), the quote's amount is the total incl. tax and the
 * advance a share of it. Every figure below is worked out by hand.
 */

let t: TestApp;
let staff: string;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({
    env: { SELLER_STATE: "Maharashtra", SELLER_GSTIN: "27AAPFU0939F1ZV", SELLER_LEGAL_NAME: "Aurelia Atelier LLP" },
  });
  staff = await staffToken(t);
  admin = (await createStaff(t, "admin")).token;
});
afterAll(async () => {
  await t.close();
});

const address = (country: string, state: string): PostalAddress => ({
  name: "Meera Shah",
  phone: "+91 98200 00000",
  line1: "12 Marine Drive",
  line2: "",
  city: country === "IN" ? "Pune" : "San Francisco",
  state,
  postal_code: country === "IN" ? "411001" : "94105",
  country,
});

/** An order delivered to `delivery` (the snapshot addresses write; set here directly). */
async function orderDeliveredTo(delivery: PostalAddress | null) {
  const s = await submitDesign(t);
  if (delivery) await t.database.db.update(orders).set({ deliveryAddress: delivery }).where(eq(orders.id, s.orderId));
  return s;
}

// 60,000.00 + 40,000.00 = 1,00,000.00 before tax.
const INR_LINES = {
  currency: "INR",
  line_items: [
    { label: "Metal and making", amount: "60000.00" },
    { label: "Diamond", amount: "40000.00" },
  ],
  advance_percent: 50,
};
const taxLines = (b: TaxBreakdown | null) => b?.lines.map((l) => [l.code, l.rate, l.amount]);

describe("a quote's tax", () => {
  it("within the seller's state: CGST 1.5% + SGST 1.5%, the amount incl. tax, the advance a share of it", async () => {
    const s = await orderDeliveredTo(address("IN", "Maharashtra"));
    const quote = await issueQuote(t, staff, s.orderId, INR_LINES);
    // 1,00,000.00 × 3% = 3,000.00 = 1,500.00 + 1,500.00; 1,03,000.00 incl. tax; advance 50% = 51,500.00
    expect(quote).toMatchObject({ amount: "103000.00", currency: "INR", advance_amount: "51500.00", balance_amount: "51500.00" });
    expect(quote.line_items).toEqual(INR_LINES.line_items);
    expect(quote.tax).toMatchObject({ regime: "intra_state", taxable: "100000.00", tax: "3000.00", total: "103000.00", hsn: "7113" });
    expect(taxLines(quote.tax)).toEqual([
      ["CGST", "1.50", "1500.00"],
      ["SGST", "1.50", "1500.00"],
    ]);
    // The customer reads the same quote, and the order is priced incl. tax.
    const mine = await authedInject(t, s.customer.token, { method: "GET", url: `/api/quotes/${quote.id}/` });
    expect(mine.json<Quote>()).toEqual(quote);
    expect(await getOrder(t, s.customer.token, s.orderId)).toMatchObject({ quoted_price: "103000.00", currency: "INR" });
    // The quote e-mail gives the total incl. tax.
    const order = await getOrder(t, s.customer.token, s.orderId);
    const mail = t.mailer.sent.find((m) => m.text.includes(order.order_number) && m.text.includes("Quote total"));
    expect(mail?.text).toContain("₹1,03,000.00 incl. tax");
  });

  it("the odd paisa goes to CGST, and the advance of an odd total rounds half up", async () => {
    const s = await orderDeliveredTo(address("IN", "maharashtra"));
    const quote = await issueQuote(t, staff, s.orderId, { ...INR_LINES, line_items: [{ label: "Ring", amount: "100000.33" }] });
    // 1,00,000.33 × 3% = 3,000.0099 → 3,000.01; SGST 1,500.00, CGST 1,500.01; total 1,03,000.34; 50% = 51,500.17
    expect(taxLines(quote.tax)).toEqual([
      ["CGST", "1.50", "1500.01"],
      ["SGST", "1.50", "1500.00"],
    ]);
    expect(quote).toMatchObject({ amount: "103000.34", advance_amount: "51500.17", balance_amount: "51500.17" });
  });

  it("to another Indian state: IGST 3%", async () => {
    const s = await orderDeliveredTo(address("IN", "Karnataka"));
    const quote = await issueQuote(t, staff, s.orderId, { ...INR_LINES, advance_percent: 30 });
    // IGST 3,000.00; 1,03,000.00; advance 30% = 30,900.00, balance 72,100.00
    expect(quote.tax?.regime).toBe("inter_state");
    expect(taxLines(quote.tax)).toEqual([["IGST", "3.00", "3000.00"]]);
    expect(quote).toMatchObject({ amount: "103000.00", advance_amount: "30900.00", balance_amount: "72100.00" });
  });

  it("an export (delivered outside India) is zero-rated: no tax lines, the amount is the line items", async () => {
    const s = await orderDeliveredTo(address("US", "California"));
    const quote = await issueQuote(t, staff, s.orderId, {
      currency: "USD",
      line_items: [{ label: "Ring", amount: "1250.50" }],
      advance_percent: 50,
    });
    expect(quote.tax).toEqual({ regime: "export", taxable: "1250.50", lines: [], tax: "0.00", total: "1250.50", hsn: "7113" });
    expect(quote).toMatchObject({ amount: "1250.50", advance_amount: "625.25", balance_amount: "625.25" });
  });

  it("without a delivery address: INR is taken as delivered in the seller's state, another currency as an export", async () => {
    const inr = await issueQuote(t, staff, (await orderDeliveredTo(null)).orderId, INR_LINES);
    expect(inr.tax?.regime).toBe("intra_state");
    expect(inr.amount).toBe("103000.00");
    const usd = await issueQuote(t, staff, (await orderDeliveredTo(null)).orderId, {
      currency: "USD",
      line_items: [{ label: "Ring", amount: "900.00" }],
    });
    expect(usd.tax?.regime).toBe("export");
    expect(usd.amount).toBe("900.00");
  });

  it("the builder's preview gives the very tax the quote then carries, and writes nothing", async () => {
    const s = await orderDeliveredTo(address("IN", "Karnataka"));
    const res = await authedInject(t, staff, {
      method: "GET",
      url: `/api/staff/orders/${s.orderId}/quote-tax/?currency=INR&goods=100000.00`,
    });
    expect(res.statusCode).toBe(200);
    const quote = await issueQuote(t, staff, s.orderId, INR_LINES);
    expect(res.json()).toEqual(quote.tax);
    expect(quote.tax?.regime).toBe("inter_state");
    const customer = await authedInject(t, s.customer.token, {
      method: "GET",
      url: `/api/staff/orders/${s.orderId}/quote-tax/?goods=1.00`,
    });
    expect(customer.statusCode).toBe(403);
  });

  it("a quote issued before tax existed reads with no tax (its amount had none)", async () => {
    const s = await orderDeliveredTo(null);
    const quote = await issueQuote(t, staff, s.orderId, INR_LINES);
    await t.database.db.execute(sql`update quotes set tax = null, amount = '100000.00' where id = ${quote.id}`);
    const res = await authedInject(t, s.customer.token, { method: "GET", url: `/api/quotes/${quote.id}/` });
    expect(res.json<Quote>()).toMatchObject({ tax: null, amount: "100000.00", advance_amount: "50000.00" });
  });
});

describe("the tax rules in the pricing tables", () => {
  const save = (tables: unknown) => authedInject(t, admin, { method: "PUT", url: "/api/staff/pricing/", payload: { tables, note: "tax" } });

  it("a bad tax rate is refused with a clear message on its field, and nothing is saved", async () => {
    const before = (await authedInject(t, admin, { method: "GET", url: "/api/staff/pricing/" })).json<PricingVersion>().version;
    const tables = structuredClone(DEFAULT_PRICING_TABLES);
    tables.tax.gst.goods_rate = "3.5";
    tables.tax.countries = [{ country: "GB", label: "VAT", rate: "120.00" }];
    const res = await save(tables);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      "tables.tax.gst.goods_rate": [TAX_RATE_MESSAGE],
      "tables.tax.countries.0.rate": [TAX_RATE_MESSAGE],
    });
    const after = (await authedInject(t, admin, { method: "GET", url: "/api/staff/pricing/" })).json<PricingVersion>().version;
    expect(after).toBe(before);
  });

  it("a version saved before tax existed reads with the default rules, and quotes are taxed by them", async () => {
    const { tax: _tax, ...old } = structuredClone(DEFAULT_PRICING_TABLES);
    await t.database.db.execute(
      sql`insert into pricing_versions (version, tables, note) values ((select max(version) + 1 from pricing_versions), ${JSON.stringify(old)}::jsonb, 'before tax')`,
    );
    const res = await authedInject(t, admin, { method: "GET", url: "/api/staff/pricing/" });
    expect(res.json<PricingVersion>()).toMatchObject({ note: "before tax", tables: { tax: DEFAULT_TAX_RULES } });
    const quote = await issueQuote(t, staff, (await orderDeliveredTo(address("IN", "Karnataka"))).orderId, INR_LINES);
    expect(taxLines(quote.tax)).toEqual([["IGST", "3.00", "3000.00"]]);
  });

  it("making charges billed separately: their own 5% lines (SAC 998892), the jewellery at 3%", async () => {
    const tables = structuredClone(DEFAULT_PRICING_TABLES);
    tables.tax.gst.making_billed_separately = true;
    expect((await save(tables)).statusCode).toBe(201);
    const s = await orderDeliveredTo(address("IN", "Maharashtra"));
    const quote = await issueQuote(t, staff, s.orderId, {
      currency: "INR",
      line_items: [
        { label: "Gold and diamond", amount: "80000.00" },
        { label: "Making", amount: "20000.00", making: true },
      ],
    });
    // 80,000.00 × 3% = 2,400.00 (1,200.00 + 1,200.00); 20,000.00 × 5% = 1,000.00 (500.00 + 500.00)
    expect(quote.tax?.lines.map((l) => [l.label, l.rate, l.amount])).toEqual([
      ["CGST on jewellery (HSN 7113)", "1.50", "1200.00"],
      ["SGST on jewellery (HSN 7113)", "1.50", "1200.00"],
      ["CGST on making charges (SAC 998892)", "2.50", "500.00"],
      ["SGST on making charges (SAC 998892)", "2.50", "500.00"],
    ]);
    expect(quote.tax?.making).toEqual({ sac: "998892", taxable: "20000.00", tax: "1000.00" });
    expect(quote).toMatchObject({ amount: "103400.00", advance_amount: "51700.00" });
    expect(quote.line_items[1]).toEqual({ label: "Making", amount: "20000.00", making: true });
    // back to the defaults for the other tests
    expect((await save(DEFAULT_PRICING_TABLES)).statusCode).toBe(201);
  });

  it("an estimate carries its tax and total incl. tax: INR in the seller's state, another currency as an export", async () => {
    const inr = (await getOrder(t, staff, (await submitDesign(t, undefined, { budget: "150000 INR" })).orderId)).estimate;
    expect(inr?.currency).toBe("INR");
    expect(inr?.tax).toMatchObject({ regime: "intra_state", taxable: inr?.point });
    expect(inr?.tax?.lines.map((l) => [l.code, l.rate])).toEqual([
      ["CGST", "1.50"],
      ["SGST", "1.50"],
    ]);
    const usd = (await getOrder(t, staff, (await submitDesign(t, undefined, { budget: "450 USD" })).orderId)).estimate;
    expect(usd?.currency).toBe("USD");
    expect(usd?.tax).toMatchObject({ regime: "export", lines: [], tax: "0.00", total: usd?.point });
  });
});
