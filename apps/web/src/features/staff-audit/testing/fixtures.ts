import type { AuditEntry, Paginated } from "@atelier/contract";

const HOUR = 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const owner = { id: "u-admin", name: "Olivia Hart", email: "owner@example.com" };

export function makeEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: "e1",
    action: "person.role_changed",
    actor: owner,
    target_type: "user",
    target_id: "u-priya",
    target_label: "priya@example.com",
    before: { role: "staff" },
    after: { role: "admin" },
    created_at: ago(2 * HOUR),
    ...overrides,
  };
}

export const orderMoved = makeEntry({
  id: "e2",
  action: "order.moved",
  target_type: "order",
  target_id: "o-123",
  target_label: "JW-2026-000123",
  before: { status: "quality_check" },
  after: { status: "shipped", carrier: "BlueDart", tracking_number: "BD77812345IN" },
});

export const quoteIssued = makeEntry({
  id: "e3",
  action: "quote.issued",
  target_type: "order",
  target_id: "o-123",
  target_label: "JW-2026-000123",
  before: null,
  after: { quote_id: "q1", amount: "1300.00", currency: "USD", advance_percent: 50, valid_until: "2026-06-01T00:00:00.000Z" },
});

export const page = <T>(results: T[], count = results.length): Paginated<T> => ({ count, next: null, previous: null, results });
