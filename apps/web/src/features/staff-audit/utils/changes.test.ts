import { describe, expect, it } from "vitest";
import { makeEntry, orderMoved, quoteIssued } from "../testing/fixtures";
import { changeRows, fieldLabel } from "./changes";

describe("audit changes", () => {
  it("pairs each changed field's before and after, in words", () => {
    expect(changeRows(makeEntry())).toEqual([{ key: "role", label: "Role", before: "Staff", after: "Admin" }]);
    expect(changeRows(orderMoved)).toEqual([
      { key: "status", label: "Status", before: "Quality Check", after: "Shipped" },
      { key: "carrier", label: "Carrier", after: "BlueDart" },
      { key: "tracking_number", label: "Tracking number", after: "BD77812345IN" },
    ]);
  });

  it("shows a creation's values without identifiers, money in its currency", () => {
    const rows = changeRows(quoteIssued);
    expect(rows.map((r) => r.key)).toEqual(["amount", "currency", "advance_percent", "valid_until"]);
    expect(rows[0]).toEqual({ key: "amount", label: "Amount", after: "$1,300.00" });
    expect(rows[2]!.after).toBe("50%");
    expect(rows.every((r) => r.before === undefined)).toBe(true);
  });

  it("reads deactivations, leads and payments as people say them", () => {
    const deactivated = makeEntry({ action: "person.deactivated", before: { is_active: true }, after: { is_active: false } });
    expect(changeRows(deactivated)).toEqual([{ key: "is_active", label: "Account", before: "Active", after: "Deactivated" }]);
    const lead = makeEntry({
      target_type: "lead",
      before: { handled: false, handled_by: null },
      after: { handled: true, handled_by: "Priya Shah" },
    });
    expect(changeRows(lead)).toEqual([
      { key: "handled", label: "State", before: "Open", after: "Handled" },
      { key: "handled_by", label: "Handled by", before: "none", after: "Priya Shah" },
    ]);
    const payment = makeEntry({
      target_type: "payment",
      before: { status: "pending" },
      after: { status: "confirmed", amount: "625.00", currency: "INR" },
    });
    expect(changeRows(payment)[0]).toEqual({ key: "status", label: "Status", before: "Awaiting confirmation", after: "Confirmed" });
  });

  it("names pricing's flattened fields", () => {
    expect(fieldLabel("metal_rates.gold 18K")).toBe("Metal rates › gold 18K");
    expect(fieldLabel("margin_percent")).toBe("Margin percent");
  });
});
