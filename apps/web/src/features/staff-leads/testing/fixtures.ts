import type { Paginated, StaffLead } from "@atelier/contract";

export const HOUR = 3600 * 1000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export function makeLead(overrides: Partial<StaffLead> = {}): StaffLead {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    name: "Ana Duarte",
    email: "ana@example.com",
    phone: "+91 98765 43210",
    design_idea: "A halo ring like https://www.pinterest.com/pin/4455/ in rose gold.",
    source: "contact",
    created_at: ago(2 * HOUR),
    handled_at: null,
    handled_by: null,
    ...overrides,
  };
}

export const page = <T>(results: T[], count = results.length): Paginated<T> => ({ count, next: null, previous: null, results });
