import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import { createMailOutbox } from "../lib/jobs/mail-job.ts";
import { createJobQueue } from "../lib/jobs/queue.ts";
import type { Mailer } from "../lib/mail.ts";
import type { RateLimitStore } from "../lib/rate-limit.ts";
import type { SafeFetcher } from "../lib/safe-fetch.ts";
import { createFileUrlSigner, resolveFileUrlSecret } from "../lib/signed-url.ts";
import type { Storage } from "../lib/storage.ts";
import { openStorage } from "../lib/storage/configured.ts";
import { createAddressesService } from "./addresses/addresses.service.ts";
import { createAuditService } from "./audit/audit.service.ts";
import { createAuthService, type AuthLimits } from "./auth/auth.service.ts";
import { createCertificatesService, type CertificatesService } from "./certificates/certificates.service.ts";
import { createDesignsService, type DesignsService } from "./designs/designs.service.ts";
import { createLiveEventsService, type LiveEventsOptions } from "./events/events.service.ts";
import { createExtractionService } from "./extraction/extraction.service.ts";
import { createGalleryService } from "./gallery/gallery.service.ts";
import { createJobsService } from "./jobs/jobs.service.ts";
import { createLeadService, type LeadLimit } from "./leads/leads.service.ts";
import { createMessagesService } from "./messages/messages.service.ts";
import { createNotificationsService } from "./notifications/notifications.service.ts";
import { createInvoicesService } from "./invoices/invoices.service.ts";
import { createCadService } from "./orders/cad.service.ts";
import { createOrdersService, type OrdersService } from "./orders/orders.service.ts";
import { createPaymentsService } from "./orders/payments.service.ts";
import { createQuotesService } from "./orders/quotes.service.ts";
import { createRefundsService, type CreditNotes, type ProviderRegistry, type RefundsService } from "./refunds/refunds.service.ts";
import { createOnlinePaymentsService } from "./payments/online-payments.service.ts";
import { configuredProviders } from "./payments/providers.ts";
import { createPeopleService } from "./people/people.service.ts";
import { createPricingVersionsService } from "./pricing/pricing-versions.service.ts";
import { createPricingService } from "./pricing/pricing.service.ts";
import { createSearchService } from "./search/search.service.ts";
import { createCustomerMailService } from "./settings/customer-mail.service.ts";
import { createPreferencesService } from "./settings/preferences.service.ts";
import { createUnsubscribeTokens } from "./settings/unsubscribe-token.ts";
import { createUploadsService } from "./uploads/uploads.service.ts";
import { pruneExpiredIdempotencyKeys } from "../lib/idempotency.ts";

export interface ServicesDeps {
  database: Database;
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
  /** Sign-in and sign-up throttles; tests tighten them. */
  authLimits?: Partial<AuthLimits> | undefined;
  /** The sign-in slow-down's wait (tests record it instead of waiting). */
  loginDelay?: ((ms: number) => Promise<void>) | undefined;
  /** Live events' timings (tests shorten the heartbeat; the prune timer is off under NODE_ENV=test). */
  liveEvents?: Partial<LiveEventsOptions> | undefined;
  /** The online payment providers with keys (Razorpay, Stripe); none: manual payments only. Tests hand in fakes. */
  paymentProviders?: ProviderRegistry | undefined;
  /** Credit notes for succeeded refunds (the invoices module; wired at merge). */
  creditNotes?: CreditNotes | undefined;
}

/**
 * The composition root: every service is built here, once, from the process's dependencies
 * (accounts, live events, audit, uploads, pricing, notifications, the order lifecycle, designs,
 * messages, search, people, link extraction...). Each module's plugin registers routes over the
 * services it is handed (app.ts wires them); services call each other, never another module's
 * repository. Start-up work that needs them runs in `prepareServices`.
 */
