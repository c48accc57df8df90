import {
  ACTIVE_ORDER_STATUSES,
  STAFF_QUEUE_GROUP_KEYS,
  STAFF_QUEUE_GROUPS,
  AUTO_COMPLETE_DAYS,
  CUSTOMER_CANCELLABLE_STATUSES,
  canTransition,
  designStatusOf,
  statusesOfFilter,
  type Certificate,
  type Comment,
  type DashboardData,
  type Estimate,
  type Order,
  type OrderStatus,
  type OrderSummary,
  type Paginated,
  type PaymentInstructions,
  type StaffQueueCounts,
  type staffQueueQuerySchema,
  type TransitionInput,
  type transitionInputSchema,
} from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { assertCanAccess, assertStaff, isStaff, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import type { LiveEvents } from "../../lib/live-events.ts";
import { formatMoney } from "../../lib/email/format.ts";
import { ConflictError, ForbiddenError, ValidationError } from "../../lib/errors.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import type { AuditRecord, AuditService } from "../audit/audit.service.ts";
import type { MessagesService } from "../messages/messages.service.ts";
import type { NewNotice, NotificationsService } from "../notifications/notifications.service.ts";
import { estimateInputOf, type DesignPricingFields, type StonePricingFields } from "../pricing/pricing.engine.ts";
import type { PricingService } from "../pricing/pricing.service.ts";
import type { CustomerMailService } from "../settings/customer-mail.service.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import * as content from "./order-content.repository.ts";
import { quoteExpiringMail, staffReplyMail, statusMailFor } from "./order-mails.ts";
import * as view from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import type { OrderRow } from "./orders.repository.ts";

export interface PaymentSettings {
  bankDetails: string[];
  upiId: string | undefined;
  contactEmail: string | undefined;
}

export interface OrdersServiceDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  logger: FastifyBaseLogger;
  /** The customer e-mails (the settings module: skipped when turned off, with unsubscribe links). */
  customerMail: CustomerMailService;
  pricing: PricingService;
  notifications: NotificationsService;
  uploads: UploadsService;
  payment: PaymentSettings;
  /** Staff actions are recorded in the transaction of the change. */
  audit: AuditService;
  /** The order's certificates for its answer (the certificates module, bound by the composition root). */
  certificatesOf?: (from: Db, orderId: string) => Promise<Certificate[]>;
  /** An order's comments are the messages of its conversation. */
  messages: MessagesService;
  /** Open pages of the customer and of staff refresh when an order changes. */
  live: LiveEvents;
}

/** Work to do once a transaction has committed (e-mails): never inside it, never lost silently. */
export type Later = (job: () => Promise<void>) => void;

const STATUS_MESSAGES: Record<OrderStatus, string> = {
  initiated: "Your order is waiting for a new quote.",
  quoted: "A quote is ready for you to review.",
  approved: "Your advance is confirmed. Our CAD designers are starting on your piece.",
  cad_design: "A CAD design is ready for your review.",
  cad_approved: "You approved the CAD design. Manufacturing begins soon.",
  manufacturing: "Your piece is being handcrafted in our workshop.",
  quality_check: "Your piece is in its final quality check.",
  ready_to_ship: "Your piece has passed its quality check and is ready to ship.",
  shipped: "Your piece is on its way.",
  delivered: "Your piece has been delivered.",
  completed: "Your order is complete. Thank you for choosing Aurelia Atelier.",
  cancelled: "Your order has been cancelled.",
};

/** A pending quote's customer is told once when it has less than this left. */
export const QUOTE_EXPIRY_NOTICE_HOURS = 48;

export const orderLink = (orderId: string) => `/dashboard/orders/${orderId}`;

/** Why a move is refused, as a sentence a customer or a jeweller can act on. */
function refusal(order: OrderRow, to: OrderStatus): string {
  const from = view.statusLabel(order.status);
  if (to === "cancelled") {
    if (order.status === "cancelled") return `Order ${order.orderNumber} is already cancelled.`;
    return `Order ${order.orderNumber} is ${from} and can no longer be cancelled.`;
  }
  if (order.status === to) return `Order ${order.orderNumber} is already ${from}.`;
  return `Order ${order.orderNumber} is ${from}; it cannot move to ${view.statusLabel(to)}.`;
}

