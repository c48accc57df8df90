import type { Payment, TaxDocument, TaxDocumentList } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments, refunds, taxDocumentCounters, taxDocuments, users } from "../../db/schema/index.ts";
import { extractText } from "../../test/pdf-text.ts";
import { authedInject, buildTestApp, FakeClock, type TestApp } from "../../test/helpers.ts";
import { signUpCustomer, type Customer } from "../uploads/test-support.ts";
import { getOrder, issueQuote, post, staffToken, submitDesign, uploadCad, type Submitted } from "../orders/test-support.ts";
import { renderTaxDocumentPdf } from "./invoice-pdf.ts";
import type { TaxDocumentContent } from "./invoice-content.ts";

const SELLER_ENV = {
  SELLER_LEGAL_NAME: "Aurelia Atelier Private Limited",
  SELLER_ADDRESS: "12 Zaveri Bazaar, Mumbai 400002",
  SELLER_STATE: "Maharashtra",
  SELLER_COUNTRY: "IN",
  SELLER_GSTIN: "27AAECA1234F1Z6",
};

const clock = new FakeClock(new Date("2026-11-26T06:00:00Z"));
let t: TestApp;
let staff: string;
let admin: string;
let stranger: Customer;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: SELLER_ENV });
  staff = await staffToken(t);
  admin = await staffToken(t, "admin");
  stranger = await signUpCustomer(t);
});
afterAll(async () => {
  await t.close();
});

const address = (state: string, country = "IN", name = "Meera Shah") => ({
  name,
  phone: "+91 98200 00000",
  line1: "4 Palm Grove",
  line2: "",
  city: country === "IN" ? "Pune" : "London",
  state,
  postal_code: "411001",
  country,
});

/** An order with an accepted quote of 100000.00 before tax (INR unless said, advance 50%) and its advance declared. */
async function declaredAdvance(
  opts: {
    billingState?: string;
    country?: string;
    buyer?: string;
    currency?: "INR" | "GBP";
    lines?: { label: string; amount: string }[];
  } = {},
): Promise<Submitted & { paymentId: string }> {
  const s = await submitDesign(t);
  if (opts.billingState !== undefined) {
    const a = address(opts.billingState, opts.country, opts.buyer);
    await t.database.db.update(orders).set({ billingAddress: a, deliveryAddress: a }).where(eq(orders.id, s.orderId));
  }
  const quote = await issueQuote(t, staff, s.orderId, { currency: opts.currency ?? "INR", ...(opts.lines && { line_items: opts.lines }) });
  const accepted = await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  const declared = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR-ADV-1" });
  if (declared.statusCode !== 201) throw new Error(`declare failed: ${declared.body}`);
  return { ...s, paymentId: declared.json<Payment>().id };
}

const confirm = (paymentId: string) => post(t, staff, `/api/staff/payments/${paymentId}/confirm/`);

