import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { JOB_STALE_PENDING_SECONDS, MAX_IMAGE_BYTES } from "@atelier/contract";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { systemClock, type Clock } from "./lib/clock.ts";
import { AppError, ErrorFieldError, FieldConflictError, ThrottledError, UnauthorizedError, ValidationError } from "./lib/errors.ts";
import { fieldErrorsFromZod, pathOfPointer } from "./lib/field-errors.ts";
import { installIdempotency } from "./lib/idempotency.ts";
import { isDatabaseUnavailable } from "./lib/db-errors.ts";
import { installMetrics } from "./lib/metrics.ts";
import { openApiTransform } from "./lib/openapi.ts";
import { installSecurityHeaders } from "./lib/security-headers.ts";
import { clientErrorHandler, frameworkErrorHandler, installInputGuards } from "./lib/input-guards.ts";
import type { Mailer } from "./lib/mail.ts";
import { createSafeFetcher, type SafeFetcher } from "./lib/safe-fetch.ts";
import type { Storage } from "./lib/storage.ts";
import { extractionModule } from "./modules/extraction/extraction.routes.ts";
import { createDbRateLimitStore, type RateLimitStore } from "./lib/rate-limit.ts";
import type { AuthenticatedUser, AuthLimits } from "./modules/auth/auth.service.ts";
import { addressesModule } from "./modules/addresses/index.ts";
import { auditModule } from "./modules/audit/index.ts";
import { certificatesModule } from "./modules/certificates/index.ts";
import { authModule } from "./modules/auth/auth.routes.ts";
import { designEstimateModule } from "./modules/designs/design-estimate.routes.ts";
import { designsModule } from "./modules/designs/designs.routes.ts";
import { notificationsModule } from "./modules/notifications/index.ts";
import { ordersModule } from "./modules/orders/index.ts";
import { refundsModule } from "./modules/refunds/index.ts";
import type { CreditNotes, ProviderRegistry } from "./modules/refunds/refunds.service.ts";
import { invoicesModule } from "./modules/invoices/index.ts";
import { jobsModule } from "./modules/jobs/index.ts";
import { peopleModule } from "./modules/people/index.ts";
import { paymentsModule } from "./modules/payments/index.ts";
import { paymentCsp } from "./modules/payments/providers.ts";
import { eventsModule } from "./modules/events/index.ts";
import type { LiveEventsOptions } from "./modules/events/events.service.ts";
import { createServices, prepareServices, type Services } from "./modules/services.ts";
import { uploadsModule } from "./modules/uploads/uploads.routes.ts";
import { healthModule, type ReadinessCheck, type ReadinessChecks, type ReadinessState } from "./modules/health/health.routes.ts";
import type { JobQueue } from "./lib/jobs/queue.ts";
import { galleryModule } from "./modules/gallery/index.ts";
import { leadsModule } from "./modules/leads/index.ts";
import { messagesModule } from "./modules/messages/index.ts";
import { pricingModule } from "./modules/pricing/index.ts";
import type { LeadLimit } from "./modules/leads/leads.service.ts";
import { searchModule } from "./modules/search/index.ts";
import { settingsModule } from "./modules/settings/index.ts";
import { siteModule } from "./modules/site/site.routes.ts";
import { createPageSender } from "./modules/site/web-pages.ts";

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module "fastify" {
  interface FastifyInstance {
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    authUser: AuthenticatedUser | null;
    /** The signed-in user; only call on a route with `onRequest: app.authenticate` (or a staff guard). */
    auth(): AuthenticatedUser;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  clock?: Clock;
  rateLimits?: RateLimitStore;
  /** Fetches product pages (extraction) and product photos (link designs); tests hand in one with their own allow-list. */
  fetcher?: SafeFetcher;
  authLimits?: Partial<AuthLimits>;
  /** The sign-in slow-down's wait (tests record it instead of waiting). */
  loginDelay?: (ms: number) => Promise<void>;
  /** Where uploaded files live; defaults to local disk under DATA_DIR/uploads. */
  storage?: Storage;
  /** Throttle for POST /api/leads/ per IP; tests tighten it. */
  leadLimit?: LeadLimit;
  /** Live events' timings (tests shorten the heartbeat and turn the prune timer off). */
  liveEvents?: Partial<LiveEventsOptions>;
  /** Run the durable job queue's worker in this process (default); `buildTestApp` turns it off and drains by hand. */
  jobWorker?: boolean;
  /** What readiness asks beyond the database and storage (Redis when configured). */
  readinessChecks?: ReadinessChecks;
  /** The online payment providers with keys (refunds go through them); tests hand in fakes. */
  paymentProviders?: ProviderRegistry;
  /** Credit notes for succeeded refunds (the invoices module). */
  creditNotes?: CreditNotes;
}

export interface App {
  app: AppInstance;
  services: Services;
  /** Set `draining` when a shutdown begins: readiness fails and new requests are turned away. */
  readiness: ReadinessState;
}

/** Seconds a client is asked to wait when the database is away or the instance is restarting. */
export const RETRY_AFTER_SECONDS = 5;

export const JSON_BODY_LIMIT = 1024 * 1024;
export const FILE_SIZE_LIMIT = 10 * 1024 * 1024;
export const FILES_PER_REQUEST = 10;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, mailer, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const rateLimits =
    deps.rateLimits ??
    createDbRateLimitStore(database.db, clock, { onPruneError: (err) => logger.error({ err }, "rate-limit counters prune failed") });

  const appLogger: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance: appLogger,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // While draining, the hook below answers in the spec's shape (with Retry-After) instead.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  installInputGuards(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const readiness: ReadinessState = { draining: false };
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("x-request-id", req.id);
    // A request arriving on a kept-alive connection after shutdown began goes to another instance.
    if (readiness.draining && !req.url.startsWith("/api/health/")) {
      void reply
        .code(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .header("connection", "close")
        .send({ detail: "The server is restarting. Please try again in a few seconds." });
      return;
    }
    done();
  });
  const metrics = installMetrics(app, { database, token: config.metricsToken, production: config.nodeEnv === "production" });

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the CAD viewer compile its own WebAssembly (3DM, STEP readers); no eval of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...paymentCsp(config.paymentProviders).scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:", "http:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...paymentCsp(config.paymentProviders).connectSrc],
        frameSrc: ["'self'", ...paymentCsp(config.paymentProviders).frameSrc],
        mediaSrc: ["'self'", "blob:"],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith("https:") ? undefined : false,
  });

  await app.register(multipart, {
    limits: { fileSize: FILE_SIZE_LIMIT, files: FILES_PER_REQUEST, fields: 50, fieldSize: 256 * 1024, parts: 100 },
  });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Aurelia Atelier API", version: "1.0.0", description: "Custom certified jewellery: designs, quotes, orders." },
      components: { securitySchemes: { token: { type: "apiKey", in: "header", name: "Authorization", description: "Token <key>" } } },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", { schema: { hide: true } }, () => app.swagger());

  // One safe fetcher for product pages (extraction) and product photos (a link design's images).
  const fetcher = deps.fetcher ?? createSafeFetcher({ allowedHosts: config.extractAllowedHosts, maxImageBytes: MAX_IMAGE_BYTES });
  const services = await createServices({
    database,
    config,
    clock,
    mailer,
    logger: appLogger,
    fetcher,
    storage: deps.storage,
    rateLimits,
    leadLimit: deps.leadLimit,
    authLimits: deps.authLimits,
    loginDelay: deps.loginDelay,
    liveEvents: deps.liveEvents,
    paymentProviders: deps.paymentProviders,
    creditNotes: deps.creditNotes,
  });
  metrics.watchQueue(services.jobs.queue);
  const { auth } = services;

  app.decorateRequest("authUser", null);
  app.decorateRequest("auth", function (this: FastifyRequest) {
    if (!this.authUser) throw new UnauthorizedError();
    return this.authUser;
  });
  app.decorate("authenticate", async (req: FastifyRequest) => {
    const header = req.headers.authorization;
    if (!header) throw new UnauthorizedError("Authentication credentials were not provided.");
    const match = /^Token\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new UnauthorizedError("Invalid token header. No credentials provided.");
    req.authUser = await auth.authenticate(match[1]);
  });
  // An answer to a signed-in caller (or to one presenting a token) is theirs alone: no shared cache
  // may keep it and no browser may store it. Routes that say otherwise (signed files) set their own.
  app.addHook("onSend", (req, reply, payload, done) => {
    if ((req.authUser || req.headers.authorization !== undefined) && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "private, no-store");
    }
    done(null, payload);
  });

  app.setErrorHandler((err, req, reply) => {
    // Error bodies have the spec's shapes, not the route's success schema: serialize them as they are.
    reply.serializer(JSON.stringify).type("application/json; charset=utf-8");
    if (hasZodFastifySchemaValidationErrors(err)) {
      if (err.validationContext === "querystring" || err.validationContext === "params") {
        const isPage = err.validation.some((v) => v.instancePath === "/page");
        return reply.code(isPage ? 404 : 400).send({ detail: isPage ? "Invalid page." : "Invalid request parameters." });
      }
      const issues = err.validation.map((v) => ({ path: pathOfPointer(v.instancePath), message: v.message ?? "Invalid value." }));
      return reply.code(400).send(fieldErrorsFromZod(issues));
    }
    if (err instanceof ThrottledError) {
      return reply.code(429).header("retry-after", String(err.retryAfterSeconds)).send({ detail: err.message });
    }
    if (err instanceof ValidationError) return reply.code(400).send(err.fields);
    if (err instanceof FieldConflictError) return reply.code(409).send(err.fields);
    if (err instanceof ErrorFieldError) return reply.code(err.status).send({ error: err.message });
    if (err instanceof UnauthorizedError) return reply.code(401).header("www-authenticate", "Token").send({ detail: err.message });
    if (err instanceof AppError) return reply.code(err.status).send({ detail: err.message });
    // A path the static files plugin will not look up (too long, an alias): a missing file to the client.
    if ((err as { code?: string }).code === "FST_STATIC_FORBIDDEN_PATH") return reply.code(404).send({ detail: "Not found." });
    // The database restarting or out of reach: a short wait, not a failure (the pool reconnects by itself).
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send({ detail: "The service is briefly unavailable. Please try again in a few seconds." });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: clientMessage(err as { code?: string; message: string }, status) });
    }
    req.log.error({ err }, "unhandled error");
    return reply.code(500).send({ detail: "A server error occurred." });
  });

  installIdempotency(app, { db: database.db, clock });
  await app.register(healthModule, {
    database,
    storage: services.storage,
    checks: { queue: queueReadiness(services.jobs.queue, clock), ...deps.readinessChecks },
    state: readiness,
  });
  await app.register(authModule, { auth });
  // Module routes, one line each (designs, uploads, extraction, gallery, leads, ...), over the
  // services built once in modules/services.ts.
  await prepareServices(services, appLogger);
  await app.register(eventsModule, { events: services.live });
  await app.register(uploadsModule, { uploads: services.uploads });
  await app.register(designsModule, { designs: services.designs, tmpDir: services.tmpDir });
  await app.register(designEstimateModule, { pricing: services.pricing, rateLimits, limitScale: config.rateLimitScale });
  await app.register(ordersModule, {
    ...services,
    publicUrl: config.publicUrl,
    tmpDir: services.tmpDir,
  });
  await app.register(refundsModule, { refunds: services.refunds });
  await app.register(invoicesModule, { invoices: services.invoices });
  await app.register(paymentsModule, { online: services.onlinePayments });
  await app.register(notificationsModule, { notifications: services.notifications });
  await app.register(certificatesModule, { certificates: services.certificates, tmpDir: services.tmpDir });
  await app.register(settingsModule, { preferences: services.preferences });
  await app.register(searchModule, { search: services.search });
  await app.register(auditModule, { audit: services.audit });
  await app.register(addressesModule, { addresses: services.addresses, orders: services.orders });
  await app.register(peopleModule, { people: services.people });
  // The durable job queue's admin routes, and its worker's start and stop with the app.
  await app.register(jobsModule, { jobs: services.jobs, runWorker: deps.jobWorker ?? true });
  await app.register(galleryModule, { gallery: services.gallery, tmpDir: services.tmpDir });
  await app.register(leadsModule, { leads: services.leads });
  await app.register(messagesModule, { messages: services.messages, tmpDir: services.tmpDir });
  await app.register(pricingModule, { pricingVersions: services.pricingVersions });
  await app.register(siteModule, { config });
  await app.register(extractionModule, {
    extraction: services.extraction,
    rateLimits,
    limitScale: config.rateLimitScale,
  });

  await registerWebApp(app, config.webDistDir, config.publicUrl);

  return { app, services, readiness };
}