/** The audit row of a staff cancellation (from the workbench's cancel or a move to cancelled). */
function cancelledEntry(actor: Actor, order: OrderRow, reason: string): AuditRecord {
  return {
    actor,
    action: "order.cancelled",
    targetType: "order",
    targetId: order.id,
    targetLabel: order.orderNumber,
    before: { status: order.status },
    after: { status: "cancelled", reason },
  };
}

export type StaffQueueQuery = z.output<typeof staffQueueQuerySchema>;

/** What a design shows of its order. */
/** A design's order as the design shows it; `estimate` is null when the stored one cannot be shown. */
export type DesignOrderSummary = Pick<OrderRow, "id" | "orderNumber" | "status"> & { estimate: Estimate | null };

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, clock, logger, notifications, pricing, uploads, audit } = deps;
  const inFlight = new Set<Promise<void>>();

  /** Runs `fn` in one transaction; jobs it schedules with `later` run after the commit. */
  async function inTx<T>(fn: (tx: Db, later: Later) => Promise<T>): Promise<T> {
    const jobs: (() => Promise<void>)[] = [];
    const result = await db.transaction((tx) => fn(tx, (job) => jobs.push(job)));
    for (const job of jobs) {
      const p = job()
        .catch((err: unknown) => logger.error({ err }, "after-commit job failed"))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    return result;
  }

  function instructions(
    kind: "advance" | "balance",
    amount: string,
    currency: Parameters<typeof formatMoney>[1],
    orderNumber: string,
  ): PaymentInstructions {
    const { bankDetails, upiId, contactEmail } = deps.payment;
    const lines = [`Pay ${formatMoney(amount, currency)} (${kind === "advance" ? "advance" : "balance"}) by bank transfer or UPI.`];
    if (bankDetails.length > 0) lines.push(...bankDetails);
    // Once: the bank details may already name the UPI id.
    if (upiId && !bankDetails.some((line) => line.includes(upiId))) lines.push(`UPI: ${upiId}`);
    if (bankDetails.length === 0 && !upiId) {
      lines.push(contactEmail ? `Write to ${contactEmail} for our bank details.` : "Ask us for our bank details in the order's comments.");
    }
    lines.push(
      `Write ${orderNumber} as the payment's remark, then enter your transfer's reference below. We confirm receipt within one business day.`,
    );
    return { lines, upi_id: upiId ?? null };
  }

  const instructionsFor =
    (order: OrderRow): view.InstructionsOf =>
    (kind, amount, currency) =>
      instructions(kind, amount, currency, order.orderNumber);

  function statusNotice(order: OrderRow, to: OrderStatus, note: string): NewNotice {
    return {
      userId: order.userId,
      orderId: order.id,
      type: "status_change",
      title: `Order ${order.orderNumber}: ${view.statusLabel(to)}`,
      message: note && to === "cancelled" ? `${STATUS_MESSAGES[to]} ${note}` : STATUS_MESSAGES[to],
      link: orderLink(order.id),
    };
  }

  interface MoveOptions {
    note?: string;
    extra?: Partial<repo.NewOrder>;
    /** The customer's notification; default: the status change. null: none. */
    notice?: NewNotice | null;
    later?: Later;
  }

  /**
   * The one way an order changes status: refuses moves the lifecycle table does not allow (409),
   * moves only from the status it read (a lost race is a 409 too), and writes the event, the
   * design's status and the customer's notification in the same transaction. The caller holds
   * the order's row lock.
   */
  async function move(tx: Db, order: OrderRow, to: OrderStatus, actor: Actor | null, options: MoveOptions = {}): Promise<OrderRow> {
    if (!canTransition(order.status, to)) throw new ConflictError(refusal(order, to));
    const now = clock.now();
    const values = { status: to, statusChangedAt: now, updatedAt: now, ...options.extra };
    if (!(await repo.moveOrderStatus(tx, order.id, order.status, values))) {
      throw new ConflictError(`Order ${order.orderNumber} changed while you were working on it. Reload it and try again.`);
    }
    const note = options.note ?? "";
    await repo.insertEvent(tx, {
      orderId: order.id,
      userId: order.userId,
      type: "status_change",
      fromStatus: order.status,
      toStatus: to,
      note,
      actorId: actor?.id ?? null,
      createdAt: now,
    });
    if (order.designId) await content.setDesignStatus(tx, order.designId, designStatusOf(to), now);
    await deps.live.publish(tx, [{ kind: "order", userIds: [order.userId], staff: true, data: { order_id: order.id, status: to } }]);
    const notice = options.notice === undefined ? statusNotice(order, to, note) : options.notice;
    // Nobody is told about their own action.
    if (notice && actor?.id !== order.userId) await notifications.notify(tx, [notice]);
    const moved: OrderRow = { ...order, ...values };
    const mail = statusMailFor(deps, moved, order.status, to);
    if (mail && options.later) options.later(mail);
    return moved;
  }

  /**
   * Cancels the order in the caller's transaction (which holds its lock): a pending quote expires,
   * a payment still waiting for staff becomes void so nobody can confirm it later, and the order
   * keeps the price and currency of its accepted quote, the one any payment was made in.
   */
  async function cancelIn(tx: Db, order: OrderRow, actor: Actor | null, options: { note: string; reason: string; later?: Later }) {
    await content.expirePendingQuotes(tx, order.id);
    const voided = await repo.voidPendingPayments(tx, order.id, actor?.id ?? null, clock.now());
    const price = view.priceFieldsOf(view.acceptedQuoteOf(await repo.listOrderQuotes(tx, order.id)), order.estimate);
    const note =
      voided > 0 ? `${options.note.replace(/([^.!?])$/, "$1.")} The payment waiting for confirmation is void.`.trim() : options.note;
    return move(tx, order, "cancelled", actor, { note, extra: { cancelReason: options.reason, ...price }, ...(options.later && { later: options.later }) });
  }

  async function event(tx: Db, order: OrderRow, type: repo.NewOrderEvent["type"], actor: Actor | null, note: string): Promise<void> {
    const now = clock.now();
    await repo.insertEvent(tx, { orderId: order.id, userId: order.userId, type, note, actorId: actor?.id ?? null, createdAt: now });
    await repo.updateOrder(tx, order.id, { updatedAt: now });
    // A comment's open pages are told by the messages module, which wrote it; a quote or payment changes the order's page.
    if (type === "comment") return;
    await deps.live.publish(tx, [{ kind: "order", userIds: [order.userId], staff: true, data: { order_id: order.id, status: order.status } }]);
  }

  /** The order, locked for the rest of the transaction; another customer's is a 404. */
  async function lockOrder(tx: Db, actor: Actor, id: string): Promise<OrderRow> {
    return assertCanAccess(actor, await repo.findOrder(tx, id, true), "Not found.");
  }

  async function assemble(order: OrderRow, staffView: boolean): Promise<Order> {
    const now = clock.now();
    const [design, stones, designImages, cadRows, commentRows, quotes, payments, eventRows, certificates] = await Promise.all([
      order.designId ? content.findDesignContent(db, order.designId) : Promise.resolve(undefined),
      order.designId ? content.listStoneContent(db, order.designId) : Promise.resolve([]),
      order.designId ? uploads.designImageUrls(db, [order.designId]) : Promise.resolve([]),
      repo.listCadDesigns(db, order.id),
      repo.listComments(db, order.id),
      repo.listOrderQuotes(db, order.id),
      repo.listOrderPayments(db, order.id),
      repo.listEvents(db, order.id),
      deps.certificatesOf ? deps.certificatesOf(db, order.id) : Promise.resolve([]),
    ]);
    const cadFiles = await uploads.cadFiles(
      db,
      cadRows.map((c) => c.id),
    );
    const people = new Map(
      (
        await repo.findUsers(db, [
          ...commentRows.map((c) => c.userId),
          ...eventRows.flatMap((e) => (e.actorId ? [e.actorId] : [])),
          ...(staffView ? [order.userId] : []),
        ])
      ).map((u) => [u.id, u]),
    );
    const result = view.toOrderResponse(order, {
      design,
      stones,
      designImages: designImages.map((i) => i.urls),
      cad: cadRows.map((c) =>
        view.toCadResponse(
          c,
          cadFiles.filter((f) => f.cadDesignId === c.id),
        ),
      ),
      comments: commentRows.map((c) => view.toCommentResponse(c, people.get(c.userId))),
      certificates,
      quotes,
      payments,
      events: eventRows.map((e) => view.toEventResponse(e, people)),
      now,
      instructions: instructionsFor(order),
    });
    if (!staffView) return result;
    const customer = people.get(order.userId);
    return {
      ...result,
      customer: {
        id: order.userId,
        first_name: customer?.firstName ?? "",
        last_name: customer?.lastName ?? "",
        email: customer?.email ?? "",
        phone_number: customer?.phoneNumber ?? "",
      },
    };
  }

  /**
   * Pending quotes past validity expire (order back to initiated), quotes about to lapse are
   * announced once, and deliveries older than 7 days complete.
   */
  async function sweep(userId?: string): Promise<number> {
    const now = clock.now();
    let changed = 0;
    for (const quote of await repo.listLapsedQuotes(db, now, userId)) {
      changed += await inTx(async (tx) => {
        const order = await repo.findOrder(tx, quote.orderId, true);
        const current = await repo.findQuote(tx, quote.id, true);
        if (!order || !current || current.status !== "pending" || current.validUntil > now) return 0;
        await repo.updateQuote(tx, current.id, { status: "expired" });
        if (order.status === "quoted") {
          await move(tx, order, "initiated", null, {
            note: `Quote expired on ${current.validUntil.toISOString().slice(0, 10)}.`,
            extra: view.priceFieldsOf(undefined, order.estimate),
          });
        } else {
          await event(tx, order, "quote_expired", null, "Quote expired.");
        }
        return 1;
      });
    }
    const soon = new Date(now.getTime() + QUOTE_EXPIRY_NOTICE_HOURS * 60 * 60 * 1000);
    for (const quote of await repo.listQuotesExpiringBefore(db, now, soon, userId)) {
      changed += await inTx(async (tx, later) => {
        if (!(await repo.claimExpiryNotice(tx, quote.id, now))) return 0;
        const order = await repo.findOrder(tx, quote.orderId);
        if (!order) return 0;
        later(() => quoteExpiringMail(deps, order, quote));
        await notifications.notify(tx, [
          {
            userId: order.userId,
            orderId: order.id,
            type: "quote_expiring",
            title: `Your quote for ${order.designName} expires soon`,
            message: `Order ${order.orderNumber}: the quote of ${formatMoney(quote.amount, quote.currency)} is valid until ${quote.validUntil.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
            link: orderLink(order.id),
          },
        ]);
        return 1;
      });
    }
    const before = new Date(now.getTime() - AUTO_COMPLETE_DAYS * 24 * 60 * 60 * 1000);
    for (const delivered of await repo.listDeliveredBefore(db, before, userId)) {
      changed += await inTx(async (tx) => {
        const order = await repo.findOrder(tx, delivered.id, true);
        if (!order || order.status !== "delivered") return 0;
        await move(tx, order, "completed", null, { note: `Completed automatically ${AUTO_COMPLETE_DAYS} days after delivery.` });
        return 1;
      });
    }
    return changed;
  }

  /** Reads that a customer sees go through the sweep first, so nothing stale is ever shown. */
  const sweepFor = async (actor: Actor): Promise<number> => (isStaff(actor) ? 0 : sweep(actor.id));

  async function listPage(
    filter: repo.OrderFilter,
    page: number,
    baseUrl: string,
  ): Promise<{ rows: OrderRow[]; page: Paginated<never>; thumbs: Map<string, string> }> {
    const total = await repo.countOrders(db, filter);
    const empty = toPage<never>([], total, page, baseUrl);
    const { limit, offset } = pageWindow(page);
    const rows = await repo.listOrders(db, filter, limit, offset);
    const images = await uploads.designImageUrls(
      db,
      rows.flatMap((r) => (r.designId ? [r.designId] : [])),
    );
    const thumbs = new Map<string, string>();
    for (const img of images) if (!thumbs.has(img.designId)) thumbs.set(img.designId, img.urls.thumbnail);
    return { rows, page: empty, thumbs };
  }

  const listUrl = (path: string, q: { status?: string | undefined; search?: string | undefined }) => {
    const url = new URL(`${deps.publicUrl}${path}`);
    if (q.status) url.searchParams.set("status", q.status);
    if (q.search) url.searchParams.set("search", q.search);
    return url.toString();
  };

  return {
    inTx,
    move,
    event,
    lockOrder,
    /** The order if the actor may see it (staff: any; a customer: their own), else 404; no lock. */
    findAccessible: async (from: Db, actor: Actor, id: string): Promise<OrderRow> => assertCanAccess(actor, await repo.findOrder(from, id)),
    /** An order's number, for messages that name another order. */
    numberOf: async (from: Db, id: string): Promise<string | undefined> => (await repo.findOrder(from, id))?.orderNumber,
    assemble,
    sweep,
    sweepFor,
    instructionsFor,
    /** Waits for e-mails still being sent (tests, shutdown). */
    drain: async () => {
      await Promise.all([...inFlight]);
    },

    // ---- designs under an order ----

    /**
     * Refuses (400) a design whose estimate cannot be given, before anything of it is written;
     * the estimate is checked again when the order is written (the tables may change between).
     */
    async assertEstimable(design: DesignPricingFields, stones: StonePricingFields[]): Promise<void> {
      await pricing.estimate(estimateInputOf(design, stones));
    },

    /** Submitting a design creates its order in `initiated`, with the instant estimate, in the caller's transaction. */
    async createForDesign(tx: Db, design: content.DesignForOrder, stones: content.StoneForOrder[], actor: Actor): Promise<OrderRow> {
      const now = clock.now();
      const estimate = await pricing.estimate(estimateInputOf(design, stones), tx);
      const order = await repo.insertOrder(tx, {
        orderNumber: await repo.nextOrderNumber(tx, now.getUTCFullYear()),
        userId: design.userId,
        designId: design.id,
        designName: design.name,
        designType: design.designType,
        status: "initiated",
        currency: estimate.currency,
        estimate,
        statusChangedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertEvent(tx, {
        orderId: order.id,
        userId: order.userId,
        type: "created",
        toStatus: "initiated",
        note: `Order placed with an instant estimate of ${formatMoney(estimate.low, estimate.currency)} to ${formatMoney(estimate.high, estimate.currency)}.`,
        actorId: actor.id,
        createdAt: now,
      });
      // The staff queue's "New" group grows on open pages.
      await deps.live.publish(tx, [{ kind: "order", userIds: [order.userId], staff: true, data: { order_id: order.id, status: "initiated" } }]);
      return order;
    },

    /**
     * Refuses a change to a design (edit, delete, image removal) once its order is past
     * `initiated` (409), holding the order's lock for the rest of the caller's transaction.
     */
    async assertDesignEditable(tx: Db, designId: string): Promise<OrderRow | undefined> {
      const order = await repo.findOrderOfDesign(tx, designId, true);
      if (order && !view.isDesignEditable(order.status)) {
        throw new ConflictError(
          `This design is part of order ${order.orderNumber}, which is ${view.statusLabel(order.status)}. To change it, ask for changes in the order's comments.`,
        );
      }
      return order;
    },

    /** After an edit: a new estimate, and the order keeps the design's new name. */
    async reestimate(tx: Db, design: content.DesignForOrder, stones: content.StoneForOrder[]): Promise<void> {
      const order = await repo.findOrderOfDesign(tx, design.id, true);
      if (!order) return;
      const estimate: Estimate = await pricing.estimate(estimateInputOf(design, stones), tx);
      await repo.updateOrder(tx, order.id, {
        estimate,
        // A quoted price keeps its quote's currency.
        ...(order.quotedPrice === null && { currency: estimate.currency }),
        designName: design.name,
        designType: design.designType,
        updatedAt: clock.now(),
      });
    },

    /** Deleting a design cancels its order (kept, with its history). */
    async cancelForDeletedDesign(tx: Db, order: OrderRow | undefined, actor: Actor): Promise<void> {
      if (!order || order.status === "cancelled") return;
      await cancelIn(tx, order, actor, { note: "The design was deleted.", reason: "The design was deleted." });
    },

    /** Each design's order: reference, estimate and whether the design may still change. */
    async ordersOfDesigns(designIds: string[]): Promise<Map<string, DesignOrderSummary>> {
      const rows = await repo.findOrderSummariesOfDesigns(db, designIds);
      return new Map(rows.flatMap((r) => (r.designId ? [[r.designId, { ...r, estimate: view.readableEstimate(r.estimate) }]] : [])));
    },

    /** Designs saved before orders existed get theirs (run at start; idempotent). */
    async backfill(): Promise<number> {
      let made = 0;
      for (const design of await content.listDesignsWithoutOrder(db, 200)) {
        const created = await db
          .transaction(async (tx) => {
            const locked = await content.lockDesign(tx, design.id);
            if (!locked || (await repo.findOrderOfDesign(tx, design.id))) return false;
            const stones = await content.listStoneContent(tx, design.id);
            const order = await this.createForDesign(tx, locked, stones, { id: locked.userId, role: "customer" });
            await repo.updateOrder(tx, order.id, { createdAt: locked.createdAt });
            return true;
          })
          .catch((err: unknown) => {
            // A design saved before the limits whose estimate cannot be given stays without an order (and says so in the log).
            if (!(err instanceof ValidationError)) throw err;
            logger.warn({ designId: design.id, reason: err.message }, "design left without an order: its estimate cannot be given");
            return false;
          });
        if (created) made += 1;
      }
      return made;
    },

    // ---- reads ----

    async get(actor: Actor, id: string): Promise<Order> {
      const found = assertCanAccess(actor, await repo.findOrder(db, id));
      // Read again only when the sweep changed something (a lapsed quote, an old delivery).
      const order = (await sweepFor(actor)) > 0 ? ((await repo.findOrder(db, found.id)) ?? found) : found;
      return assemble(order, isStaff(actor));
    },

    async list(
      actor: Actor,
      q: { page: number; status?: string | undefined; search?: string | undefined },
    ): Promise<Paginated<OrderSummary>> {
      await sweepFor(actor);
      const filter = { userId: actor.id, statuses: statusesOfFilter(q.status), search: q.search ?? "" };
      const { rows, page, thumbs } = await listPage(filter, q.page, listUrl("/api/orders/", q));
      return { ...page, results: rows.map((r) => view.toOrderSummary(r, r.designId ? (thumbs.get(r.designId) ?? null) : null)) };
    },

    /** The staff queue's orders: a group, a status, a search; newest first or longest-waiting first. */
    async staffList(actor: Actor, q: StaffQueueQuery) {
      assertStaff(actor);
      const group = q.group ? STAFF_QUEUE_GROUPS[q.group] : undefined;
      let statuses = statusesOfFilter(q.status || undefined);
      if (group && group.statuses.length > 0) {
        const inGroup: readonly OrderStatus[] = group.statuses;
        statuses = statuses ? statuses.filter((s) => inGroup.includes(s)) : [...inGroup];
      }
      const filter: repo.OrderFilter = {
        statuses,
        search: q.search ?? "",
        pendingPayment: q.group === "payments",
        sort: q.sort,
      };
      const url = new URL(listUrl("/api/staff/orders/", q));
      if (q.group) url.searchParams.set("group", q.group);
      if (q.sort !== "newest") url.searchParams.set("sort", q.sort);
      const { rows, page, thumbs } = await listPage(filter, q.page, url.toString());
      const people = new Map(
        (
          await repo.findUsers(
            db,
            rows.map((r) => r.userId),
          )
        ).map((u) => [u.id, u]),
      );
      return {
        ...page,
        results: rows.map((r) => {
          const u = people.get(r.userId);
          return {
            ...view.toOrderSummary(r, r.designId ? (thumbs.get(r.designId) ?? null) : null),
            customer: {
              id: r.userId,
              first_name: u?.firstName ?? "",
              last_name: u?.lastName ?? "",
              email: u?.email ?? "",
              phone_number: u?.phoneNumber ?? "",
            },
            status_since: r.statusChangedAt.toISOString(),
          };
        }),
      };
    },

    /** How many orders each of these people has placed (the people list). */
    orderCountsOf: (userIds: string[], on: Db = db) => repo.orderCountsOf(on, userIds),

    /** How many orders each queue group holds, in one query. */
    async queueCounts(actor: Actor): Promise<StaffQueueCounts> {
      assertStaff(actor);
      const groups = Object.fromEntries(STAFF_QUEUE_GROUP_KEYS.map((key) => [key, STAFF_QUEUE_GROUPS[key].statuses]));
      const counts = await repo.queueCounts(db, groups);
      return {
        groups: STAFF_QUEUE_GROUP_KEYS.map((key) => ({
          key,
          label: STAFF_QUEUE_GROUPS[key].label,
          count: (key === "payments" ? counts.pendingPayments : counts[key]) ?? 0,
        })),
      };
    },

    async dashboard(actor: Actor): Promise<DashboardData> {
      await sweepFor(actor);
      const [stats, designsCount, recent, activity, latest] = await Promise.all([
        repo.orderStatusCounts(db, actor.id),
        content.countUserDesigns(db, actor.id),
        repo.listOrders(db, { userId: actor.id }, 5, 0),
        repo.listActivity(db, actor.id, 10),
        notifications.latest(actor.id, 5),
      ]);
      return {
        total_orders: stats.reduce((n, s) => n + s.count, 0),
        active_orders: stats
          .filter((s) => (ACTIVE_ORDER_STATUSES as readonly OrderStatus[]).includes(s.status))
          .reduce((n, s) => n + s.count, 0),
        total_designs: designsCount,
        order_stats: stats,
        recent_orders: recent.map((r) => ({
          id: r.id,
          design_name: r.designName,
          order_number: r.orderNumber,
          created_at: r.createdAt.toISOString(),
          status: r.status,
          quoted_price: r.quotedPrice,
          currency: r.currency,
        })),
        activity_items: activity.map(({ event: e, orderNumber, designName, orderStatus }) => ({
          id: e.id,
          type: e.type === "comment" ? ("comment" as const) : ("status_change" as const),
          status: e.toStatus ?? orderStatus,
          title:
            e.type === "comment"
              ? `New comment: ${e.note.length > 80 ? `${e.note.slice(0, 79)}…` : e.note}`
              : e.type === "created"
                ? "Order placed"
                : `Status changed to ${view.statusLabel(e.toStatus ?? orderStatus)}`,
          design_name: designName,
          order_number: orderNumber,
          order_id: e.orderId,
          created_at: e.createdAt.toISOString(),
        })),
        notifications: latest.items,
        unread_notifications: latest.unread,
      };
    },

    // ---- the customer's and staff's moves ----

    /** A message in the order's conversation (with attachments already stored, from the messages module). */
    async comment(actor: Actor, orderId: string, text: string, attachmentIds: string[] = []): Promise<Comment> {
      return inTx(async (tx, later) => {
        const order = assertCanAccess(actor, await repo.findOrder(tx, orderId));
        const row = await deps.messages.appendToOrder(tx, order, actor, text, attachmentIds);
        const note = text || `Sent ${attachmentIds.length === 1 ? "a file" : `${attachmentIds.length} files`}.`;
        await event(tx, order, "comment", actor, note.length > 280 ? `${note.slice(0, 279)}…` : note);
        if (actor.id !== order.userId) {
          await audit.record(tx, {
            actor,
            action: "comment.staff_reply",
            targetType: "order",
            targetId: order.id,
            targetLabel: order.orderNumber,
            after: { comment_id: row.id, text },
          });
          await notifications.notify(tx, [
            {
              userId: order.userId,
              orderId: order.id,
              type: "staff_reply",
              title: `New message on order ${order.orderNumber}`,
              message: note.length > 160 ? `${note.slice(0, 159)}…` : note,
              link: orderLink(order.id),
            },
          ]);
        }
        const [author] = await repo.findUsers(tx, [actor.id]);
        if (actor.id !== order.userId && (await deps.messages.replyEmailDue(tx, row, order.userId))) {
          const senderName = author?.firstName ?? "";
          later(() => staffReplyMail(deps, order, { senderName, text, attachments: attachmentIds.length }));
        }
        return view.toCommentResponse(row, author);
      });
    },

    async cancel(actor: Actor, orderId: string, reason: string): Promise<Order> {
      await inTx(async (tx, later) => {
        const order = await lockOrder(tx, actor, orderId);
        if (!isStaff(actor) && !CUSTOMER_CANCELLABLE_STATUSES.includes(order.status) && canTransition(order.status, "cancelled")) {
          throw new ConflictError(
            `Order ${order.orderNumber} is ${view.statusLabel(order.status)}: once the advance is confirmed, the order can no longer be cancelled online. Please write to us in the order's comments.`,
          );
        }
        if (isStaff(actor) && !reason) throw new ValidationError({ reason: ["Say why the order is cancelled."] });
        await cancelIn(tx, order, actor, { note: reason ? `Cancelled: ${reason}` : "Cancelled by the customer.", reason, later });
        if (isStaff(actor)) await audit.record(tx, cancelledEntry(actor, order, reason));
      });
      return this.get(actor, orderId);
    },

    async confirmDelivery(actor: Actor, orderId: string): Promise<Order> {
      await inTx(async (tx) => {
        const order = await lockOrder(tx, actor, orderId);
        if (actor.id !== order.userId) throw new ForbiddenError("Only the customer confirms the delivery.");
        if (order.status !== "delivered") {
          throw new ConflictError(
            order.status === "completed"
              ? `Order ${order.orderNumber} is already completed.`
              : `Order ${order.orderNumber} is ${view.statusLabel(order.status)}: delivery can be confirmed once it is delivered.`,
          );
        }
        await move(tx, order, "completed", actor, { note: "Delivery confirmed by the customer." });
      });
      return this.get(actor, orderId);
    },

    /** Staff production moves: ready to ship needs the balance, shipping needs carrier and tracking. */
    async transition(actor: Actor, orderId: string, input: z.output<typeof transitionInputSchema> | TransitionInput): Promise<Order> {
      assertStaff(actor);
      const to = input.to;
      const note = input.note?.trim() ?? "";
      if (to === "shipped") {
        const fields: Record<string, string[]> = {};
        if (!input.carrier?.trim()) fields.carrier = ["Enter the carrier."];
        if (!input.tracking_number?.trim()) fields.tracking_number = ["Enter the tracking number."];
        if (Object.keys(fields).length > 0) throw new ValidationError(fields);
      }
      if (to === "cancelled" && !note) throw new ValidationError({ note: ["Say why the order is cancelled."] });
      await inTx(async (tx, later) => {
        const order = await lockOrder(tx, actor, orderId);
        if (!canTransition(order.status, to)) throw new ConflictError(refusal(order, to));
        const extra: Partial<repo.NewOrder> = {};
        if (to === "ready_to_ship") {
          const figures = view.paymentFigures(await repo.listOrderQuotes(tx, order.id), await repo.listOrderPayments(tx, order.id));
          if (!figures.balanceConfirmed && figures.balanceDue !== "0.00") {
            throw new ConflictError(`Order ${order.orderNumber} cannot be ready to ship before the balance is confirmed.`);
          }
        }
        if (to === "shipped")
          Object.assign(extra, { carrier: input.carrier?.trim() ?? "", trackingNumber: input.tracking_number?.trim() ?? "" });
        if (to === "delivered") extra.deliveredAt = clock.now();
        if (to === "cancelled") await cancelIn(tx, order, actor, { note, reason: note, later });
        else await move(tx, order, to, actor, { note, extra, later });
        if (to === "cancelled") {
          await audit.record(tx, cancelledEntry(actor, order, note));
        } else {
          await audit.record(tx, {
            actor,
            action: "order.moved",
            targetType: "order",
            targetId: order.id,
            targetLabel: order.orderNumber,
            before: { status: order.status },
            after: {
              status: to,
              ...(to === "shipped" && { carrier: extra.carrier, tracking_number: extra.trackingNumber }),
              ...(note && { note }),
            },
          });
        }
      });
      return this.get(actor, orderId);
    },
  };
}

export type { OrderRow };
