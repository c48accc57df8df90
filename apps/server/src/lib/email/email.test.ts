import { describe, expect, it } from "vitest";
import { renderEmail } from "../mail.ts";
import { cadReadyEmail, formatDate, formatMoney, formatMoneyWithCode, genericEmail, quoteIssuedEmail, shippedEmail } from "./index.ts";

const ORDER_URL = "http://app.test/dashboard/orders/3f1c2a9e-0000-4000-8000-000000000001";
const EVIL = `<script>alert("x")</script> & "Ring"`;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function expectBothParts(mail: { subject: string; html: string; text: string }) {
  expect(mail.subject).not.toBe("");
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.html).toMatch(/^<!DOCTYPE html/);
  expect(mail.html).toContain('<html dir="ltr" lang="en">');
  expect(mail.html).toContain("Aurelia Atelier");
  expect(mail.text).not.toContain("<html");
  expect(mail.text.length).toBeGreaterThan(50);
}

/** User text must arrive escaped in HTML, and as it is in the plain-text part. */
function expectEscaped(mail: { html: string; text: string }) {
  expect(mail.html).not.toContain("<script");
  expect(mail.html).toContain("&lt;script&gt;");
  expect(mail.text).toContain(EVIL);
}

describe("formatMoney", () => {
  it("formats decimal strings with Intl in the currency, exactly", () => {
    expect(formatMoney("123456.50", "INR")).toBe("₹1,23,456.50");
    expect(formatMoney("1234.5", "USD")).toBe("$1,234.50");
    expect(formatMoney("9999999999.99", "EUR")).toBe("€9,999,999,999.99");
    expect(formatMoney("0.00", "GBP")).toBe("£0.00");
    expect(formatMoneyWithCode("123456.50", "INR")).toBe("INR 1,23,456.50");
  });

  it("formats dates in UTC by default", () => {
    expect(formatDate("2026-12-07T23:30:00Z", "INR")).toBe("7 December 2026");
    expect(formatDate("2026-12-07T23:30:00Z", "USD")).toBe("December 7, 2026");
  });
});

describe("quoteIssuedEmail", () => {
  const input = {
    firstName: "Meera",
    orderNumber: "JW-2026-000123",
    designName: "Solitaire ring",
    amount: formatMoney("123456.50", "INR"),
    validUntil: formatDate("2026-12-07T10:00:00Z", "INR"),
    advanceAmount: formatMoney("61728.25", "INR"),
    note: "Includes IGI certification.\nResizing is free for a year.",
    orderUrl: ORDER_URL,
  };

  it("has both parts with the order number, amounts, validity, note and link", async () => {
    const mail = await quoteIssuedEmail(input);
    expectBothParts(mail);
    expect(mail.subject).toBe("Your quote for order JW-2026-000123");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("JW-2026-000123");
      expect(part).toContain("₹1,23,456.50");
      expect(part).toContain("₹61,728.25");
      expect(part).toContain("7 December 2026");
      expect(part).toContain("Resizing is free for a year.");
      expect(part).toContain(ORDER_URL);
    }
    expect(mail.html).toContain(`href="${ORDER_URL}"`);
    expect(mail.text).toMatch(new RegExp(`Review your quote\\s+${escapeRegExp(ORDER_URL)}`));
    expect(mail.text).toContain("Hello Meera,");
  });

  it("escapes the design name and the note", async () => {
    const mail = await quoteIssuedEmail({ ...input, designName: EVIL, note: `<img src=x onerror=alert(1)>\n${EVIL}` });
    expectEscaped(mail);
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("leaves out an empty note and greets without a name", async () => {
    const mail = await quoteIssuedEmail({ ...input, firstName: " ", note: "" });
    expect(mail.text).not.toContain("A note from the atelier");
    expect(mail.text).toContain("Hello,");
  });
});

describe("cadReadyEmail", () => {
  const input = {
    firstName: "Meera",
    orderNumber: "JW-2026-000124",
    designName: "Halo pendant",
    version: 2,
    description: "Raised the halo by 0.3 mm as you asked.",
    orderUrl: ORDER_URL,
  };

  it("has both parts with the order number, version, description and link", async () => {
    const mail = await cadReadyEmail(input);
    expectBothParts(mail);
    expect(mail.subject).toBe("CAD design ready for order JW-2026-000124");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("JW-2026-000124");
      expect(part).toMatch(/Version (<!-- -->)?2/);
      expect(part).toContain("Raised the halo by 0.3 mm as you asked.");
      expect(part).toContain(ORDER_URL);
    }
  });

  it("escapes the design name and the description", async () => {
    expectEscaped(await cadReadyEmail({ ...input, designName: EVIL, description: EVIL }));
  });
});

describe("shippedEmail", () => {
  const input = {
    firstName: "Meera",
    orderNumber: "JW-2026-000125",
    designName: "Tennis bracelet",
    carrier: "Blue Dart",
    trackingNumber: "BD123456789IN",
    orderUrl: ORDER_URL,
  };

  it("has both parts with the order number, carrier, tracking number and link", async () => {
    const mail = await shippedEmail(input);
    expectBothParts(mail);
    expect(mail.subject).toBe("Your order JW-2026-000125 has shipped");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("JW-2026-000125");
      expect(part).toContain("Blue Dart");
      expect(part).toContain("BD123456789IN");
      expect(part).toContain(ORDER_URL);
    }
  });

  it("escapes the design name, carrier and tracking number", async () => {
    const mail = await shippedEmail({ ...input, designName: EVIL, carrier: EVIL, trackingNumber: "<b>1</b>" });
    expectEscaped(mail);
    expect(mail.html).not.toContain("<b>1</b>");
  });
});

describe("genericEmail and renderEmail", () => {
  it("renders heading, paragraphs and action in the shared layout", async () => {
    const mail = await genericEmail({
      heading: "Reset your password",
      paragraphs: ["First.", EVIL],
      action: { label: "Choose", url: ORDER_URL },
    });
    expectBothParts(mail);
    expectEscaped(mail);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.html).toContain("<h1");
    expect(mail.text).toContain("Reset your password");
    expect(mail.text).toMatch(new RegExp(`Choose\\s+${escapeRegExp(ORDER_URL)}`));
  });

  it("renderEmail delegates to the shared template", async () => {
    const opts = { heading: "New enquiry", paragraphs: ["Name: <Ananya>"] };
    const [viaMail, direct] = await Promise.all([renderEmail(opts), genericEmail(opts)]);
    expect(viaMail).toEqual({ text: direct.text, html: direct.html });
    expect(viaMail.html).toContain("Name: &lt;Ananya&gt;");
    expect(viaMail.html).not.toContain("Or paste this link");
  });
});
