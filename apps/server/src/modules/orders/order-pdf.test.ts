import { DEFAULT_TAX_RULES, orderSchema, taxOnPrice, type DesignDetails, type Order, type Quote } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { extractText } from "../../test/pdf-text.ts";
import { pdfText, renderOrderPdf } from "./order-pdf.ts";

const GENERATED_AT = new Date("2026-11-23T10:00:00Z");
const OPTS = { generatedAt: GENERATED_AT, publicUrl: "http://app.test" };

const staff = { first_name: "Kavya", last_name: "Iyer", role: "staff" as const };
const customer = { first_name: "Meera", last_name: "Shah", role: "customer" as const };

function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: "7a0d1c4e-0000-4000-8000-000000000010",
    order_id: "7a0d1c4e-0000-4000-8000-000000000001",
    order_number: "JW-2026-000123",
    design_name: "Solitaire engagement ring",
    amount: "123456.50",
    currency: "INR",
    line_items: [
      { label: "18K yellow gold, 4.2 g", amount: "31500.00" },
      { label: "Diamond 0.50 ct G VS1 (IGI certified)", amount: "82456.50" },
      { label: "Setting and finishing", amount: "9500.00" },
    ],
    advance_percent: 50,
    advance_amount: "61728.25",
    balance_amount: "61728.25",
    valid_until: "2026-12-07T10:00:00Z",
    note: "Includes the IGI certificate and free resizing for a year.",
    status: "accepted",
    decline_reason: "",
    created_at: "2026-11-01T09:30:00Z",
    responded_at: "2026-11-02T12:00:00Z",
    tax: null,
    ...overrides,
  };
}

const filledDetails: DesignDetails = {
  metal_type: "gold",
  metal_color: "yellow",
  purity: "18K",
  metal: "",
  weight: 4.2,
  weight_unit: "g",
  style: "Vintage",
  setting_type: "Four-prong",
  band_width: 2.5,
  design_features: "Engraving inside: Always, M.",
  stones: [
    {
      id: "s1",
      stone_type: "Diamond",
      stone_cut: "Round",
      stone_carat: 0.5,
      stone_color: "G",
      stone_clarity: "VS1",
      position: "Center",
      quantity: 1,
    },
  ],
  stones_text: "",
  length: 21,
  width: 19.5,
  height: 7,
  size: "",
  ring_size: "US 6",
  chain_length: "",
  budget: 150000,
  budget_range: "",
  currency: "INR",
  special_requests: "Keep the halo low",
};
const emptyDetails: DesignDetails = {
  ...filledDetails,
  metal_type: "",
  metal_color: "",
  purity: "",
  weight: null,
  style: "",
  setting_type: "",
  band_width: null,
  design_features: "",
  stones: [],
  length: null,
  width: null,
  height: null,
  ring_size: "",
  budget: null,
  special_requests: "",
};

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: "7a0d1c4e-0000-4000-8000-000000000001",
    order_number: "JW-2026-000123",
    status: "manufacturing",
    progress: 60,
    quoted_price: "123456.50",
    currency: "INR",
    order_type: "Custom design",
    created_at: "2026-10-30T08:00:00Z",
    updated_at: "2026-11-20T16:45:00Z",
    design: {
      id: "7a0d1c4e-0000-4000-8000-000000000002",
      name: "Solitaire engagement ring",
      design_type: "ring",
      metal: "18K Yellow Gold",
      stones: "1 × Diamond 0.50 ct G VS1",
      size: "US 6",
      description: "A classic four-prong solitaire with a slim, comfort-fit band.",
      images: [],
      source: "custom",
      inspiration_link: "",
      details: filledDetails,
    },
    estimate: {
      currency: "INR",
      low: "110000.00",
      point: "120000.00",
      high: "130000.00",
      lines: [
        { label: "Metal: 18K gold, 4.2 g", amount: "31000.00" },
        { label: "Stones: diamond 0.50 ct", amount: "80000.00" },
        { label: "Labour and certification", amount: "9000.00" },
      ],
      retail_price: null,
      savings_percent: null,
      assumptions: ["Default weight for a ring: 4.2 g"],
      pricing_version: 3,
    },
    cad_designs: [],
    certificates: [],
    comments: [],
    quotes: [quote()],
    payments: [
      {
        id: "7a0d1c4e-0000-4000-8000-000000000020",
        order_id: "7a0d1c4e-0000-4000-8000-000000000001",
        kind: "advance",
        amount: "61728.25",
        currency: "INR",
        provider: "manual",
        reference: "UPI-98231-ADV",
        status: "confirmed",
        rejection_reason: "",
        failure_reason: "",
        flag_reason: "",
        created_at: "2026-11-03T10:00:00Z",
        decided_at: "2026-11-03T15:00:00Z",
      },
    ],
    amount_paid: "61728.25",
    amount_refunded: "0.00",
    refunds: [],
    balance_due: "61728.25",
    payment_due: null,
    events: [
      {
        id: "e1",
        type: "created",
        from_status: null,
        to_status: "initiated",
        note: "",
        actor: customer,
        created_at: "2026-10-30T08:00:00Z",
      },
      {
        id: "e2",
        type: "quote_issued",
        from_status: "initiated",
        to_status: "quoted",
        note: "",
        actor: staff,
        created_at: "2026-11-01T09:30:00Z",
      },
      {
        id: "e3",
        type: "payment_confirmed",
        from_status: "quoted",
        to_status: "approved",
        note: "Advance received.",
        actor: staff,
        created_at: "2026-11-03T15:00:00Z",
      },
      {
        id: "e4",
        type: "status_change",
        from_status: "cad_approved",
        to_status: "manufacturing",
        note: "",
        actor: null,
        created_at: "2026-11-20T16:45:00Z",
      },
    ],
    shipment: null,
    delivery_address: null,
    billing_address: null,
    cancel_reason: "",
    ...overrides,
  };
}

