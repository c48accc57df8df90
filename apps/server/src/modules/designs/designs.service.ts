import fsp from "node:fs/promises";
import {
  DESIGN_EDITABLE_ORDER_STATUSES,
  MAX_IMAGES_PER_DESIGN,
  type Design,
  type DesignData,
  type DesignEstimateDetails,
  type designFromLinkSchema,
  type Paginated,
  type Stone,
} from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { assertCanAccess, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import type { SafeFetcher } from "../../lib/safe-fetch.ts";
import { deleteQuietly } from "../../lib/storage.ts";
import type { StagedImage } from "../uploads/multipart.ts";
import { stageRemoteImages } from "../uploads/remote-images.ts";
import { tooManyImagesMessage } from "../uploads/upload-messages.ts";
import type { DesignImageUrls, IngestedBatch, UploadRow, UploadsService } from "../uploads/uploads.service.ts";
import type { DesignOrderSummary, OrdersService } from "../orders/orders.service.ts";
import { designDetailsOf } from "../orders/order-view.ts";
import { estimateInputOf, type DesignPricingFields, type EstimateInput, type StonePricingFields } from "../pricing/pricing.engine.ts";
import * as repo from "./designs.repository.ts";
import type { DesignRow, NewDesign, StoneRow } from "./designs.repository.ts";
import { linkFigureErrors, parseBudgetText, parseLengthText, parseMetalText, parseStonesText, parseWeightText } from "./link-text.ts";

export type DesignFromLinkData = z.output<typeof designFromLinkSchema>;

export interface DesignsServiceDeps {
  db: Db;
  /** Every submitted design becomes an order; edits and deletes follow the order's status. */
  orders: OrdersService;
  uploads: UploadsService;
  clock: Clock;
  publicUrl: string;
  /** Copies a link design's product photos. */
  fetcher: SafeFetcher;
  logger: FastifyBaseLogger;
}

/** The one mapping from rows to the API's design. */
export function toDesignResponse(
  row: DesignRow,
  stones: StoneRow[],
  images: DesignImageUrls[],
  order: DesignOrderSummary | undefined,
): Design {
  const first = stones[0];
  return {
    id: row.id,
    name: row.name,
    design_type: row.designType,
    description: row.description,
    inspiration_link: row.inspirationLink,
    // What the customer filled in, mapped once (orders show the same details to staff and in the PDF).
    ...designDetailsOf(row, stones),
    stone_type: first?.stoneType ?? "",
    stone_size: first?.stoneCarat != null ? `${first.stoneCarat} ct` : "",
    stone_color: first?.stoneColor ?? "",
    stone_cut: first?.stoneCut ?? "",
    stone_setting: row.settingType,
    images: images.map((img) => ({ ...img.urls, width: img.width, height: img.height })),
    status: row.status,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    order: order ? { id: order.id, order_number: order.orderNumber, status: order.status } : null,
    estimate: order?.estimate ?? null,
    editable: !order || DESIGN_EDITABLE_ORDER_STATUSES.includes(order.status),
  };
}

/** The columns the custom form (create and edit) sets. */
function columnsFromForm(data: DesignData): Omit<NewDesign, "userId"> {
  return {
    name: data.name,
    designType: data.design_type,
    description: data.description,
    inspirationLink: data.inspiration_link,
    metalType: data.metal_type,
    metalColor: data.metal_color,
    purity: data.purity,
    weight: data.weight,
    weightUnit: data.weight_unit,
    style: data.style,
    settingType: data.setting_type,
    bandWidth: data.band_width,
    designFeatures: data.design_features,
    length: data.length,
    width: data.width,
    height: data.height,
    size: data.size,
    ringSize: data.ring_size,
    chainLength: data.chain_length,
    budget: data.budget,
    budgetRange: data.budget_range,
    currency: data.currency,
    specialRequests: data.special_requests,
  };
}

/** What the pricing engine reads of a design about to be saved. */
function pricingFieldsOf(columns: Omit<NewDesign, "userId">, source: "custom" | "link"): DesignPricingFields {
  return {
    designType: columns.designType ?? "other",
    metalType: columns.metalType ?? "",
    metalColor: columns.metalColor ?? "",
    purity: columns.purity ?? "",
    weight: columns.weight ?? null,
    currency: columns.currency ?? "INR",
    source,
    budget: columns.budget ?? null,
  };
}

const stonePricingOf = (stones: Stone[]): StonePricingFields[] =>
  stones.map((s) => ({ stoneType: s.stone_type, stoneCarat: s.stone_carat, stoneColor: s.stone_color, stoneClarity: s.stone_clarity, quantity: s.quantity }));

/**
 * The extracted-product save read into a design's columns and stones: texts kept as given, figures
 * parsed from them. Figures beyond what jewellery can be are refused (400) with field errors.
 * The anonymous estimate reads a link's details through this same function, so a link's estimate
 * before sign-up is the one its saved design gets.
 */
export function linkDesignColumns(input: Omit<DesignFromLinkData, "image_urls">): { columns: Omit<NewDesign, "userId"> & { source: "link" }; stones: Stone[] } {
  const metal = parseMetalText(input.metal);
  const budget = parseBudgetText(input.budget);
  const stones = parseStonesText(input.stones);
  const figures = {
    weight: parseWeightText(input.weight),
    band_width: parseLengthText(input.band_width),
    length: parseLengthText(input.length),
    width: parseLengthText(input.width),
    height: parseLengthText(input.height),
    budget: budget.amount,
    stones,
  };
  const refused = linkFigureErrors(figures);
  if (Object.keys(refused).length > 0) throw new ValidationError(refused);
  const columns = {
    source: "link",
    name: input.name,
    designType: input.design_type,
    description: input.description,
    inspirationLink: input.inspiration_link,
    metal: input.metal,
    metalType: metal.metal_type,
    metalColor: metal.metal_color,
    purity: metal.purity,
    stonesText: input.stones,
    style: input.style,
    settingType: input.setting_type,
    designFeatures: input.design_features,
    weight: figures.weight,
    bandWidth: figures.band_width,
    length: figures.length,
    width: figures.width,
    height: figures.height,
    size: input.size,
    budget: figures.budget,
    budgetRange: input.budget,
    // An extracted product's prices default to USD (spec §9).
    currency: budget.currency ?? "USD",
  } satisfies Omit<NewDesign, "userId"> & { source: "link" };
  return { columns, stones };
}

/**
 * What the pricing engine reads of design details that are not saved (the anonymous estimate):
 * the custom form's fields or a link's texts, read as their save reads them.
 */
export function estimateInputOfDetails(details: DesignEstimateDetails): EstimateInput {
  if (details.source === "link") {
    const { columns, stones } = linkDesignColumns(details);
    return estimateInputOf(pricingFieldsOf(columns, "link"), stonePricingOf(stones));
  }
  const { source: _source, ...form } = details;
  return estimateInputOf(pricingFieldsOf(columnsFromForm({ ...form, remove_image_ids: [] }), "custom"), stonePricingOf(form.stones));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const imageLimitError = () => new ValidationError({ images: [tooManyImagesMessage()] });
const attachConflict = () => new ConflictError("An image was deleted while the design was being saved. Please try again.");

export type DesignsService = ReturnType<typeof createDesignsService>;

export function createDesignsService(deps: DesignsServiceDeps) {
  const { db, uploads, clock, fetcher, logger, orders } = deps;

  async function load(actor: Actor, id: string): Promise<Design> {
    const row = assertCanAccess(actor, await repo.findDesign(db, id));
    const [stones, images, ordersOf] = await Promise.all([
      repo.listStones(db, [row.id]),
      uploads.designImageUrls(db, [row.id]),
      orders.ordersOfDesigns([row.id]),
    ]);
    return toDesignResponse(row, stones, images, ordersOf.get(row.id));
  }

  /** The design's order, created in the same transaction as the design. */
  async function submit(tx: Db, row: DesignRow, actor: Actor): Promise<void> {
    await orders.createForDesign(tx, row, await repo.listStones(tx, [row.id]), actor);
  }

  /** Runs `save` with the batch's uploads; if anything fails, the batch's rows and files are removed. */
  async function withBatch<T>(batch: IngestedBatch | null, save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (err) {
      await batch?.discard();
      throw err;
    }
  }

  /**
   * A link design's photos: those the shop gives us (each refused one is logged) and that decode
   * (an undecodable one stays in the upload history as failed).
   */
  async function ingestProductPhotos(userId: string, urls: string[], referer: string): Promise<IngestedBatch | null> {
    if (urls.length === 0) return null;
    const onSkip = (url: string, reason: string) => logger.info({ url, reason }, "product photo skipped");
    const files = await stageRemoteImages(urls, { fetcher, tmpDir: uploads.tmpDir, referer: referer || undefined, onSkip });
    try {
      return files.length > 0 ? await uploads.ingestImages(userId, files, "designs", { skipUnreadable: true }) : null;
    } finally {
      // Ingesting removes each file it reaches; this covers a failure before it reached them.
      await Promise.all(files.map((f) => fsp.rm(f.tmpPath, { force: true })));
    }
  }

  return {
    /** Marks a design updated (one of its images was removed by the uploads module), in the caller's transaction. */
    touch: (tx: Db, id: string) => repo.updateDesign(tx, id, { updatedAt: clock.now() }),

    get: load,

    /** Changes when the image URLs in a design would come out different. */
    urlEpoch: () => uploads.urlEpoch(),

    /** What the pricing engine reads of a design (for staff previews of draft pricing tables); 404 when there is none. */
    async pricingInput(id: string): Promise<EstimateInput> {
      const row = await repo.findDesign(db, id);
      if (!row) throw new NotFoundError("Design not found.");
      return estimateInputOf(row, await repo.listStones(db, [id]));
    },

    async list(actor: Actor, page: number, search: string): Promise<Paginated<Design>> {
      const term = search.trim().slice(0, 200);
      const baseUrl = `${deps.publicUrl}/api/designs/${term ? `?search=${encodeURIComponent(term)}` : ""}`;
      const { limit, offset } = pageWindow(page);
      // The page and the total in one statement; a page past the end has no rows to carry the
      // total, so only then is it counted on its own (to tell an empty list from "Invalid page.").
      const rows = await repo.listUserDesigns(db, actor.id, term, limit, offset);
      const total = rows[0]?.total ?? (page > 1 ? await repo.countUserDesigns(db, actor.id, term) : 0);
      toPage([], total, page, baseUrl); // 404 "Invalid page." before reading anything else
      const ids = rows.map((r) => r.design.id);
      const [stones, images, ordersOf] = await Promise.all([repo.listStones(db, ids), uploads.designImageUrls(db, ids), orders.ordersOfDesigns(ids)]);
      const stonesOf = groupBy(stones, (s) => s.designId);
      const imagesOf = groupBy(images, (i) => i.designId);
      const results = rows.map(({ design }) => toDesignResponse(design, stonesOf.get(design.id) ?? [], imagesOf.get(design.id) ?? [], ordersOf.get(design.id)));
      return toPage(results, total, page, baseUrl);
    },

    /** The custom form: the design, its stones and its processed images are saved together or not at all. */
    async create(actor: Actor, data: DesignData, files: StagedImage[]): Promise<Design> {
      if (files.length > MAX_IMAGES_PER_DESIGN) throw imageLimitError();
      await orders.assertEstimable(pricingFieldsOf(columnsFromForm(data), "custom"), stonePricingOf(data.stones));
      const batch = files.length > 0 ? await uploads.ingestImages(actor.id, files, "designs") : null;
      const id = await withBatch(batch, () =>
        db.transaction(async (tx) => {
          const now = clock.now();
          const row = await repo.insertDesign(tx, {
            ...columnsFromForm(data),
            userId: actor.id,
            source: "custom",
            createdAt: now,
            updatedAt: now,
          });
          await repo.replaceStones(tx, row.id, data.stones);
          if (batch && (await uploads.attachToDesign(tx, batch.uploadIds, row.id, 0, now)) !== batch.uploadIds.length)
            throw attachConflict();
          await submit(tx, row, actor);
          return row.id;
        }),
      );
      return load(actor, id);
    },

    /**
     * The extracted-product save: texts kept as given, and read into the structured fields where
     * possible; the product's photos become the design's reference images.
     */
    async createFromLink(actor: Actor, input: DesignFromLinkData): Promise<Design> {
      const { columns, stones } = linkDesignColumns(input);
      // Before the product's photos are fetched: a design whose estimate cannot be given is refused with nothing written.
      await orders.assertEstimable(pricingFieldsOf(columns, "link"), stonePricingOf(stones));
      const batch = await ingestProductPhotos(actor.id, input.image_urls, input.inspiration_link);
      const id = await withBatch(batch, () =>
        db.transaction(async (tx) => {
          const now = clock.now();
          const row = await repo.insertDesign(tx, { ...columns, userId: actor.id, createdAt: now, updatedAt: now });
          await repo.replaceStones(tx, row.id, stones);
          if (batch && (await uploads.attachToDesign(tx, batch.uploadIds, row.id, 0, now)) !== batch.uploadIds.length)
            throw attachConflict();
          await submit(tx, row, actor);
          return row.id;
        }),
      );
      return load(actor, id);
    },

    /** Checks that the design exists for this actor before a request body is read. */
    async assertEditable(actor: Actor, id: string): Promise<DesignRow> {
      const row = assertCanAccess(actor, await repo.findDesign(db, id));
      await orders.assertDesignEditable(db, row.id);
      return row;
    },

    /**
     * The edit: the form's fields replace the old ones (the link texts `metal` and `stones_text`
     * stay as the link gave them); images listed in `remove_image_ids` go, new files are added.
     */
    async update(actor: Actor, id: string, data: DesignData, files: StagedImage[]): Promise<Design> {
      const existing = assertCanAccess(actor, await repo.findDesign(db, id));
      // Fail fast, before any image is processed; the transaction checks again under a lock.
      const current = await uploads.designImages(db, [id]);
      checkImageChanges(current, data.remove_image_ids, files.length);
      await orders.assertEstimable(pricingFieldsOf(columnsFromForm(data), existing.source), stonePricingOf(data.stones));

      // New files belong to the design's owner, also when staff add them.
      const batch = files.length > 0 ? await uploads.ingestImages(existing.userId, files, "designs") : null;
      const removed = await withBatch(batch, () =>
        db.transaction(async (tx) => {
          // The order's lock first, then the design's: the same order as every order move takes them.
          assertCanAccess(actor, await repo.findDesign(tx, id));
          await orders.assertDesignEditable(tx, id);
          assertCanAccess(actor, await repo.findDesign(tx, id, true));
          const images = await uploads.designImages(tx, [id]);
          const gone = checkImageChanges(images, data.remove_image_ids, files.length);
          const now = clock.now();
          await repo.updateDesign(tx, id, { ...columnsFromForm(data), updatedAt: now });
          await repo.replaceStones(tx, id, data.stones);
          const updated = await repo.findDesign(tx, id);
          if (updated) await orders.reestimate(tx, updated, await repo.listStones(tx, [id]));
          await uploads.deleteRows(
            tx,
            gone.map((g) => g.id),
          );
          const nextPosition = Math.max(-1, ...images.map((i) => i.position)) + 1;
          if (batch && (await uploads.attachToDesign(tx, batch.uploadIds, id, nextPosition, now)) !== batch.uploadIds.length) {
            throw attachConflict();
          }
          return gone;
        }),
      );
      await deleteQuietly(uploads.storage, removed.flatMap(uploads.keysOf));
      return load(actor, id);
    },

    /** Deletes the design, its stones and its uploads; the files go once the rows are gone. */
    async remove(actor: Actor, id: string): Promise<void> {
      const files = await db.transaction(async (tx) => {
        // The order's lock first, then the design's: the same order as every order move takes them.
        assertCanAccess(actor, await repo.findDesign(tx, id));
        const order = await orders.assertDesignEditable(tx, id);
        assertCanAccess(actor, await repo.findDesign(tx, id, true));
        await orders.cancelForDeletedDesign(tx, order, actor);
        const rows = await uploads.uploadsOfDesign(tx, id);
        await repo.deleteDesign(tx, id);
        return rows.flatMap(uploads.keysOf);
      });
      await deleteQuietly(uploads.storage, files);
    },
  };
}

/** The images an edit removes; refuses unknown ids and more than the limit. */
function checkImageChanges(current: UploadRow[], removeIds: string[], added: number): UploadRow[] {
  const remove = new Set(removeIds.map((i) => i.toLowerCase()));
  const unknown = [...remove].filter((rid) => !current.some((c) => c.id === rid));
  if (unknown.length > 0) throw new ValidationError({ remove_image_ids: [`This design has no image ${unknown[0]}.`] });
  const gone = current.filter((c) => remove.has(c.id));
  if (current.length - gone.length + added > MAX_IMAGES_PER_DESIGN) throw imageLimitError();
  return gone;
}
