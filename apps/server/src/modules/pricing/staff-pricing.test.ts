import type { Estimate, Paginated, PricingTables, PricingVersion } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, pricingVersions } from "../../db/schema/index.ts";
import { authedInject, buildTestApp, createStaff, signUp, type TestApp } from "../../test/helpers.ts";
import { submitDesign } from "../orders/test-support.ts";
import { DEFAULT_PRICING_TABLES } from "./pricing.defaults.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let staff: string;
let customer: string;

const tablesWith = (change: (tables: PricingTables) => void): PricingTables => {
  const tables = structuredClone(DEFAULT_PRICING_TABLES);
  change(tables);
  return tables;
};
const gold18 = (tables: PricingTables) => tables.metal_rates.find((r) => r.metal_type === "gold" && r.purity === "18K")!;
const save = (token: string, payload: unknown) =>
  authedInject(t, token, { method: "PUT", url: "/api/staff/pricing/", payload: payload as object });
const preview = (token: string, payload: unknown) =>
  authedInject(t, token, { method: "POST", url: "/api/staff/pricing/preview/", payload: payload as object });
const pricingAudit = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, "pricing.saved"));
const versionCount = async () => (await t.database.db.select().from(pricingVersions)).length;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  staff = (await createStaff(t, "staff")).token;
  customer = (await signUp(t)).token;
});
afterAll(async () => t.close());

describe("who may read and save pricing", () => {
  const paths = [
    { method: "GET" as const, url: "/api/staff/pricing/" },
    { method: "GET" as const, url: "/api/staff/pricing/versions/" },
    { method: "GET" as const, url: "/api/staff/pricing/versions/1/" },
    { method: "PUT" as const, url: "/api/staff/pricing/" },
    { method: "POST" as const, url: "/api/staff/pricing/preview/" },
  ];

  it("refuses anonymous callers (401) and customers (403) on every path", async () => {
    for (const p of paths) {
      expect((await t.app.inject({ ...p, payload: {} })).statusCode, p.url).toBe(401);
      const res = await authedInject(t, customer, { ...p, payload: {} });
      expect(res.statusCode, p.url).toBe(403);
    }
  });

  it("refuses staff (403) on every path: margin and rates are commercial secrets, read and saved by admins only", async () => {
    for (const p of paths) {
      const res = await authedInject(t, staff, { ...p, payload: {} });
      expect(res.statusCode, p.url).toBe(403);
      expect(res.json(), p.url).toEqual({ detail: "Only an administrator can do this." });
    }
    const design = await submitDesign(t);
    const draft = await preview(staff, { design_id: design.design.id, tables: DEFAULT_PRICING_TABLES });
    expect(draft.statusCode).toBe(403);
    expect(draft.json()).toEqual({ detail: "Only an administrator can do this." });
    // Before the body is read.
    expect((await authedInject(t, staff, { method: "PUT", url: "/api/staff/pricing/", payload: "{" })).statusCode).toBe(403);
    expect(await versionCount()).toBe(1);
    expect(await pricingAudit()).toHaveLength(0);
  });
});

