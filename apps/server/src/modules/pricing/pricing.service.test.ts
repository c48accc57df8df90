import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pricingTablesSchema, type PricingTables } from "@atelier/contract";
import type { Database } from "../../db/client.ts";
import { pricingVersions } from "../../db/schema/index.ts";
import { freshDatabase } from "../../test/helpers.ts";
import { DEFAULT_PRICING_TABLES } from "./pricing.defaults.ts";
import type { EstimateInput } from "./pricing.engine.ts";
import { currentPricing, insertPricingVersion, listPricingVersions } from "./pricing.repository.ts";
import { createPricingService } from "./pricing.service.ts";

const ring: EstimateInput = {
  design_type: "ring",
  metal_type: "gold",
  metal_color: "yellow",
  purity: "18K",
  weight_grams: 4,
  stones: [],
  currency: "INR",
  retail_price: null,
};

function withMargin(margin_percent: number): PricingTables {
  return { ...DEFAULT_PRICING_TABLES, margin_percent };
}

describe("pricing service", () => {
  // One database for the file (a migrated PGlite takes seconds); each test starts with no versions.
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(pricingVersions);
  });

  it("ships defaults that pass the tables schema", () => {
    expect(pricingTablesSchema.parse(DEFAULT_PRICING_TABLES)).toEqual(DEFAULT_PRICING_TABLES);
  });

  it("seeds version 1 once", async () => {
    const pricing = createPricingService({ db: database.db });
    expect(await currentPricing(database.db)).toBeUndefined();
    expect(await pricing.seedIfEmpty()).toBe(true);
    expect(await pricing.seedIfEmpty()).toBe(false);
    const versions = await listPricingVersions(database.db, 10);
    expect(versions.map((v) => v.version)).toEqual([1]);
    expect(versions[0]?.createdBy).toBeNull();
    expect(versions[0]?.tables).toEqual(DEFAULT_PRICING_TABLES);
  });

  it("seeding from two instances at once gives one version", async () => {
    const a = createPricingService({ db: database.db });
    const b = createPricingService({ db: database.db });
    const results = await Promise.all([a.seedIfEmpty(), b.seedIfEmpty(), a.seedIfEmpty(), b.seedIfEmpty()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await listPricingVersions(database.db, 10)).map((v) => v.version)).toEqual([1]);
  });

  it("current() seeds on demand and then returns the latest version", async () => {
    const pricing = createPricingService({ db: database.db });
    const first = await pricing.current();
    expect(first).toEqual({ version: 1, tables: DEFAULT_PRICING_TABLES });

    const row = await insertPricingVersion(database.db, { tables: withMargin(20), note: "Margin 20 %", createdBy: null });
    expect(row.version).toBe(2);
    expect(row.note).toBe("Margin 20 %");
    const latest = await pricing.current();
    expect(latest.version).toBe(2);
    expect(latest.tables.margin_percent).toBe(20);
  });

  it("insertPricingVersion numbers versions one after another, also when racing and inside a transaction", async () => {
    const pricing = createPricingService({ db: database.db });
    await pricing.seedIfEmpty();
    const raced = await Promise.all(
      [21, 22, 23].map((m) => insertPricingVersion(database.db, { tables: withMargin(m), note: `m${m}`, createdBy: null })),
    );
    expect(raced.map((r) => r.version).sort()).toEqual([2, 3, 4]);

    const inTx = await database.db.transaction(async (tx) => {
      const row = await insertPricingVersion(tx, { tables: withMargin(25), note: "in a transaction", createdBy: null });
      // The caller's transaction sees its own new version.
      expect((await pricing.current(tx)).version).toBe(row.version);
      return row;
    });
    expect(inTx.version).toBe(5);
    expect((await listPricingVersions(database.db, 2)).map((v) => v.version)).toEqual([5, 4]);
  });

  it("a rolled-back transaction leaves no version behind", async () => {
    const pricing = createPricingService({ db: database.db });
    await pricing.seedIfEmpty();
    await expect(
      database.db.transaction(async (tx) => {
        await insertPricingVersion(tx, { tables: withMargin(30), note: "", createdBy: null });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await pricing.current()).version).toBe(1);
  });

  it("estimates with the version in force", async () => {
    const pricing = createPricingService({ db: database.db });
    // Seeds on demand: 4 × 7150 = 28600; + 3500 labour + 45 hallmark = 32145; × 1.18 = 37931.10
    const first = await pricing.estimate(ring);
    expect(first.pricing_version).toBe(1);
    expect(first.point).toBe("37931.10");

    await insertPricingVersion(database.db, { tables: withMargin(20), note: "", createdBy: null });
    // 32145 × 1.20 = 38574.00
    const second = await database.db.transaction((tx) => pricing.estimate(ring, tx));
    expect(second.pricing_version).toBe(2);
    expect(second.point).toBe("38574.00");
  });
});
