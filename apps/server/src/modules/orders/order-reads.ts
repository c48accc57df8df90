import {
  ACTIVE_ORDER_STATUSES,
  STAFF_QUEUE_GROUP_KEYS,
  STAFF_QUEUE_GROUPS,
  statusesOfFilter,
  type DashboardData,
  type Order,
  type OrderStatus,
  type OrderSummary,
  type Paginated,
  type PaymentInstructions,
  type StaffQueueCounts,
  type staffQueueQuerySchema,
} from "@atelier/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { assertCanAccess, assertStaff, isStaff, type Actor } from "../../lib/access.ts";
import { formatMoney } from "../../lib/email/format.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import type { OrdersServiceDeps } from "./order-deps.ts";
import * as content from "./order-content.repository.ts";
import type { Sweep } from "./order-sweep.ts";
import * as view from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import type { OrderRow } from "./orders.repository.ts";

export type StaffQueueQuery = z.output<typeof staffQueueQuerySchema>;

/**
 * The orders as people read them: one order (with its payment instructions), the customer's list
 * and dashboard, the staff queue and its counts. A customer's reads run the sweep first.
 */
export function createOrderReads(deps: OrdersServiceDeps, sweeps: Pick<Sweep, "sweepFor">) {
  const { db, clock, notifications, uploads } = deps;
  const { sweepFor } = sweeps;

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

  async function assemble(order: OrderRow, staffView: boolean): Promise<Order> {
    const now = clock.now();
    const [design, stones, designImages, cadRows, commentRows, quotes, payments, eventRows, certificates, refunds] = await Promise.all([
      order.designId ? content.findDesignContent(db, order.designId) : Promise.resolve(undefined),
      order.designId ? content.listStoneContent(db, order.designId) : Promise.resolve([]),
      order.designId ? uploads.designImageUrls(db, [order.designId]) : Promise.resolve([]),
      repo.listCadDesigns(db, order.id),
      repo.listComments(db, order.id),
      repo.listOrderQuotes(db, order.id),
      repo.listOrderPayments(db, order.id),
      repo.listEvents(db, order.id),
      deps.certificatesOf ? deps.certificatesOf(db, order.id) : Promise.resolve([]),
      deps.refundsOf ? deps.refundsOf(db, order.id) : Promise.resolve([]),
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
          { newestVersion: Math.max(...cadRows.map((r) => r.version)), orderStatus: order.status },
        ),
      ),
      comments: commentRows.map((c) => view.toCommentResponse(c, people.get(c.userId))),
      certificates,
      quotes,
      payments,
      refunds,
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

  async function get(actor: Actor, id: string): Promise<Order> {
    const found = assertCanAccess(actor, await repo.findOrder(db, id));
    // Read again only when the sweep changed something (a lapsed quote, an old delivery).
    const order = (await sweepFor(actor)) > 0 ? ((await repo.findOrder(db, found.id)) ?? found) : found;
    return assemble(order, isStaff(actor));
  }

  async function list(
    actor: Actor,
    q: { page: number; status?: string | undefined; search?: string | undefined },
  ): Promise<Paginated<OrderSummary>> {
    await sweepFor(actor);
    const filter = { userId: actor.id, statuses: statusesOfFilter(q.status), search: q.search ?? "" };
    const { rows, page, thumbs } = await listPage(filter, q.page, listUrl("/api/orders/", q));
    return { ...page, results: rows.map((r) => view.toOrderSummary(r, r.designId ? (thumbs.get(r.designId) ?? null) : null)) };
  }

  /** The staff queue's orders: a group, a status, a search; newest first or longest-waiting first. */
  async function staffList(actor: Actor, q: StaffQueueQuery) {
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
  }

  /** How many orders each queue group holds, in one query. */
  async function queueCounts(actor: Actor): Promise<StaffQueueCounts> {
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
  }

  async function dashboard(actor: Actor): Promise<DashboardData> {
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
  }

  return {
    instructionsFor,
    assemble,
    /** The order if the actor may see it (staff: any; a customer: their own), else 404; no lock. */
    findAccessible: async (from: Db, actor: Actor, id: string): Promise<OrderRow> => assertCanAccess(actor, await repo.findOrder(from, id)),
    /** An order's number, for messages that name another order. */
    numberOf: async (from: Db, id: string): Promise<string | undefined> => (await repo.findOrder(from, id))?.orderNumber,
    /** How many orders each of these people has placed (the people list). */
    orderCountsOf: (userIds: string[], on: Db = db) => repo.orderCountsOf(on, userIds),
    get,
    list,
    staffList,
    queueCounts,
    dashboard,
  };
}