describe("GET /api/staff/pricing/ and its versions", () => {
  it("answers the seeded tables as version 1, saved by nobody", async () => {
    const res = await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: "1",
      version: 1,
      tables: DEFAULT_PRICING_TABLES,
      created_at: expect.any(String) as string,
      created_by: null,
      note: "Seeded default tables",
    });
    const versions = (await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/versions/" })).json<
      Paginated<PricingVersion>
    >();
    expect(versions.count).toBe(1);
    expect(versions.results[0]).toEqual({
      id: "1",
      version: 1,
      created_at: expect.any(String) as string,
      created_by: null,
      note: "Seeded default tables",
    });
    expect((await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/versions/?page=2" })).statusCode).toBe(404);
  });

  it("answers one version with its tables, and 404 for a version that does not exist", async () => {
    const res = await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/versions/1/" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 1, tables: DEFAULT_PRICING_TABLES, created_by: null, note: "Seeded default tables" });
    for (const bad of ["99", "0", "-1", "1.5", "abc", "99999999999999999999"]) {
      const missing = await authedInject(t, admin.token, { method: "GET", url: `/api/staff/pricing/versions/${bad}/` });
      expect(missing.statusCode, bad).toBe(404);
      expect(missing.json()).toEqual({ detail: "Pricing version not found." });
    }
  });
});

describe("PUT /api/staff/pricing/ (admins)", () => {
  it("refuses tables the engine could not price with, keyed by field, and saves nothing", async () => {
    const cases: [PricingTables, Record<string, string[]>][] = [
      [
        tablesWith((x) => {
          x.default_purity.gold = "21K";
        }),
        { "tables.default_purity.gold": ["Choose a purity listed for gold in the metal rates (24K, 22K, 18K, 14K)."] },
      ],
      [
        tablesWith((x) => {
          x.metal_rates[0]!.price_per_gram = "0.00";
          x.currency_rates.USD = "0.00";
          x.currency_rates.INR = "2.00";
        }),
        {
          "tables.metal_rates.0.price_per_gram": ["Enter a rate above zero."],
          "tables.currency_rates.USD": ["Enter a rate above zero."],
          "tables.currency_rates.INR": ["INR is the base currency: its rate is 1.00."],
        },
      ],
      [
        tablesWith((x) => {
          x.metal_rates = x.metal_rates.filter((r) => r.metal_type !== "silver");
          x.metal_rates.push({ metal_type: "gold", purity: "18k", price_per_gram: "7000.00" });
        }),
        { "tables.metal_rates": ["Add at least one rate for silver."], "tables.metal_rates.5.purity": ["18k gold is already listed."] },
      ],
      [
        tablesWith((x) => {
          x.stone_rates = x.stone_rates.filter((r) => !(r.stone_type === "gemstone" && r.band === "fine"));
          x.stone_rates[0]!.stone_type = "Black Onyx";
          x.labour.ring = "-1.00";
        }),
        {
          "tables.stone_rates": [
            'Keep a "gemstone" rate in every band (missing: fine): stones the table does not name are priced with it.',
          ],
          "tables.stone_rates.0.stone_type": ["Use lowercase letters and underscores, e.g. lab_grown_diamond."],
          "tables.labour.ring": ["Enter an amount of zero or more."],
        },
      ],
      [
        tablesWith((x) => {
          x.labour.ring = "-5";
          x.hallmark_fee = "5";
        }),
        {
          "tables.labour.ring": ["Enter an amount of zero or more; it cannot be negative."],
          "tables.hallmark_fee": ["Enter an amount with two decimal places, e.g. 7150.00."],
        },
      ],
    ];
    for (const [tables, errors] of cases) {
      const res = await save(admin.token, { tables, note: "bad" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    // The schema's own checks, keyed the same way.
    const schema = await save(admin.token, { tables: { ...DEFAULT_PRICING_TABLES, margin_percent: 101, metal_rates: [] } });
    expect(schema.statusCode).toBe(400);
    expect(Object.keys(schema.json<Record<string, string[]>>()).sort()).toEqual(["tables.margin_percent", "tables.metal_rates"]);
    expect(await versionCount()).toBe(1);
    expect(await pricingAudit()).toHaveLength(0);
  });

  it("saves a new version that new estimates use at once, audited with the rates that changed", async () => {
    const before = await submitDesign(t, undefined, { weight: "5 g" });
    expect(before.design.estimate?.pricing_version).toBe(1);

    const tables = tablesWith((x) => {
      gold18(x).price_per_gram = "8000.00";
      x.currency_rates.USD = "90.00";
    });
    const res = await save(admin.token, { tables, note: "Gold up" });
    expect(res.statusCode).toBe(201);
    const saved = res.json<PricingVersion>();
    expect(saved).toEqual({
      id: "2",
      version: 2,
      tables,
      created_at: expect.any(String) as string,
      created_by: { id: admin.user.id, name: "Kavya Iyer (admin)", email: admin.user.email },
      note: "Gold up",
    });

    const audit = await pricingAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      targetType: "pricing",
      targetId: "2",
      targetLabel: "Pricing v2",
      before: { "metal_rates.gold 18K": "7150.00", "currency_rates.USD": "88.00" },
      after: { "metal_rates.gold 18K": "8000.00", "currency_rates.USD": "90.00" },
    });

    // In force at once: the console reads it, a design submitted now is priced with it, the old order keeps its estimate.
    expect((await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/" })).json<PricingVersion>().version).toBe(2);
    const after = await submitDesign(t, undefined, { weight: "5 g" });
    const estimate = after.design.estimate!;
    expect(estimate.pricing_version).toBe(2);
    // A link design is priced in USD: ₹40,000.00 at the new ₹90.00 per USD.
    expect(estimate.currency).toBe("USD");
    expect(estimate.lines[0]).toEqual({ label: "Metal: 18K yellow gold, 5.00 g at ₹8,000.00/g", amount: "444.44" });
    const old = await authedInject(t, before.customer.token, { method: "GET", url: `/api/orders/${before.orderId}/` });
    expect(old.json<{ estimate: Estimate }>().estimate.pricing_version).toBe(1);

    const versions = (await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/versions/" })).json<
      Paginated<Record<string, unknown>>
    >();
    expect(versions.results.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.results[0]).not.toHaveProperty("tables");
    expect(versions.results[0]?.created_by).toEqual({ id: admin.user.id, name: "Kavya Iyer (admin)", email: admin.user.email });
    // Each version keeps its own tables.
    const v2 = await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/versions/2/" });
    expect(v2.json()).toEqual(saved);
    const v1 = await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/versions/1/" });
    expect(v1.json<PricingVersion>().tables).toEqual(DEFAULT_PRICING_TABLES);
  });

  it("keeps no version when its audit row cannot be written (one transaction)", async () => {
    const count = await versionCount();
    const spy = vi.spyOn(t.services.audit, "record").mockRejectedValueOnce(new Error("audit store down"));
    try {
      const res = await save(admin.token, { tables: tablesWith((x) => (gold18(x).price_per_gram = "1.00")) });
      expect(res.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await versionCount()).toBe(count);
    expect((await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/" })).json<PricingVersion>().version).toBe(count);
  });

  it("numbers concurrent saves one after the other, each audited against the version it replaced", async () => {
    const a = tablesWith((x) => {
      gold18(x).price_per_gram = "8100.00";
    });
    const b = tablesWith((x) => {
      gold18(x).price_per_gram = "8200.00";
    });
    const results = await Promise.all([save(admin.token, { tables: a }), save(admin.token, { tables: b })]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const numbers = results.map((r) => r.json<PricingVersion>().version).sort();
    expect(numbers).toEqual([3, 4]);
    const rows = (await pricingAudit()).filter((r) => r.targetId === "3" || r.targetId === "4");
    expect(rows).toHaveLength(2);
    // Each save's "before" is the rate the other (or version 2) left in force: a chain, never the same base twice.
    const befores = rows.map((r) => (r.before as Record<string, string>)["metal_rates.gold 18K"]).sort();
    const afters = rows.map((r) => (r.after as Record<string, string>)["metal_rates.gold 18K"]);
    expect(befores[0]).toBe("8000.00");
    expect(afters).toContain(befores[1]);
  });
});

describe("POST /api/staff/pricing/preview/", () => {
  it("prices an existing design under the tables in force and the draft: only the changed rate's effect differs", async () => {
    const { design } = await submitDesign(t, undefined, { weight: "5 g", stones: "1 x Diamond 0.50ct G VS1" });
    const inForce = (await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/" })).json<PricingVersion>();
    const rate = Number(gold18(inForce.tables).price_per_gram);
    // The design is priced in USD: every INR amount is divided by the rate.
    const usd = Number(inForce.tables.currency_rates.USD);
    const draft = structuredClone(inForce.tables);
    gold18(draft).price_per_gram = (rate + 1000).toFixed(2);

    const res = await preview(admin.token, { design_id: design.id, tables: draft });
    expect(res.statusCode).toBe(200);
    const { current, draft: drafted } = res.json<{ current: Estimate; draft: Estimate }>();
    // "current" is what a design submitted now would get.
    expect(current).toEqual(design.estimate);
    expect(current.pricing_version).toBe(inForce.version);
    expect(drafted.pricing_version).toBe(inForce.version + 1);
    // 5 g × ₹1,000 more on the metal line, and the 18 % margin on it; every other line as it was.
    const inr = (n: number) => `₹${n.toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect(drafted.lines[0]!.label).toBe(`Metal: 18K yellow gold, 5.00 g at ${inr(rate + 1000)}/g`);
    expect(Number(drafted.lines[0]!.amount) - Number(current.lines[0]!.amount)).toBeCloseTo(5000 / usd, 1);
    const margin = (e: Estimate) => Number(e.lines.at(-1)!.amount);
    expect(margin(drafted) - margin(current)).toBeCloseTo(900 / usd, 1);
    expect(drafted.lines.slice(1, -1)).toEqual(current.lines.slice(1, -1));
    expect(Number(drafted.point) - Number(current.point)).toBeCloseTo(5900 / usd, 1);
    // A preview saves nothing.
    expect((await authedInject(t, admin.token, { method: "GET", url: "/api/staff/pricing/" })).json<PricingVersion>().version).toBe(
      inForce.version,
    );
  });

  it("answers 404 for an unknown design and field errors for a bad id or bad draft tables", async () => {
    const unknown = await preview(admin.token, { design_id: "00000000-0000-4000-8000-000000000000", tables: DEFAULT_PRICING_TABLES });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "Design not found." });
    const badId = await preview(admin.token, { design_id: "abc", tables: DEFAULT_PRICING_TABLES });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ design_id: ["Choose a design."] });
    const { design } = await submitDesign(t);
    const badTables = await preview(admin.token, {
      design_id: design.id,
      tables: tablesWith((x) => {
        x.default_purity.platinum = "999";
      }),
    });
    expect(badTables.statusCode).toBe(400);
    expect(badTables.json()).toEqual({
      "tables.default_purity.platinum": ["Choose a purity listed for platinum in the metal rates (950)."],
    });
  });
});