/** Messages for Fastify's own 4xx errors, without internals. */
function clientMessage(err: { code?: string; message: string }, status: number): string {
  switch (err.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "JSON parse error - the request body is not valid JSON.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_REQ_FILE_TOO_LARGE":
      return "Request body is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported media type in request.";
    case "FST_FILES_LIMIT":
    case "FST_PARTS_LIMIT":
      return "Too many files in one request.";
    default:
      return status === 404 ? "Not found." : status === 413 ? "Request body is too large." : "Bad request.";
  }
}

/**
 * The CAD viewer's model worker runs under its own policy (a worker's is the one its script is
 * served with): the Rhino and STEP readers are Emscripten builds whose bindings make functions
 * with `new Function`, so the worker, and only it, allows 'unsafe-eval'. It has no DOM, takes a
 * file's bytes and answers typed arrays; the page's policy stays without it.
 */
const CAD_WORKER_FILE = /^model\.worker-[\w-]+\.js(?:\.br|\.gz)?$/;
const CAD_WORKER_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; connect-src 'self' blob: data:";

/**
 * The built web app: hashed assets cached for a year (pre-compressed .br/.gz served when
 * accepted), prerendered pages where they exist (index.html is the prerendered home), and the
 * app shell (app.html; index.html in a build without prerendering) for every other non-API
 * path (client-side routes). HTML goes through `sendPage`, which fills in PUBLIC_URL.
 */