function pageCount(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}

describe("renderOrderPdf", () => {
  it("renders a real PDF with the order, its quote, payments and history", async () => {
    const o = order();
    expect(() => orderSchema.parse(o)).not.toThrow();
    const pdf = await renderOrderPdf(o, OPTS);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(1);

    const text = extractText(pdf);
    expect(text).toContain("JW-2026-000123");
    expect(text).toContain("AURELIA ATELIER");
    expect(text).toContain("MANUFACTURING");
    expect(text).toContain("60% complete");
    // A quote line, its amount with the ISO code (the standard fonts have no rupee sign), totals.
    expect(text).toContain("Diamond 0.50 ct G VS1 (IGI certified)");
    expect(text).toContain("INR 82,456.50");
    expect(text).toContain("INR 1,23,456.50");
    expect(text).toContain("50% · INR 61,728.25");
    expect(text).toContain("UPI-98231-ADV");
    expect(text).toContain("Confirmed");
    expect(text).toContain("CAD Approved to Manufacturing");
    expect(text).toContain("1 × Diamond · Round · 0.5 ct · G · VS1 · Center");
    expect(text).toContain("INR 1,10,000.00 to INR 1,30,000.00");
    expect(text).toContain("Page 1 of");
    // Each staff action is credited to the staff member by name, the system's to the atelier.
    expect(text).toContain("Kavya Iyer (staff)");
    expect(text).toContain("Meera Shah");
    expect(text).toContain("Aurelia Atelier (automatic)");
    expect(text).not.toContain("Someone");
  });

  it("shows a quote's tax lines after its lines before tax, and the total incl. tax", async () => {
    // 1,00,000.00 within Maharashtra: CGST 1.50% 1,500.00 + SGST 1.50% 1,500.00 = 1,03,000.00
    const tax = taxOnPrice(
      DEFAULT_TAX_RULES,
      { country: "IN", state: "Maharashtra" },
      { country: "IN", state: "Maharashtra" },
      { goods: "100000.00", making: "0.00" },
    );
    const taxed = quote({
      line_items: [{ label: "Ring", amount: "100000.00" }],
      tax,
      amount: "103000.00",
      advance_amount: "51500.00",
      balance_amount: "51500.00",
    });
    const text = extractText(await renderOrderPdf(order({ quotes: [taxed], quoted_price: "103000.00" }), OPTS));
    expect(text).toMatch(/Subtotal before tax\s*INR 1,00,000.00/);
    expect(text).toMatch(/CGST at 1.50%\s*INR 1,500.00/);
    expect(text).toMatch(/SGST at 1.50%\s*INR 1,500.00/);
    expect(text).toMatch(/Total incl. tax\s*INR 1,03,000.00/);
  });

  it("shows the balance as due only once the CAD design is approved; before that, the total", async () => {
    const due = (await Promise.all([order(), order({ status: "approved", progress: 30 })].map((o) => renderOrderPdf(o, OPTS)))).map(
      extractText,
    );
    expect(due[0]).toMatch(/Balance due\s*INR 61,728.25/);
    expect(due[1]).not.toContain("Balance due");
    expect(due[1]).toMatch(/Total\s*INR 1,23,456.50/);
  });

  it("shows every field the customer filled in, under the custom form's section titles", async () => {
    const o = order();
    expect(() => orderSchema.parse(o)).not.toThrow();
    const text = extractText(await renderOrderPdf(o, OPTS));
    const lines = text.split("\n");
    // The form's sections, in its order.
    const titles = ["Metal", "Design details", "Stones", "Size & dimensions", "Budget & requests"].map((t) => lines.indexOf(t));
    expect(titles.every((i) => i > 0)).toBe(true);
    expect([...titles].sort((a, b) => a - b)).toEqual(titles);
    for (const value of [
      "Gold",
      "Yellow",
      "18K",
      "4.2 g",
      "Vintage",
      "Four-prong",
      "2.5 mm",
      "Engraving inside: Always, M.",
      "1 × Diamond · Round · 0.5 ct · G · VS1 · Center",
      "L 21 × W 19.5 × H 7 mm",
      "US 6",
      "INR 1,50,000.00",
      "Keep the halo low",
    ]) {
      expect(lines).toContain(value);
    }
    for (const label of [
      "Weight",
      "Style",
      "Setting type",
      "Band width",
      "Design features",
      "Dimensions",
      "Ring size",
      "Budget",
      "Special requests",
    ]) {
      expect(lines).toContain(label);
    }
  });

  it("leaves out the fields and sections the customer left empty", async () => {
    const o = order({ design: { ...order().design, details: { ...emptyDetails, special_requests: "Gift box, please" } } });
    const lines = extractText(await renderOrderPdf(o, OPTS)).split("\n");
    expect(lines).toContain("Budget & requests");
    expect(lines).toContain("Gift box, please");
    for (const absent of ["Metal", "Design details", "Stones", "Size & dimensions", "Weight", "Style", "Budget", "Ring size"]) {
      expect(lines).not.toContain(absent);
    }
  });

  it("lists the certificates with their lab, number, stone and the lab's verify link", async () => {
    const file = { file_name: "gia.pdf", content_type: "application/pdf", size: 1000, url: "http://app.test/api/files/x" };
    const base = { order_id: order().id, file, created_at: "2026-11-21T10:00:00Z" };
    const o = order({
      certificates: [
        {
          ...base,
          id: "c1",
          type: "gia",
          lab: "GIA",
          number: "2141438171",
          issued_on: "2026-11-18",
          stone: "Centre diamond 0.50 ct",
          verify_url: "https://www.gia.edu/report-check?reportno=2141438171",
        },
        {
          ...base,
          id: "c2",
          type: "hallmark",
          lab: "BIS AHC Mumbai",
          number: "AB12CD",
          issued_on: "2026-11-19",
          stone: "",
          verify_url: null,
        },
      ],
    });
    expect(() => orderSchema.parse(o)).not.toThrow();
    const pdf = await renderOrderPdf(o, { ...OPTS, compress: false });
    const text = extractText(pdf);
    expect(text).toContain("CERTIFICATES");
    expect(text).toContain("GIA certificate");
    expect(text).toContain("2141438171");
    expect(text).toContain("Centre diamond 0.50 ct");
    expect(text).toContain("18 Nov 2026");
    expect(text).toContain("https://www.gia.edu/report-check?reportno=2141438171");
    expect(text).toContain("Verify at GIA");
    expect(text).toContain("Hallmark certificate");
    expect(text).toContain("BIS AHC Mumbai");
    expect(text).toContain("The whole piece");
    // The verify line is a real link annotation.
    expect(pdf.toString("latin1")).toContain("(https://www.gia.edu/report-check?reportno=2141438171)");
  });

  it("leaves the certificates out when there are none", async () => {
    expect(extractText(await renderOrderPdf(order(), { ...OPTS, compress: false }))).not.toContain("CERTIFICATES");
  });

  it("reads the same text uncompressed", async () => {
    const pdf = await renderOrderPdf(order(), { ...OPTS, compress: false });
    expect(pdf.toString("latin1")).not.toContain("/FlateDecode");
    expect(extractText(pdf)).toContain("Setting and finishing");
  });

  it("wraps a very long description onto more pages", async () => {
    const long = Array.from({ length: 400 }, (_, i) => `Sentence ${i + 1} of a very detailed brief about the piece.`).join(" ");
    const oneWord = "x".repeat(3000);
    const pdf = await renderOrderPdf(order({ design: { ...order().design, description: `${long}\n\n${oneWord}` } }), OPTS);
    expect(pageCount(pdf)).toBeGreaterThan(1);
    const text = extractText(pdf);
    expect(text).toContain("Sentence 400 of a very detailed brief");
    expect(text).toMatch(/Page 1 of [2-9]/);
  });

  it("renders an order without quotes, payments, events or shipment", async () => {
    const pdf = await renderOrderPdf(
      order({
        status: "initiated",
        progress: 10,
        quoted_price: null,
        quotes: [],
        payments: [],
        events: [],
        amount_paid: "0.00",
        balance_due: null,
      }),
      OPTS,
    );
    expect(pdf.subarray(0, 4).toString("latin1")).toBe("%PDF");
    const text = extractText(pdf);
    expect(text).toContain("INITIATED");
    expect(text).toContain("No quote has been issued yet.");
    expect(text).toContain("No payment has been recorded yet.");
    expect(text).toContain("Not shipped yet.");
  });

  it("a cancelled order reads as stopped, not as 0% complete or a quote still to come", async () => {
    const text = extractText(
      await renderOrderPdf(
        order({
          status: "cancelled",
          progress: 0,
          quoted_price: null,
          quotes: [],
          payments: [],
          shipment: null,
          cancel_reason: "Changed my mind",
          amount_paid: "0.00",
          balance_due: null,
        }),
        { ...OPTS, compress: false },
      ),
    );
    expect(text).toContain("CANCELLED");
    expect(text).not.toContain("% complete");
    expect(text).not.toContain("(0%)");
    expect(text).toContain("No quote was issued.");
    expect(text).not.toContain("yet.");
    expect(text).toContain("Not shipped: the order was cancelled.");
    expect(text).toContain("Changed my mind");
  });

  it("shows the shipment, many events and text the fonts cannot draw without breaking", async () => {
    const events = Array.from({ length: 80 }, (_, i) => ({
      id: `e${i}`,
      type: "comment" as const,
      from_status: null,
      to_status: null,
      note: i === 5 ? "n".repeat(6000) : `Comment ${i} — with “quotes”, emoji 💍 and हिंदी`,
      actor: staff,
      created_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    }));
    const pdf = await renderOrderPdf(
      order({
        status: "shipped",
        progress: 90,
        currency: "USD",
        shipment: { carrier: "Blue Dart", tracking_number: "BD123456789IN" },
        delivery_address: { name: "Meera Iyer", phone: "+91 98200 12345", line1: "12 MG Road", line2: "", city: "Pune", state: "Maharashtra", postal_code: "411001", country: "IN" },
        events,
        quotes: [quote({ currency: "USD", status: "declined", decline_reason: "Too <b>high</b>" }), quote({ currency: "USD" })],
      }),
      OPTS,
    );
    expect(pageCount(pdf)).toBeGreaterThan(2);
    const text = extractText(pdf);
    expect(text).toContain("BD123456789IN");
    expect(text).toContain("Blue Dart");
    expect(text).toContain("Meera Iyer, 12 MG Road, Pune 411001, Maharashtra, India");
    expect(text).toContain("USD 123,456.50");
    expect(text).toContain("Too <b>high</b>");
    expect(text).toContain("Comment 79 — with “quotes”, emoji ? and ?????");
  });
});

describe("pdfText", () => {
  it("keeps WinAnsi characters and replaces the rest", () => {
    expect(pdfText("Café “déjà” – €5 × 2")).toBe("Café “déjà” – €5 × 2");
    expect(pdfText("₹500 → ok")).toBe("INR 500 -> ok");
    expect(pdfText("Łódź Ōsaka")).toBe("Lódz Osaka");
    expect(pdfText("a\u0000b\r\nc\u200bd")).toBe("ab\nc?d");
  });
});
