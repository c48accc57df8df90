import { describe, expect, it } from "vitest";
import { renderEmail } from "../mail.ts";
import {
  cadReadyEmail,
  formatDate,
  formatMoney,
  formatMoneyWithCode,
  genericEmail,
  paymentEmail,
  quoteExpiringEmail,
  quoteIssuedEmail,
  shippedEmail,
  staffReplyEmail,
} from "./index.ts";

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

  it("names the delivery address", async () => {
    const mail = await shippedEmail({ ...input, deliveryAddress: ["Meera Iyer", "12 MG Road", "Pune 411001, Maharashtra", "India"] });
    for (const part of [mail.html, mail.text]) expect(part).toContain("12 MG Road, Pune 411001, Maharashtra, India");
    expect(mail.text).toContain("Delivering to");
  });

  it("escapes the design name, carrier and tracking number", async () => {
    const mail = await shippedEmail({ ...input, designName: EVIL, carrier: EVIL, trackingNumber: "<b>1</b>" });
    expectEscaped(mail);
    expect(mail.html).not.toContain("<b>1</b>");
  });
});

describe("staffReplyEmail", () => {
  const input = {
    firstName: "Meera",
    about: "order JW-2026-000126",
    senderName: "Priya",
    text: "Yes, 1.8 mm keeps it strong.",
    attachments: 0,
    conversationUrl: ORDER_URL,
  };

  it("has both parts with who replied, on what, the message and the link", async () => {
    const mail = await staffReplyEmail(input);
    expectBothParts(mail);
    expect(mail.subject).toBe("New reply on order JW-2026-000126");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Priya");
      expect(part).toContain("JW-2026-000126");
      expect(part).toContain("Yes, 1.8 mm keeps it strong.");
      expect(part).toContain(ORDER_URL);
    }
  });

  it("says how many files came when there is no text", async () => {
    const mail = await staffReplyEmail({ ...input, text: "", attachments: 2 });
    expect(mail.text).toContain("and sent you 2 files.");
    expect(mail.text).not.toContain("Their message");
    expect((await staffReplyEmail({ ...input, text: "", attachments: 1 })).text).toContain("and sent you a file.");
  });

  it("names an unnamed jeweller 'Your jeweller'", async () => {
    expect((await staffReplyEmail({ ...input, senderName: "  " })).text).toContain("Your jeweller has replied on order JW-2026-000126.");
  });

  it("escapes the message and the sender's name", async () => {
    expectEscaped(await staffReplyEmail({ ...input, text: EVIL, senderName: EVIL }));
  });
});

describe("paymentEmail", () => {
  const input = {
    firstName: "Meera",
    orderNumber: "JW-2026-000127",
    designName: "Signet ring",
    kind: "balance" as const,
    amount: "₹45,000.00",
    reference: "UTR998877",
    outcome: { confirmed: true } as const,
    orderUrl: ORDER_URL,
  };

  it("a receipt has the kind, amount, reference and link; a paid balance says the order is paid in full", async () => {
    const mail = await paymentEmail(input);
    expectBothParts(mail);
    expect(mail.subject).toBe("Payment received for order JW-2026-000127");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("₹45,000.00");
      expect(part).toContain("UTR998877");
      expect(part).toContain("paid in full");
      expect(part).toContain(ORDER_URL);
    }
  });

  it("a payment not matched gives the reason, escaped", async () => {
    const mail = await paymentEmail({ ...input, outcome: { confirmed: false, reason: EVIL } });
    expect(mail.subject).toBe("We could not confirm your payment for order JW-2026-000127");
    expect(mail.text).toContain("Declare it again");
    expectEscaped(mail);
  });
});

describe("quoteExpiringEmail", () => {
  it("has the amount, the date it lapses and the link, with the design name escaped", async () => {
    const input = {
      firstName: "",
      orderNumber: "JW-2026-000128",
      designName: EVIL,
      amount: "$2,400.00",
      validUntil: "Dec 9, 2026, 3:05 PM UTC",
      orderUrl: ORDER_URL,
    };
    const mail = await quoteExpiringEmail(input);
    expectBothParts(mail);
    expect(mail.subject).toBe("Your quote for order JW-2026-000128 expires soon");
    expect(mail.text).toContain("Hello,");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("$2,400.00");
      expect(part).toContain("Dec 9, 2026, 3:05 PM UTC");
      expect(part).toContain(ORDER_URL);
    }
    expectEscaped(mail);
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
