import crypto from "node:crypto";
import { personLabel, type Lead, type LeadSource, type Paginated, type StaffLead } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { NotFoundError, ThrottledError } from "../../lib/errors.ts";
import { emailSpec } from "../../lib/email/index.ts";
import type { MailOutbox } from "../../lib/jobs/mail-job.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import type { RateLimitStore } from "../../lib/rate-limit.ts";
import { changedFields, type AuditService } from "../audit/audit.service.ts";
import * as repo from "./leads.repository.ts";
import type { LeadHandler, LeadRow } from "./leads.repository.ts";

export interface LeadLimit {
  max: number;
  windowMs: number;
}
/** Enough for a person who writes twice and corrects a typo; too few for a script. */
export const DEFAULT_LEAD_LIMIT: LeadLimit = { max: 5, windowMs: 15 * 60_000 };

export interface LeadInput {
  name: string;
  email: string;
  phone: string;
  design_idea: string;
  source: LeadSource;
  website?: string | undefined;
}

export interface LeadServiceDeps {
  db: Db;
  /** The business notification is queued with the lead (sent once it commits, retried while SMTP is away). */
  outbox: MailOutbox;
  rateLimits: RateLimitStore;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The business inbox (CONTACT_EMAIL); without it leads are stored but not mailed. */
  contactEmail: string | undefined;
  limit?: LeadLimit | undefined;
  /** Multiplies the limit's maximum (config RATE_LIMIT_SCALE). */
  limitScale?: number | undefined;
  /** Staff marking leads handled is audited. */
  audit: AuditService;
  publicUrl: string;
}

export interface StaffLeadQuery {
  page: number;
  search?: string | undefined;
  state: "open" | "handled" | "all";
}

export function toLeadResponse(row: LeadRow): Lead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    design_idea: row.designIdea,
    source: row.source,
    created_at: row.createdAt.toISOString(),
  };
}

/** A staff member as everywhere: "Kavya Iyer (staff)" (the contract's one formatter). */
const handlerName = (h: LeadHandler): string | null => (h ? personLabel({ first_name: h.firstName, last_name: h.lastName, role: h.role }) : null);

export function toStaffLead(row: LeadRow, handler: LeadHandler): StaffLead {
  return {
    ...toLeadResponse(row),
    handled_at: row.handledAt?.toISOString() ?? null,
    handled_by: row.handledAt ? handlerName(handler) : null,
  };
}

const SOURCE_LABEL: Record<LeadSource, string> = { contact: "the contact page", home: "the landing page" };

export function createLeadService(deps: LeadServiceDeps) {
  const { db, outbox, rateLimits, clock, logger, contactEmail, audit } = deps;
  const base = deps.limit ?? DEFAULT_LEAD_LIMIT;
  const limit = { ...base, max: Math.max(1, Math.round(base.max * (deps.limitScale ?? 1))) };

  async function mailBusiness(tx: Db, lead: Lead): Promise<void> {
    if (!contactEmail) {
      logger.info({ leadId: lead.id }, "lead stored; CONTACT_EMAIL is not set, so it was not e-mailed");
      return;
    }
    await outbox.send(tx, {
      to: contactEmail,
      subject: `New enquiry from ${lead.name} (${lead.source})`,
      email: emailSpec("genericEmail", {
        heading: `New enquiry from ${lead.name}`,
        paragraphs: [
          `Received through ${SOURCE_LABEL[lead.source]} on ${lead.created_at.slice(0, 10)}.`,
          `Name: ${lead.name}`,
          `Email: ${lead.email}`,
          `Phone: ${lead.phone || "not given"}`,
          `Design idea: ${lead.design_idea || "not given"}`,
          "Reply to the customer within 24 hours, as the site promises.",
        ],
      }),
    });
  }

  return {
    async create(input: LeadInput, ip: string): Promise<Lead> {
      const state = await rateLimits.hit(`leads:ip:${ip}`, limit.windowMs);
      if (state.count > limit.max) throw new ThrottledError(Math.max(1, Math.ceil(state.resetInMs / 1000)));

      const now = clock.now();
      if (input.website) {
        // A bot filled the hidden field: answer exactly like a success so it learns nothing, store nothing.
        logger.info({ ip }, "lead discarded: honeypot field was filled");
        return { ...pick(input), id: crypto.randomUUID(), created_at: now.toISOString() };
      }
      return db.transaction(async (tx) => {
        const row = await repo.insertLead(tx, {
          source: input.source,
          name: input.name,
          email: input.email.toLowerCase(),
          phone: input.phone,
          designIdea: input.design_idea,
          createdAt: now,
        });
        const lead = toLeadResponse(row);
        await mailBusiness(tx, lead);
        return lead;
      });
    },

    /** The staff console's list: newest first, searched over name, e-mail, phone and idea. */
    async staffList(query: StaffLeadQuery): Promise<Paginated<StaffLead>> {
      const filter = { search: query.search || undefined, state: query.state };
      const url = new URL(`${deps.publicUrl}/api/staff/leads/`);
      if (filter.search) url.searchParams.set("search", filter.search);
      if (filter.state !== "all") url.searchParams.set("state", filter.state);
      const total = await repo.countLeads(db, filter);
      toPage([], total, query.page, url.toString()); // 404 "Invalid page." before reading rows
      const { limit, offset } = pageWindow(query.page);
      const rows = await repo.listLeads(db, filter, limit, offset);
      return toPage(
        rows.map((r) => toStaffLead(r.lead, r.handler)),
        total,
        query.page,
        url.toString(),
      );
    },

    /**
     * Marks a lead handled by `actor` (or open again), audited in the same transaction. Saying
     * again what is already so changes nothing and writes no audit row.
     */
    async setHandled(actor: Actor, id: string, handled: boolean): Promise<StaffLead> {
      return db.transaction(async (tx) => {
        const row = await repo.findLeadForUpdate(tx, id);
        if (!row) throw new NotFoundError();
        if (Boolean(row.handledAt) === handled) return toStaffLead(row, await repo.findHandler(tx, row.handledBy));
        const next = { handledAt: handled ? clock.now() : null, handledBy: handled ? actor.id : null };
        await repo.setLeadHandled(tx, id, next);
        const [before, after] = [await repo.findHandler(tx, row.handledBy), await repo.findHandler(tx, next.handledBy)];
        const change = changedFields(
          { handled: Boolean(row.handledAt), handled_at: row.handledAt?.toISOString() ?? null, handled_by: handlerName(before) },
          { handled, handled_at: next.handledAt?.toISOString() ?? null, handled_by: handlerName(after) },
        );
        await audit.record(tx, {
          actor,
          action: "lead.handled",
          targetType: "lead",
          targetId: id,
          targetLabel: `${row.name} <${row.email}>`,
          ...change,
        });
        return toStaffLead({ ...row, ...next }, after);
      });
    },
  };
}
export type LeadService = ReturnType<typeof createLeadService>;

function pick(input: LeadInput): Omit<Lead, "id" | "created_at"> {
  return { name: input.name, email: input.email.toLowerCase(), phone: input.phone, design_idea: input.design_idea, source: input.source };
}
