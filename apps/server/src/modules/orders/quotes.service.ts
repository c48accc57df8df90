import {
  MAX_ESTIMATE_AMOUNT,
  QUOTE_MAX_VALID_DAYS,
  type Paginated,
  type Quote,
  type QuoteLineItem,
  type QuoteStatus,
  type TaxBreakdown,
  type TaxPlace,
  type quoteTaxQuerySchema,
  type quoteInputSchema,
} from "@atelier/contract";
import { and, eq, gt, lte, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { quotes } from "../../db/schema/index.ts";
import { assertCanAccess, assertStaff, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { formatMoney } from "../../lib/email/format.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { isPositive, sumMoney, toCents } from "../../lib/money.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { NotificationsService } from "../notifications/notifications.service.ts";
import type { PricingService } from "../pricing/pricing.service.ts";
import { taxDestination, taxOfLines } from "../tax/tax-place.ts";
import type { CustomerMailService } from "../settings/customer-mail.service.ts";
import { quoteIssuedMail } from "./order-mails.ts";
import { advanceOf, priceFieldsOf, quoteStatusAt, statusLabel, toQuoteResponse } from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import type { OrderRow, QuoteRow } from "./orders.repository.ts";
import { orderLink, type OrdersService } from "./orders.service.ts";

export type QuoteData = z.output<typeof quoteInputSchema>;
const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_QUOTE_VALID_DAYS = 14;

export type QuotesService = ReturnType<typeof createQuotesService>;

export function createQuotesService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** The customer e-mails (the settings module: skipped when turned off, with unsubscribe links). */
  customerMail: CustomerMailService;
  orders: OrdersService;
  notifications: NotificationsService;
  audit: AuditService;
  /** The tax rules in force (the pricing tables' `tax`). */
  pricing: Pick<PricingService, "current">;
  /** Where the seller is (config.seller): decides the tax with the order's delivery address. */
  seller: TaxPlace;
}) {
  const { db, clock, orders, notifications, audit } = deps;

  /** Why a quote cannot be answered (the true reason), or nothing when it is pending and valid. */
  async function answerRefusal(tx: Db, order: OrderRow, quote: QuoteRow, verb: "accepted" | "declined", now: Date): Promise<string | null> {
    if (order.status === "cancelled") return `Order ${order.orderNumber} is cancelled; its quote can no longer be ${verb}.`;
    const status = quoteStatusAt(quote, now);
    switch (status) {
      case "pending":
        return null;
      case "accepted":
        return "This quote has already been accepted.";
      case "declined":
        return "This quote has already been declined.";
      case "expired": {
        const newer = (await repo.listOrderQuotes(tx, order.id)).find((q) => q.seq > quote.seq);
        if (newer) {
          return `This quote was replaced by a newer one on ${newer.createdAt.toISOString().slice(0, 10)}. Open order ${order.orderNumber} to answer the current quote.`;
        }
        if (quote.validUntil.getTime() <= now.getTime()) {
          return `This quote expired on ${quote.validUntil.toISOString().slice(0, 10)}. Ask us for a new one in the order's comments.`;
        }
        return "This quote has been withdrawn. Ask us for a new one in the order's comments.";
      }
    }
  }

  /** The quote and its order, both locked; another customer's is a 404 and staff may not answer for the customer. */
  async function lockForAnswer(tx: Db, actor: Actor, id: string, verb: "accepted" | "declined") {
    const found = await repo.findQuote(tx, id);
    if (!found) throw new NotFoundError();
    const order = await orders.lockOrder(tx, actor, found.orderId);
    if (actor.id !== order.userId) throw new ForbiddenError("Only the customer can answer a quote.");
    const quote = (await repo.findQuote(tx, id, true)) ?? found;
    const refusal = await answerRefusal(tx, order, quote, verb, clock.now());
    if (refusal) throw new ConflictError(refusal);
    return { order, quote };
  }

  function statusWhere(status: QuoteStatus | undefined, now: Date): SQL | undefined {
    switch (status) {
      case undefined:
        return undefined;
      case "pending":
        return and(eq(quotes.status, "pending"), gt(quotes.validUntil, now));
      case "expired":
        return or(eq(quotes.status, "expired"), and(eq(quotes.status, "pending"), lte(quotes.validUntil, now)));
      default:
        return eq(quotes.status, status);
    }
  }

  return {
    /** The tax the line items would carry on a quote of this order now (the builder's preview; writes nothing). */
    async taxPreview(actor: Actor, orderId: string, input: z.output<typeof quoteTaxQuerySchema>): Promise<TaxBreakdown> {
      assertStaff(actor);
      const order = await repo.findOrder(db, orderId);
      if (!order) throw new NotFoundError();
      const currency = input.currency ?? order.currency;
      const { tables } = await deps.pricing.current();
      const lines = [{ amount: input.goods ?? "0.00" }, { amount: input.making ?? "0.00", making: true }];
      return taxOfLines(tables.tax, deps.seller, taxDestination(deps.seller, order.deliveryAddress, currency), lines);
    },

    async issue(actor: Actor, orderId: string, input: QuoteData): Promise<Quote> {
      assertStaff(actor);
      const lines: QuoteLineItem[] = input.line_items.map((l) => ({
        label: l.label,
        amount: l.amount,
        ...(l.making ? { making: true } : {}),
      }));
      const total = sumMoney(lines.map((l) => l.amount));
      if (input.amount !== undefined && input.amount !== total) {
        throw new ValidationError({ amount: [`The amount must equal the sum of the line items (${total}).`] });
      }
      if (!isPositive(total)) throw new ValidationError({ amount: ["A quote must be for more than zero."] });
      // Each line is at most MAX_ESTIMATE_AMOUNT; so is their sum (50 of them would be 5 000 000 000).
      if (toCents(total) > BigInt(MAX_ESTIMATE_AMOUNT) * 100n) {
        throw new ValidationError({ amount: [`A quote can be for at most ${MAX_ESTIMATE_AMOUNT.toLocaleString("en-US")}.00.`] });
      }
      const now = clock.now();
      let validUntil = new Date(now.getTime() + (input.valid_days ?? DEFAULT_QUOTE_VALID_DAYS) * DAY_MS);
      if (input.valid_until !== undefined) {
        validUntil = new Date(input.valid_until);
        if (validUntil.getTime() <= now.getTime()) throw new ValidationError({ valid_until: ["The validity must end in the future."] });
        const latest = new Date(now.getTime() + QUOTE_MAX_VALID_DAYS * DAY_MS);
        if (validUntil.getTime() > latest.getTime()) {
          throw new ValidationError({
            valid_until: [
              `A quote can be valid for at most ${QUOTE_MAX_VALID_DAYS} days: choose a date up to ${latest.toISOString().slice(0, 10)}.`,
            ],
          });
        }
      }
      return orders.inTx(async (tx, later) => {
        const order = await orders.lockOrder(tx, actor, orderId);
        if (order.status !== "initiated" && order.status !== "quoted") {
          throw new ConflictError(
            `Order ${order.orderNumber} is ${statusLabel(order.status)}: a quote can only be issued while the order is Initiated or Quoted.`,
          );
        }
        const existing = await repo.listOrderQuotes(tx, order.id);
        const accepted = existing.find((q) => q.status === "accepted");
        if (accepted)
          throw new ConflictError(
            `The customer has accepted the quote of ${formatMoney(accepted.amount, accepted.currency)}; it can no longer be replaced.`,
          );
        // The line items are before tax; the quote's amount is their total incl. tax (the advance is a share of it),
        // taxed by the rules in force for the order's delivery address (or where taxDestination assumes).
        const currency = input.currency ?? order.currency;
        const { tables } = await deps.pricing.current(tx);
        const tax = taxOfLines(tables.tax, deps.seller, taxDestination(deps.seller, order.deliveryAddress, currency), lines);
        // The ceiling above bounds what staff type (before tax); incl. tax, at most 100% more, it still fits the column.
        const replaced = existing.filter((q) => q.status === "pending");
        for (const q of replaced) await repo.updateQuote(tx, q.id, { status: "expired" });
        const quote = await repo.insertQuote(tx, {
          orderId: order.id,
          userId: order.userId,
          amount: tax.total,
          currency,
          lineItems: lines,
          tax,
          advancePercent: input.advance_percent.toFixed(2),
          validUntil,
          note: input.note,
          pricingVersion: order.estimate.pricing_version,
          estimate: order.estimate,
          issuedBy: actor.id,
          createdAt: now,
        });
        const previous = replaced[0];
        await audit.record(tx, {
          actor,
          action: "quote.issued",
          targetType: "order",
          targetId: order.id,
          targetLabel: order.orderNumber,
          before: previous ? { quote_id: previous.id, amount: previous.amount, currency: previous.currency } : null,
          after: {
            quote_id: quote.id,
            amount: quote.amount,
            currency: quote.currency,
            advance_percent: quote.advancePercent,
            valid_until: quote.validUntil.toISOString(),
          },
        });
        const amount = formatMoney(quote.amount, quote.currency);
        const notice = {
          userId: order.userId,
          orderId: order.id,
          type: "quote_issued" as const,
          title: `Your quote for ${order.designName} is ready`,
          message: `Order ${order.orderNumber}: ${amount}, valid until ${validUntil.toISOString().slice(0, 10)}.`,
          link: orderLink(order.id),
        };
        if (order.status === "initiated") {
          await orders.move(tx, order, "quoted", actor, {
            note: `Quote issued: ${amount}.`,
            extra: priceFieldsOf(quote, order.estimate),
            notice,
          });
        } else {
          await orders.event(tx, order, "quote_issued", actor, `New quote issued: ${amount} (replaces the previous one).`);
          await repo.updateOrder(tx, order.id, priceFieldsOf(quote, order.estimate));
          await notifications.notify(tx, [notice]);
        }
        later((tx) => quoteIssuedMail(deps, tx, order, quote));
        return toQuoteResponse(quote, order, now);
      });
    },

    async accept(actor: Actor, id: string): Promise<Quote> {
      return orders.inTx(async (tx) => {
        const { order, quote } = await lockForAnswer(tx, actor, id, "accepted");
        const now = clock.now();
        await repo.updateQuote(tx, quote.id, { status: "accepted", respondedAt: now });
        await repo.updateOrder(tx, order.id, priceFieldsOf(quote, order.estimate));
        await orders.event(
          tx,
          order,
          "quote_accepted",
          actor,
          `Quote accepted. Advance due: ${formatMoney(advanceOf(quote), quote.currency)}.`,
        );
        return toQuoteResponse({ ...quote, status: "accepted", respondedAt: now }, order, now);
      });
    },

    /** Declining sends the order back to `initiated` for a new quote. */
    async decline(actor: Actor, id: string, reason: string): Promise<Quote> {
      return orders.inTx(async (tx) => {
        const { order, quote } = await lockForAnswer(tx, actor, id, "declined");
        const now = clock.now();
        await repo.updateQuote(tx, quote.id, { status: "declined", declineReason: reason, respondedAt: now });
        await orders.move(tx, order, "initiated", actor, {
          note: reason ? `Quote declined: ${reason}` : "Quote declined.",
          extra: priceFieldsOf(undefined, order.estimate),
        });
        return toQuoteResponse({ ...quote, status: "declined", declineReason: reason, respondedAt: now }, order, now);
      });
    },

    async get(actor: Actor, id: string): Promise<Quote> {
      const found = await repo.findQuote(db, id);
      if (!found) throw new NotFoundError();
      const order = assertCanAccess(actor, await repo.findOrder(db, found.orderId));
      const quote = (await orders.sweepFor(actor)) > 0 ? ((await repo.findQuote(db, id)) ?? found) : found;
      return toQuoteResponse(quote, order, clock.now());
    },

    async list(
      actor: Actor,
      q: { page: number; status?: QuoteStatus | "" | "all" | undefined; search?: string | undefined },
    ): Promise<Paginated<Quote>> {
      await orders.sweepFor(actor);
      const now = clock.now();
      const status = q.status === "" || q.status === "all" ? undefined : q.status;
      const filter = { userId: actor.id, where: statusWhere(status, now), search: q.search ?? "" };
      const url = new URL(`${deps.publicUrl}/api/quotes/`);
      if (status) url.searchParams.set("status", status);
      if (q.search) url.searchParams.set("search", q.search);
      const total = await repo.countQuotes(db, filter);
      toPage([], total, q.page, url.toString());
      const { limit, offset } = pageWindow(q.page);
      const rows = await repo.listQuotes(db, filter, limit, offset);
      return toPage(
        rows.map((r) => toQuoteResponse(r.quote, r, now)),
        total,
        q.page,
        url.toString(),
      );
    },
  };
}
