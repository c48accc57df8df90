import { estimateRefusal, pricingTablesSchema, type Estimate, type PricingTables, type TaxPlace } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { ValidationError } from "../../lib/errors.ts";
import { DEFAULT_PRICING_TABLES } from "./pricing.defaults.ts";
import { computeEstimate, type EstimateInput } from "./pricing.engine.ts";
import * as repo from "./pricing.repository.ts";

export const SEED_NOTE = "Seeded default tables";

/**
 * `seller`: where the seller is (config.seller), for the tax on every estimate; without it (some
 * tests) estimates carry no tax.
 */
export function createPricingService(deps: { db: Db; seller?: TaxPlace | undefined }) {
  /** Version 1 from the defaults, once: a second instance racing here finds the row and writes nothing. */
  const seed = (db: Db) => repo.insertFirstPricingVersion(db, { tables: DEFAULT_PRICING_TABLES, note: SEED_NOTE });

  async function current(db: Db = deps.db): Promise<{ version: number; tables: PricingTables }> {
    let found = await repo.currentPricing(db);
    if (!found) {
      await seed(db);
      found = await repo.currentPricing(db);
      if (!found) throw new Error("pricing_versions is empty after seeding");
    }
    // Stored tables were validated when written; parsing again keeps a hand-edited row from pricing nonsense.
    return { version: found.version, tables: pricingTablesSchema.parse(found.tables) };
  }

  return {
    /** Inserts DEFAULT_PRICING_TABLES as version 1 when there is no version yet. Returns whether it did. */
    seedIfEmpty(): Promise<boolean> {
      return seed(deps.db);
    },

    /** The tables in force and their version; seeds the defaults on demand. `db` may be a transaction. */
    current,

    /** The seller's place for tax (undefined: estimates carry no tax). */
    seller: deps.seller,

    /**
     * The instant estimate of a design with the tables in force. `db` may be a transaction.
     * An estimate the API cannot carry (or beyond MAX_ESTIMATE_AMOUNT) is refused with a 400
     * before the caller writes it: once stored, it would break every list that shows it.
     */
    async estimate(input: EstimateInput, db?: Db): Promise<Estimate> {
      const { version, tables } = await current(db);
      const estimate = computeEstimate(input, tables, version, deps.seller);
      const refusal = estimateRefusal(estimate);
      if (refusal) throw new ValidationError({ non_field_errors: [refusal] });
      return estimate;
    },
  };
}
export type PricingService = ReturnType<typeof createPricingService>;