export async function createServices(deps: ServicesDeps) {
  const { database, config, clock, mailer, logger, rateLimits } = deps;
  const db = database.db;
  // The durable queue: e-mails are written as jobs in the transaction of the change that causes
  // them and sent by the worker (started by the jobs module); periodic sweeps are jobs too, once
  // per period across every instance (registered at the end, once the services exist).
  const queue = createJobQueue({ db, clock, logger, options: config.jobs });
  const outbox = createMailOutbox(queue, mailer);
  const drainJobs = () => queue.drain();
  const auth = createAuthService({
    db,
    clock,
    outbox,
    drainJobs,
    rateLimits,
    publicUrl: config.publicUrl,
    limits: deps.authLimits ?? {},
    ...(deps.loginDelay && { delay: deps.loginDelay }),
    limitScale: config.rateLimitScale,
    onBackgroundError: (err) => logger.error({ err }, "background mail failed"),
  });
  // Live updates to open pages (server-sent events); started by prepareServices.
  const live = createLiveEventsService({
    database,
    clock,
    auth,
    logger,
    rateLimits,
    limitScale: config.rateLimitScale,
    options: {
      maxConnectionsPerUser: config.liveEventsMaxPerUser,
      ...deps.liveEvents,
      // Pruned by the periodic job below, once a minute across every instance.
      pruneIntervalMs: 0,
    },
  });
  const storage = deps.storage ?? (await openStorage(config, logger));
  const signer = createFileUrlSigner({ secret: await resolveFileUrlSecret(config.fileUrlSecret, config.dataDir), clock });
  const tmpDir = path.join(config.dataDir, "tmp", "uploads");
  const publicUrl = config.publicUrl;

  // Removing a design's image asks the orders module whether the design may change and marks the
  // design updated; both services are built after uploads, so they are bound late.
  const late: { orders?: OrdersService; designs?: DesignsService; certificates?: CertificatesService; refunds?: RefundsService } = {};
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
  const seller = { country: config.seller.country, state: config.seller.state };
  const pricing = createPricingService({ db, seller });
  const unsubscribeSecret = await resolveFileUrlSecret(config.unsubscribeSecret, config.dataDir, "unsubscribe-key");
  const preferences = createPreferencesService({ db, clock, publicUrl, tokens: createUnsubscribeTokens(unsubscribeSecret) });
  const notifications = createNotificationsService({ db, clock, publicUrl, live, preferences });
  const customerMail = createCustomerMailService({ outbox, preferences });
  const payment = { bankDetails: config.paymentBankDetails, upiId: config.paymentUpiId, contactEmail: config.contactEmail };
  // Conversations: an order's messages go through the orders service (bound late, built next).
  const messages = createMessagesService({
    db,
    clock,
    publicUrl,
    logger,
    outbox,
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
    drainJobs,
    certificatesOf: (from, orderId) => late.certificates?.forOrder(from, orderId) ?? Promise.resolve([]),
    refundsOf: (from, orderId) => late.refunds?.forOrder(from, orderId) ?? Promise.resolve([]),
  });
  late.orders = orders;
  const certificates = createCertificatesService({ db, clock, orders, uploads, notifications, audit, live });
  late.certificates = certificates;
  const quotes = createQuotesService({ db, clock, publicUrl, customerMail, orders, notifications, audit, pricing, seller });
  // Each captured payment gets its tax invoice in the capture's transaction (and each succeeded refund its credit note).
  const invoices = createInvoicesService({ db, clock, pricing, seller: config.seller });
  const payments = createPaymentsService({ db, clock, publicUrl, orders, notifications, audit, customerMail, invoices });
  // Razorpay and Stripe where their keys are set: checkouts and captures, and the refunds staff make through them.
  const onlineProviders = configuredProviders(config.paymentProviders);
  const refunds = createRefundsService({
    db,
    clock,
    publicUrl,
    orders,
    notifications,
    audit,
    customerMail,
    providers: deps.paymentProviders ?? { get: (name) => onlineProviders.find((p) => p.name === name) },
    invoices: deps.creditNotes ?? invoices,
  });
  late.refunds = refunds;
  const onlinePayments = createOnlinePaymentsService({
    db,
    clock,
    publicUrl,
    orders,
    payments,
    providers: onlineProviders,
    razorpayScriptUrl: config.paymentProviders.razorpay?.checkoutScriptUrl ?? null,
    // A provider's refund webhook settles the refund staff started (found by the refund id it carries as metadata).
    refunds: {
      async settleProviderRefund(tx, later, report) {
        await refunds.settleProviderRefund(tx, later, report);
        return "settled";
      },
    },
  });
  const cad = createCadService({ db, clock, publicUrl, customerMail, orders, uploads, notifications, audit });
  const designs = createDesignsService({ db, uploads, orders, clock, publicUrl, fetcher: deps.fetcher, logger });
  late.designs = designs;
  const pricingVersions = createPricingVersionsService({ db, pricing, designs, audit, publicUrl });
  const gallery = createGalleryService({ db, uploads, audit });
  const leads = createLeadService({
    db,
    outbox,
    clock,
    logger,
    contactEmail: config.contactEmail,
    rateLimits: deps.rateLimits,
    limit: deps.leadLimit,
    limitScale: config.rateLimitScale,
    audit,
    publicUrl,
  });

  const addresses = createAddressesService({ db, clock, orders });
  const search = createSearchService({ db });
  const people = createPeopleService({ db, publicUrl, auth, audit, orders });
  const extraction = createExtractionService({ fetcher: deps.fetcher });
  const jobs = createJobsService({ db, clock, queue, publicUrl });

  // Periodic work, each run once per period in total whichever instance enqueues it first.
  // Lapsed quotes also expire on every customer read; this catches the orders nobody reads.
  queue.every({ name: "sweep:orders", periodMs: 60_000 }, async () => {
    await orders.sweep();
  });
  queue.every({ name: "prune:live-events", periodMs: 60_000 }, () => live.prune());
  // Idempotency keys live a day; expired ones go once per ten minutes across all instances.
  queue.every({ name: "prune:idempotency-keys", periodMs: 10 * 60_000 }, async () => {
    await pruneExpiredIdempotencyKeys(db, clock.now());
  });
  queue.every({ name: "prune:jobs", periodMs: 60 * 60_000 }, async () => {
    await jobs.prune();
  });
  // Stored files no row refers to (older than an hour) removed, rows whose file is gone logged: daily.
  queue.every({ name: "sweep:storage", periodMs: 24 * 60 * 60_000 }, async () => {
    await uploads.sweepStorage(logger);
  });

  return {
    auth,
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
    refunds,
    invoices,
    onlinePayments,
    cad,
    certificates,
    designs,
    gallery,
    leads,
    messages,
    search,
    people,
    extraction,
    jobs,
    addresses,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * Start-up work: live events listening, crash leftovers swept, the pricing table seeded, designs
 * from before orders given theirs.
 */
export async function prepareServices(services: Services, logger: FastifyBaseLogger): Promise<void> {
  await services.live.start();
  await services.uploads.sweepAbandoned();
  if (await services.pricing.seedIfEmpty()) logger.info("pricing seeded with the default tables");
  const posts = await services.gallery.seedIfEmpty();
  if (posts > 0) logger.info({ posts }, "gallery seeded with the house pieces");
  const made = await services.orders.backfill();
  if (made > 0) logger.info({ orders: made }, "orders created for designs saved before orders existed");
}
