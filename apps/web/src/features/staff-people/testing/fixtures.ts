import type { Paginated, StaffPerson } from "@atelier/contract";

const HOUR = 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export function makePerson(overrides: Partial<StaffPerson> = {}): StaffPerson {
  return {
    id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
    email: "priya@example.com",
    first_name: "Priya",
    last_name: "Shah",
    role: "staff",
    is_active: true,
    date_joined: ago(40 * 24 * HOUR),
    last_seen_at: ago(3 * HOUR),
    order_count: 0,
    ...overrides,
  };
}

export const page = <T>(results: T[], count = results.length): Paginated<T> => ({ count, next: null, previous: null, results });