async function invoicesOf(token: string, orderId: string): Promise<TaxDocument[]> {
  const res = await authedInject(t, token, { method: "GET", url: `/api/orders/${orderId}/invoices/` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TaxDocumentList>().results;
}

async function pdfOf(token: string, id: string) {
  return authedInject(t, token, { method: "GET", url: `/api/invoices/${id}.pdf` });
}

async function counter(kind: "invoice" | "credit_note", year: string): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(taxDocumentCounters)
    .where(sql`${taxDocumentCounters.kind} = ${kind} and ${taxDocumentCounters.financialYear} = ${year}`);
  return row?.last ?? 0;
}

describe("the advance's tax invoice", () => {
  let s: Submitted & { paymentId: string };
  let invoice: TaxDocument;

  beforeAll(async () => {
    s = await declaredAdvance({ billingState: "Maharashtra" });
    expect(await invoicesOf(s.customer.token, s.orderId)).toEqual([]);
    expect((await confirm(s.paymentId)).statusCode).toBe(200);
    [invoice] = (await invoicesOf(s.customer.token, s.orderId)) as [TaxDocument];
  });

  it("is issued with the capture, numbered in the financial year of the capture, with the tax it includes", () => {
    expect(invoice).toMatchObject({
      kind: "invoice",
      number: "INV/2026-27/000001",
      financial_year: "2026-27",
      label: "Advance receipt",
      payment_kind: "advance",
      order_id: s.orderId,
      date: "2026-11-26",
      currency: "INR",
      // The quote: 100000.00 + 3% GST = 103000.00; its advance of 50% is 50000.00 + 1500.00.
      total: "51500.00",
      taxable: "50000.00",
      tax: "1500.00",
      against_number: "",
      pdf_url: `/api/invoices/${invoice.id}.pdf`,
    });
  });

  it("prints the number, the seller's GSTIN, the buyer, the tax lines and the amount in words", async () => {
    const res = await pdfOf(s.customer.token, invoice.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="INV-2026-27-000001.pdf"');
    const { content } = await t.services.invoices.get({ id: s.customer.id, role: "customer" }, invoice.id);
    const text = extractText(await renderTaxDocumentPdf(content, { compress: false }));
    for (const expected of [
      "Tax invoice INV/2026-27/000001",
      "Advance receipt",
      "Aurelia Atelier Private Limited",
      "GSTIN: 27AAECA1234F1Z6",
      "Meera Shah",
      "Maharashtra, India",
      "7113",
      "INR 50,000.00",
      "CGST",
      "SGST",
      "1.50%",
      "INR 750.00",
      "INR 1,500.00",
      "INR 51,500.00",
      "Rupees Fifty One Thousand Five Hundred Only",
    ])
      expect(text, expected).toContain(expected);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("is the customer's and staff's; another customer gets 404 for the list and the PDF", async () => {
    expect((await pdfOf(staff, invoice.id)).statusCode).toBe(200);
    expect((await invoicesOf(staff, s.orderId)).map((d) => d.number)).toEqual(["INV/2026-27/000001"]);
    const list = await authedInject(t, stranger.token, { method: "GET", url: `/api/orders/${s.orderId}/invoices/` });
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ detail: "Not found." });
    const pdf = await pdfOf(stranger.token, invoice.id);
    expect(pdf.statusCode).toBe(404);
    expect((await pdfOf(stranger.token, "not-a-uuid")).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/invoices/${invoice.id}.pdf` })).statusCode).toBe(401);
  });

  it("is issued once: a second confirmation and a second issue return the same document", async () => {
    expect((await confirm(s.paymentId)).statusCode).toBe(200);
    const again = await t.services.orders.inTx((tx) => t.services.invoices.issueInvoice(tx, s.paymentId));
    expect(again.id).toBe(invoice.id);
    expect(await invoicesOf(s.customer.token, s.orderId)).toHaveLength(1);
  });

  it("can never be changed or deleted, not even by hand (a trigger refuses)", async () => {
    await expect(t.database.db.update(taxDocuments).set({ total: "1.00" }).where(eq(taxDocuments.id, invoice.id))).rejects.toThrow();
    await expect(t.database.db.delete(taxDocuments).where(eq(taxDocuments.id, invoice.id))).rejects.toThrow();
    const [row] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.id, invoice.id));
    expect(row?.total).toBe("51500.00");
  });

  it("a credit note for a succeeded refund, against the invoice, with the same tax lines; issued once", async () => {
    const [refund] = await t.database.db
      .insert(refunds)
      .values({
        orderId: s.orderId,
        paymentId: s.paymentId,
        userId: s.customer.id,
        amount: "10000.00",
        currency: "INR",
        reason: "Order cancelled",
        provider: "manual",
        reference: "NEFT-REFUND-9",
        status: "succeeded",
        settledAt: new Date("2026-11-27T05:00:00Z"),
      })
      .returning();
    const note = await t.services.orders.inTx((tx) => t.services.invoices.issueCreditNote(tx, refund?.id ?? ""));
    const again = await t.services.orders.inTx((tx) => t.services.invoices.issueCreditNote(tx, refund?.id ?? ""));
    expect(again.id).toBe(note.id);
    const docs = await invoicesOf(s.customer.token, s.orderId);
    expect(docs.map((d) => [d.number, d.label, d.against_number, d.date, d.taxable, d.tax, d.total])).toEqual([
      ["INV/2026-27/000001", "Advance receipt", "", "2026-11-26", "50000.00", "1500.00", "51500.00"],
      ["CN/2026-27/000001", "Credit note", "INV/2026-27/000001", "2026-11-27", "9708.74", "291.26", "10000.00"],
    ]);
    const content = note.content as unknown as TaxDocumentContent;
    expect(content.tax.lines.map((l) => [l.code, l.amount])).toEqual([
      ["CGST", "145.63"],
      ["SGST", "145.63"],
    ]);
    const text = extractText(await renderTaxDocumentPdf(content, { compress: false }));
    for (const expected of [
      "Credit note CN/2026-27/000001",
      "Against invoice",
      "INV/2026-27/000001",
      "Order cancelled",
      "Rupees Ten Thousand Only",
    ])
      expect(text, expected).toContain(expected);
  });
});

describe("tax by place of supply", () => {
  it("another Indian state is IGST; abroad is a zero-rated export noted on the invoice", async () => {
    const karnataka = await declaredAdvance({ billingState: "Karnataka" });
    await confirm(karnataka.paymentId);
    const [igst] = await invoicesOf(karnataka.customer.token, karnataka.orderId);
    const { content } = await t.services.invoices.get({ id: karnataka.customer.id, role: "customer" }, igst?.id ?? "");
    expect(content.tax.regime).toBe("inter_state");
    expect(content.tax.lines.map((l) => [l.code, l.rate, l.amount])).toEqual([["IGST", "3.00", "1500.00"]]);

    const london = await declaredAdvance({ billingState: "", country: "GB", buyer: "Ada Lovelace", currency: "GBP" });
    await confirm(london.paymentId);
    const [exported] = await invoicesOf(london.customer.token, london.orderId);
    expect(exported).toMatchObject({ currency: "GBP", taxable: "50000.00", tax: "0.00", total: "50000.00" });
    const exportContent = (await t.services.invoices.get({ id: london.customer.id, role: "customer" }, exported?.id ?? "")).content;
    const text = extractText(await renderTaxDocumentPdf(exportContent, { compress: false }));
    expect(text).toContain("Supply meant for export");
    expect(text).toContain("Ada Lovelace");
    expect(text).toContain("United Kingdom");
    expect(text).toContain("GBP 50,000.00");
    expect(text).toContain("Pounds Sterling Fifty Thousand Only");
  });

  it("without an address, the buyer is named from the account and the invoice says so", async () => {
    const s = await declaredAdvance();
    await confirm(s.paymentId);
    const [doc] = await invoicesOf(s.customer.token, s.orderId);
    const { content } = await t.services.invoices.get({ id: s.customer.id, role: "customer" }, doc?.id ?? "");
    const [user] = await t.database.db.select().from(users).where(eq(users.id, s.customer.id));
    expect(content.buyer.email).toBe(user?.email);
    expect(content.buyer.name).toBe(user?.email);
    expect(content.buyer.note).toBe(
      "No billing or delivery address had been given for this order when this document was issued; the buyer is named from their account.",
    );
    const text = extractText(await renderTaxDocumentPdf(content, { compress: false }));
    expect(text).toContain(user?.email ?? "?");
  });
});

describe("the admins' CSV export", () => {
  it("is for admins only: 403 for customers and staff, 401 without a token", async () => {
    const url = "/api/staff/invoices/export.csv?from=2026-11-01&to=2026-11-30";
    expect((await authedInject(t, stranger.token, { method: "GET", url })).statusCode).toBe(403);
    expect((await authedInject(t, staff, { method: "GET", url })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });

  it("refuses a reversed, impossible or missing range with 400", async () => {
    for (const query of [
      "from=2026-11-30&to=2026-11-01",
      "from=2026-02-30&to=2026-11-01",
      "from=2026-11-01",
      "from=26-11-01&to=2026-11-30",
      "from=2020-01-01&to=2026-11-30",
    ]) {
      const res = await authedInject(t, admin, { method: "GET", url: `/api/staff/invoices/export.csv?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ detail: "Invalid request parameters." });
    }
  });

  it("lists the range's invoices and credit notes with their tax columns, safe from formula injection", async () => {
    const s = await declaredAdvance({ billingState: "Maharashtra", buyer: '=HYPERLINK("http://evil","x")' });
    await confirm(s.paymentId);
    const res = await authedInject(t, admin, { method: "GET", url: "/api/staff/invoices/export.csv?from=2026-11-26&to=2026-11-27" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="invoices-2026-11-26-to-2026-11-27.csv"');
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "number,type,kind,date,financial_year,order,buyer,buyer_email,place_of_supply,seller_gstin,seller_state,against_invoice,taxable,cgst,sgst,igst,other_tax,total,currency",
    );
    const first = lines.find((l) => l.startsWith("INV/2026-27/000001,"));
    expect(first).toMatch(
      /^INV\/2026-27\/000001,Invoice,Advance receipt,2026-11-26,2026-27,JW-\d{4}-\d{6},Meera Shah,.*,"Maharashtra, India",27AAECA1234F1Z6,Maharashtra,,50000.00,750.00,750.00,0.00,0.00,51500.00,INR$/,
    );
    expect(
      lines.some(
        (l) =>
          l.startsWith("CN/2026-27/000001,Credit note,Credit note,2026-11-27,") &&
          l.includes(",INV/2026-27/000001,9708.74,145.63,145.63,0.00,0.00,10000.00,INR"),
      ),
    ).toBe(true);
    const igst = lines.find((l) => l.includes("Karnataka"));
    expect(igst).toContain(",50000.00,0.00,0.00,1500.00,0.00,51500.00,INR");
    const injected = lines.find((l) => l.includes("HYPERLINK"));
    expect(injected).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    // Days are India's: the credit note settled at 05:00 UTC on the 27th is not in a range ending on the 26th.
    const oneDay = await authedInject(t, admin, { method: "GET", url: "/api/staff/invoices/export.csv?from=2026-11-26&to=2026-11-26" });
    expect(oneDay.body).toContain("INV/2026-27/000001,");
    expect(oneDay.body).not.toContain("CN/2026-27/000001,");
    // A day outside the range lists nothing but the header.
    const empty = await authedInject(t, admin, { method: "GET", url: "/api/staff/invoices/export.csv?from=2026-10-01&to=2026-10-31" });
    expect(empty.body).toBe(`${lines[0]}\r\n`);
  });
});

describe("numbering", () => {
  it("a capture rolled back gives its number back: no gap", async () => {
    const s = await declaredAdvance();
    const before = await counter("invoice", "2026-27");
    await expect(
      t.services.orders.inTx(async (tx, later) => {
        const order = await t.services.orders.lockOrder(tx, { id: s.customer.id, role: "customer" }, s.orderId);
        const [row] = await tx.select().from(payments).where(eq(payments.id, s.paymentId));
        if (!row) throw new Error("no payment");
        await t.services.payments.confirmIn(tx, later, order, row, null);
        throw new Error("the capture failed after the invoice was numbered");
      }),
    ).rejects.toThrow("the capture failed");
    expect(await counter("invoice", "2026-27")).toBe(before);
    expect(await invoicesOf(s.customer.token, s.orderId)).toEqual([]);
    await confirm(s.paymentId);
    const [doc] = await invoicesOf(s.customer.token, s.orderId);
    expect(doc?.number).toBe(`INV/2026-27/${String(before + 1).padStart(6, "0")}`);
  });

  it("the financial year turns at midnight in India: 31 March 23:59 IST is 2026-27, 1 April 00:00 IST starts 2027-28 at 000001", async () => {
    const late = await declaredAdvance();
    const early = await declaredAdvance();
    const saved = clock.now();
    try {
      clock.advance(new Date("2027-03-31T18:29:59Z").getTime() - saved.getTime());
      await confirm(late.paymentId);
      clock.advance(1000);
      await confirm(early.paymentId);
    } finally {
      clock.advance(saved.getTime() - clock.now().getTime());
    }
    const [lateDoc] = await invoicesOf(late.customer.token, late.orderId);
    const [earlyDoc] = await invoicesOf(early.customer.token, early.orderId);
    expect(lateDoc).toMatchObject({ financial_year: "2026-27", date: "2027-03-31" });
    expect(lateDoc?.number).toMatch(/^INV\/2026-27\/\d{6}$/);
    expect(earlyDoc).toMatchObject({ number: "INV/2027-28/000001", financial_year: "2027-28", date: "2027-04-01" });
  });
});

describe("the final invoice on the balance", () => {
  it("takes what the advance left of the sale, so advance + balance add up to the quote line by line", async () => {
    const s = await declaredAdvance({ billingState: "Maharashtra", lines: [{ label: "Ring", amount: "12345.67" }] });
    await confirm(s.paymentId);
    expect((await uploadCad(t, staff, s.orderId)).statusCode).toBe(201);
    const cadId = (await getOrder(t, s.customer.token, s.orderId)).cad_designs[0]?.id ?? "";
    expect((await post(t, s.customer.token, `/api/cad-designs/${cadId}/approve/`)).statusCode).toBe(200);
    const balance = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "balance", reference: "UTR-BAL-1" });
    expect(balance.statusCode, balance.body).toBe(201);
    expect((await confirm(balance.json<Payment>().id)).statusCode).toBe(200);

    const docs = await invoicesOf(s.customer.token, s.orderId);
    // The quote: 12345.67 + 3% = 12716.04 (CGST 185.19, SGST 185.18); advance and balance 6358.02 each.
    expect(docs.map((d) => [d.label, d.payment_kind, d.taxable, d.tax, d.total])).toEqual([
      ["Advance receipt", "advance", "6172.83", "185.19", "6358.02"],
      ["Final invoice", "balance", "6172.84", "185.18", "6358.02"],
    ]);
    const lines = await Promise.all(
      docs.map(async (d) =>
        (await t.services.invoices.get({ id: s.customer.id, role: "customer" }, d.id)).content.tax.lines.map((l) => l.amount),
      ),
    );
    // Line by line they add up to the quote's: CGST 92.60 + 92.59 = 185.19, SGST 92.59 + 92.59 = 185.18.
    expect(lines).toEqual([
      ["92.60", "92.59"],
      ["92.59", "92.59"],
    ]);
    const text = extractText(
      await renderTaxDocumentPdf((await t.services.invoices.get({ id: s.customer.id, role: "customer" }, docs[1]?.id ?? "")).content, {
        compress: false,
      }),
    );
    expect(text).toContain("Final invoice on the balance");
  });
});
