import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import { noLiveEvents, type LiveEvents } from "../lib/live-events.ts";
import type { Mailer } from "../lib/mail.ts";
import type { RateLimitStore } from "../lib/rate-limit.ts";
import type { SafeFetcher } from "../lib/safe-fetch.ts";
import { createFileUrlSigner, resolveFileUrlSecret } from "../lib/signed-url.ts";
import { createLocalStorage, type Storage } from "../lib/storage.ts";
import { createAuditService } from "./audit/audit.service.ts";
import { createCertificatesService, type CertificatesService } from "./certificates/certificates.service.ts";
import { createDesignsService, type DesignsService } from "./designs/designs.service.ts";
import { createGalleryService } from "./gallery/gallery.service.ts";
import { createLeadService, type LeadLimit } from "./leads/leads.service.ts";
import { createMessagesService } from "./messages/messages.service.ts";
import { createNotificationsService } from "./notifications/notifications.service.ts";
import { createCadService } from "./orders/cad.service.ts";
import { createOrdersService, type OrdersService } from "./orders/orders.service.ts";
import { createPaymentsService } from "./orders/payments.service.ts";
import { createQuotesService } from "./orders/quotes.service.ts";
import { createPricingVersionsService } from "./pricing/pricing-versions.service.ts";
import { createPricingService } from "./pricing/pricing.service.ts";
import { createCustomerMailService } from "./settings/customer-mail.service.ts";
import { createPreferencesService } from "./settings/preferences.service.ts";
import { createUnsubscribeTokens } from "./settings/unsubscribe-token.ts";
import { createUploadsService } from "./uploads/uploads.service.ts";

export interface DomainDeps {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Copies a link design's product photos. */
  fetcher: SafeFetcher;
  /** Defaults to local disk under DATA_DIR/uploads. */
  storage?: Storage | undefined;
  /** Throttles (the public lead form's). */
  rateLimits: RateLimitStore;
  /** Throttle for POST /api/leads/ per IP; tests tighten it. */
  leadLimit?: LeadLimit | undefined;
  /** Live updates to open pages (server-sent events); publishing does nothing until wired. */
  live?: LiveEvents | undefined;
}

/**
 * The composition root of the domain services that call one another: audit, uploads, pricing,
 * notifications, the order lifecycle (orders, quotes, payments, CAD) and designs. Each module's
 * plugin registers routes over the services it is handed; services call each other, never
 * another module's repository.
 */
export async function createDomainServices(deps: DomainDeps) {
  const { db, config, clock, mailer, logger } = deps;
  const storage = deps.storage ?? createLocalStorage(path.join(config.dataDir, "uploads"));
  const signer = createFileUrlSigner({ secret: await resolveFileUrlSecret(config.fileUrlSecret, config.dataDir), clock });
  const tmpDir = path.join(config.dataDir, "tmp", "uploads");
  const publicUrl = config.publicUrl;
  const live = deps.live ?? noLiveEvents;

  // Removing a design's image asks the orders module whether the design may change and marks the
  // design updated; both services are built after uploads, so they are bound late.
  const late: { orders?: OrdersService; designs?: DesignsService; certificates?: CertificatesService } = {};
  const uploads = createUploadsService({
    db,
    storage,
    signer,
    clock,
    publicUrl,
    tmpDir,
    // Alone on DATA_DIR with the embedded database; with PostgreSQL another instance may be mid-upload.
    tmpSweepAgeMs: config.databaseUrl ? 15 * 60_000 : 0,
    beforeDesignImageRemoved: async (tx, designId) => {
      await late.orders?.assertDesignEditable(tx, designId);
      await late.designs?.touch(tx, designId);
    },
  });
  const audit = createAuditService({ db, clock, publicUrl });
  const pricing = createPricingService({ db });
  const unsubscribeSecret = await resolveFileUrlSecret(config.unsubscribeSecret, config.dataDir, "unsubscribe-key");
  const preferences = createPreferencesService({ db, clock, publicUrl, tokens: createUnsubscribeTokens(unsubscribeSecret) });
  const notifications = createNotificationsService({ db, clock, publicUrl, live, preferences });
  const customerMail = createCustomerMailService({ db, mailer, preferences });
  const payment = { bankDetails: config.paymentBankDetails, upiId: config.paymentUpiId, contactEmail: config.contactEmail };
  // Conversations: an order's messages go through the orders service (bound late, built next).
  const messages = createMessagesService({
    db,
    clock,
    publicUrl,
    logger,
    mailer,
    customerMail,
    uploads,
    notifications,
    audit,
    live,
    orderComment: (actor, orderId, text, attachmentIds) => orders.comment(actor, orderId, text, attachmentIds),
  });
  const orders = createOrdersService({
    db,
    clock,
    publicUrl,
    logger,
    customerMail,
    pricing,
    notifications,
    uploads,
    payment,
    audit,
    messages,
    live,
    certificatesOf: (from, orderId) => late.certificates?.forOrder(from, orderId) ?? Promise.resolve([]),
  });
  late.orders = orders;
  const certificates = createCertificatesService({ db, clock, orders, uploads, notifications, audit, live });
  late.certificates = certificates;
  const quotes = createQuotesService({ db, clock, publicUrl, customerMail, orders, notifications, audit });
  const payments = createPaymentsService({ db, clock, publicUrl, orders, notifications, audit, customerMail });
  const cad = createCadService({ db, clock, publicUrl, customerMail, orders, uploads, notifications, audit });
  const designs = createDesignsService({ db, uploads, orders, clock, publicUrl, fetcher: deps.fetcher, logger });
  late.designs = designs;
  const pricingVersions = createPricingVersionsService({ db, pricing, designs, audit, publicUrl });
  const gallery = createGalleryService({ db, uploads, audit });
  const leads = createLeadService({
    db,
    mailer,
    clock,
    logger,
    contactEmail: config.contactEmail,
    rateLimits: deps.rateLimits,
    limit: deps.leadLimit,
    limitScale: config.rateLimitScale,
    audit,
    publicUrl,
  });

  return {
    live,
    storage,
    tmpDir,
    audit,
    uploads,
    pricing,
    pricingVersions,
    notifications,
    preferences,
    orders,
    quotes,
    payments,
    cad,
    certificates,
    designs,
    gallery,
    leads,
    messages,
  };
}

export type DomainServices = Awaited<ReturnType<typeof createDomainServices>>;

/** Start-up work: crash leftovers swept, the pricing table seeded, designs from before orders given theirs. */
export async function prepareDomain(services: DomainServices, logger: FastifyBaseLogger): Promise<void> {
  await services.uploads.sweepAbandoned();
  if (await services.pricing.seedIfEmpty()) logger.info("pricing seeded with the default tables");
  const posts = await services.gallery.seedIfEmpty();
  if (posts > 0) logger.info({ posts }, "gallery seeded with the house pieces");
  const made = await services.orders.backfill();
  if (made > 0) logger.info({ orders: made }, "orders created for designs saved before orders existed");
}