async function registerWebApp(app: AppInstance, distDir: string, publicUrl: string): Promise<void> {
  const indexFile = path.join(distDir, "index.html");
  const hasWeb = fs.existsSync(indexFile);
  const shell = fs.existsSync(path.join(distDir, "app.html")) ? "app.html" : "index.html";
  const sendPage = createPageSender(distDir, publicUrl);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      serve: true,
      cacheControl: false,
      preCompressed: true,
      // The build's own marks (.build.json, .running/) are not the site's.
      dotfiles: "ignore",
      // Files only: pages and client-side routes (no extension) and HTML go through sendPage below.
      // Nothing under /api/ is a file: those fall through to the API's 404.
      allowedPath: (pathName) => !pathName.startsWith("/api/") && ![".html", ""].includes(path.posix.extname(pathName)),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        if (CAD_WORKER_FILE.test(path.basename(filePath))) res.header("content-security-policy", CAD_WORKER_CSP);
      },
    });
  }
  if (hasWeb) {
    // The static plugin refuses directory URLs ("/", "/gallery/"): the home page is answered
    // here, and a page address with a trailing slash redirects to the one without (canonical).
    app.get("/", { schema: { hide: true } }, (req, reply) => sendPage(req, reply, prerenderedFile(distDir, "/") ?? shell));
    app.addHook("onRequest", async (req, reply) => {
      const [pathname = "/", query] = req.url.split("?");
      if (
        (req.method === "GET" || req.method === "HEAD") &&
        pathname.length > 1 &&
        pathname.endsWith("/") &&
        !pathname.startsWith("/api/")
      ) {
        return reply.redirect(pathname.replace(/\/+$/, "") + (query === undefined ? "" : `?${query}`), 301);
      }
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split("?")[0] ?? "/";
    if (url === "/api" || url.startsWith("/api/")) return reply.code(404).send({ detail: "Not found." });
    if (req.method !== "GET" && req.method !== "HEAD") return reply.code(404).send({ detail: "Not found." });
    if (!hasWeb) return reply.code(404).type("text/plain").send("The web app is not built. Run `npm run build`.");
    return sendPage(req, reply, prerenderedFile(distDir, url) ?? shell);
  });
}

function prerenderedFile(distDir: string, url: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return null;
  }
  const rel = path.posix.normalize(decoded).replace(/^\/+|\/+$/g, "");
  if (rel.includes("..")) return null;
  const candidate = rel ? `${rel}/index.html` : "index.html";
  return fs.existsSync(path.join(distDir, candidate)) ? candidate : null;
}

/** Readiness of the durable queue: it answers, and its oldest pending job has not waited too long (a stuck worker). */
function queueReadiness(queue: Pick<JobQueue, "health">, clock: Clock): ReadinessCheck {
  return {
    critical: false,
    check: async () => {
      const { oldestPendingAt } = await queue.health();
      const waited = oldestPendingAt ? (clock.now().getTime() - oldestPendingAt.getTime()) / 1000 : 0;
      if (waited > JOB_STALE_PENDING_SECONDS) throw new Error(`the oldest pending job has waited ${Math.round(waited)} s`);
    },
  };
}
