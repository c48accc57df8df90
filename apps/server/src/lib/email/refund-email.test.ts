import { describe, expect, it } from "vitest";
import { refundEmail } from "./index.ts";

const EVIL = `<script>alert("x")</script> & "Ring"`;
const ORDER_URL = "http://app.test/dashboard/orders/o1";

describe("refundEmail", () => {
  const input = {
    firstName: "Meera",
    orderNumber: "JW-2026-000131",
    designName: "Signet ring",
    kind: "advance" as const,
    amount: "₹12,345.67",
    reason: "Cancelled at your request",
    reference: "NEFT-REF-001",
    method: "Bank transfer / UPI",
    orderUrl: ORDER_URL,
  };

  it("says how much of which payment came back, how, with the reference, the reason and the link", async () => {
    const mail = await refundEmail(input);
    expect(mail.subject).toBe("Refund of ₹12,345.67 for order JW-2026-000131");
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("₹12,345.67");
      expect(part).toContain("NEFT-REF-001");
      expect(part).toContain("Bank transfer / UPI");
      expect(part).toContain("Cancelled at your request");
      expect(part).toContain(ORDER_URL);
    }
    expect(mail.text).toContain("We refunded ₹12,345.67 of your advance for Signet ring");
  });

  it("leaves the reference out when there is none, and escapes the reason and the design name", async () => {
    const mail = await refundEmail({ ...input, reference: "", reason: EVIL, designName: EVIL });
    expect(mail.text).not.toContain("Refund reference");
    expect(mail.html).not.toContain("<script");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain(EVIL);
  });
});
