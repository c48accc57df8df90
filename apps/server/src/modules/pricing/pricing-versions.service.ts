import {
  estimateRefusal,
  personLabel,
  pricingTablesSchema,
  type Estimate,
  type Paginated,
  type PricingTables,
  type PricingVersion,
} from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../lib/access.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { computeEstimate, type EstimateInput } from "./pricing.engine.ts";
import * as repo from "./pricing.repository.ts";
import type { PricingAuthor } from "./pricing.repository.ts";
import type { PricingService } from "./pricing.service.ts";
import { assertSensibleTables, tablesChange } from "./pricing.validation.ts";

/** Any constant works; it only has to be the same for every instance of this app. */
const PRICING_SAVE_LOCK_ID = 727_102;

export interface PricingVersionsDeps {
  db: Db;
  pricing: PricingService;
  /** A design's pricing attributes, for previews (the designs module's service). */
  designs: { pricingInput(id: string): Promise<EstimateInput> };
  audit: AuditService;
  publicUrl: string;
}

const authorOf = (a: PricingAuthor): PricingVersion["created_by"] =>
  a ? { id: a.id, name: personLabel({ first_name: a.firstName, last_name: a.lastName, role: a.role }), email: a.email } : null;

export type PricingVersionSummary = Omit<PricingVersion, "tables">;

/**
 * The staff side of pricing: the version in force, the history of versions, admins' saves
 * (a new version, audited in the same transaction; new estimates use it at once) and previews
 * of a design's estimate under draft tables.
 */
export function createPricingVersionsService(deps: PricingVersionsDeps) {
  const { db, pricing, designs, audit } = deps;

  const toVersion = ({ row, author }: { row: repo.PricingVersionRow; author: PricingAuthor }): PricingVersion => ({
    id: String(row.version),
    version: row.version,
    // A version saved before the tax section existed reads with the default tax rules.
    tables: pricingTablesSchema.parse(row.tables),
    created_at: row.createdAt.toISOString(),
    created_by: authorOf(author),
    note: row.note,
  });

  async function version(from: Db, number: number): Promise<PricingVersion> {
    const found = await repo.findPricingVersion(from, number);
    if (!found) throw new Error(`pricing version ${number} vanished`);
    return toVersion(found);
  }

  return {
    /** The version in force (seeded on demand). */
    async inForce(): Promise<PricingVersion> {
      const { version: number } = await pricing.current();
      return version(db, number);
    },

    async list(page: number): Promise<Paginated<PricingVersionSummary>> {
      await pricing.current(); // a fresh install lists its seeded version
      const baseUrl = `${deps.publicUrl}/api/staff/pricing/versions/`;
      const total = await repo.countPricingVersions(db);
      toPage([], total, page, baseUrl); // 404 "Invalid page." before reading rows
      const { limit, offset } = pageWindow(page);
      const rows = await repo.listPricingVersionPage(db, limit, offset);
      const results = rows.map((r): PricingVersionSummary => ({
        id: String(r.version),
        version: r.version,
        created_at: r.createdAt.toISOString(),
        created_by: authorOf(r.author),
        note: r.note,
      }));
      return toPage(results, total, page, baseUrl);
    },

    /** One saved version with its tables (the console's view of an earlier version). */
    async get(number: number): Promise<PricingVersion> {
      await pricing.current(); // a fresh install has its seeded version 1
      const found = await repo.findPricingVersion(db, number);
      if (!found) throw new NotFoundError("Pricing version not found.");
      return toVersion(found);
    },

    /**
     * Saves the tables as the next version. Saves are taken one at a time (an advisory lock),
     * so each is numbered after the one before it and its audit row compares it with the
     * version it actually replaced.
     */
    async save(actor: Actor, input: { tables: PricingTables; note: string }): Promise<PricingVersion> {
      assertSensibleTables(input.tables);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${PRICING_SAVE_LOCK_ID})`);
        const previous = await pricing.current(tx);
        const row = await repo.insertPricingVersion(tx, { tables: input.tables, note: input.note, createdBy: actor.id });
        await audit.record(tx, {
          actor,
          action: "pricing.saved",
          targetType: "pricing",
          targetId: String(row.version),
          targetLabel: `Pricing v${row.version}`,
          ...tablesChange(previous.tables, input.tables),
        });
        return version(tx, row.version);
      });
    },

    /** A design's estimate under the tables in force and under draft tables (numbered as the next version). */
    async preview(designId: string, draft: PricingTables): Promise<{ current: Estimate; draft: Estimate }> {
      assertSensibleTables(draft);
      const input = await designs.pricingInput(designId);
      const { version: number, tables } = await pricing.current();
      const current = computeEstimate(input, tables, number, pricing.seller);
      const drafted = computeEstimate(input, draft, number + 1, pricing.seller);
      // Figures the API cannot carry are refused here, not by the response schema (a 500).
      const refusedNow = estimateRefusal(current);
      if (refusedNow) throw new ValidationError({ design_id: [refusedNow] });
      const refusedDraft = estimateRefusal(drafted);
      if (refusedDraft) throw new ValidationError({ tables: [`Under these tables: ${refusedDraft}`] });
      return { current, draft: drafted };
    },
  };
}
export type PricingVersionsService = ReturnType<typeof createPricingVersionsService>;
