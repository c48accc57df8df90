import crypto from "node:crypto";
import path from "node:path";
import { gstinProblem } from "@atelier/contract";
import { z } from "zod";
import { paymentProvidersOf, paymentProvidersSchema, type PaymentProvidersConfig } from "./config-payments.ts";
import { defaultWebDistDir } from "./lib/package-root.ts";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Aurelia Atelier <no-reply@localhost>"),
  CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  CONTACT_PHONE: z.preprocess(emptyToUndefined, z.string().optional()),
  SOCIAL_INSTAGRAM: optionalUrl,
  SOCIAL_FACEBOOK: optionalUrl,
  SOCIAL_PINTEREST: optionalUrl,
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  REDIS_URL: optionalUrl,
  EXTRACT_ALLOWED_HOSTS: z.string().default(""),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
  LIVE_EVENTS_MAX_PER_USER: z.coerce.number().int().min(1).max(100_000).default(10),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  WEB_DIST_DIR: z.string().optional(),
  FILE_URL_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "Use at least 32 characters.").optional()),
  UNSUBSCRIBE_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "Use at least 32 characters.").optional()),
  APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "Use at least 32 characters.").optional()),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "Use at least 16 characters.").optional()),
  PAYMENT_BANK_DETAILS: z.preprocess(emptyToUndefined, z.string().max(2000).optional()),
  PAYMENT_UPI_ID: z.preprocess(emptyToUndefined, z.string().regex(/^[\w.-]{2,256}@[\w.-]{2,64}$/, "Use a UPI id such as atelier@bank.").optional()),
  // The seller on quotes and tax documents; SELLER_COUNTRY and SELLER_STATE decide the tax (GST split).
  SELLER_LEGAL_NAME: z.preprocess(emptyToUndefined, z.string().trim().max(200).default("Aurelia Atelier")),
  SELLER_ADDRESS: z.preprocess(emptyToUndefined, z.string().trim().max(500).optional()),
  SELLER_STATE: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  SELLER_COUNTRY: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toUpperCase() : undefined),
    z.string().regex(/^[A-Z]{2}$/, "Use the two-letter ISO country code, e.g. IN.").default("IN"),
  ),
  SELLER_GSTIN: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toUpperCase() : undefined),
    z
      .string()
      .superRefine((v, ctx) => {
        const problem = gstinProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  ),
  // The durable job queue (e-mails, sweeps) and the SMTP client's timeouts.
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1_000),
  JOBS_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  JOBS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1_000).default(20),
  JOBS_BACKOFF_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  JOBS_BACKOFF_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(600_000),
});

// ---- Object storage (S3-compatible) ----
// S3_BUCKET set: every stored file goes to that bucket; unset: local disk under DATA_DIR/uploads.
// Credentials come from the AWS SDK's standard chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, an instance role).
const s3Schema = z
  .object({
    S3_BUCKET: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "Use an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens).").optional()),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9-]{2,32}$/, "Use a region name such as eu-west-1.").optional()),
    S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.S3_BUCKET && (v.S3_ENDPOINT || v.S3_REGION || v.S3_FORCE_PATH_STYLE)) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "Set S3_BUCKET too (the other S3 keys only apply to a bucket), or leave them all unset." });
    }
  });

export type S3Config = Readonly<{ bucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean }>;

function s3ConfigOf(e: z.infer<typeof s3Schema>, env: NodeJS.ProcessEnv): S3Config | undefined {
  if (!e.S3_BUCKET) return undefined;
  return Object.freeze({
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    // Unset: the SDK's own AWS_REGION, else us-east-1 (what S3-compatible servers usually accept).
    region: e.S3_REGION ?? (env.AWS_REGION || "us-east-1"),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
  });
}
// ---- end of object storage ----

export type Config = Readonly<{
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string | undefined;
  contactPhone: string | undefined;
  /** Social profile links shown in the footer; only the configured ones appear. */
  socialLinks: Readonly<{ instagram?: string; facebook?: string; pinterest?: string }>;
  logLevel: (typeof LOG_LEVELS)[number];
  redisUrl: string | undefined;
  extractAllowedHosts: string[];
  /** Multiplies every throttle limit (1 in production; higher for load tests and browser suites). */
  rateLimitScale: number;
  /** Live event streams one user may hold open on one instance (10; the events bench raises it). */
  liveEventsMaxPerUser: number;
  trustProxy: boolean;
  webDistDir: string;
  /**
   * HMAC secret of signed file URLs: FILE_URL_SECRET, else derived from APP_SECRET; when neither is
   * set (embedded database only), one is made and kept in DATA_DIR/secret-key.
   */
  fileUrlSecret: string | undefined;
  /** HMAC secret of the e-mails' unsubscribe links: UNSUBSCRIBE_SECRET, else derived from APP_SECRET, else DATA_DIR/unsubscribe-key. */
  unsubscribeSecret: string | undefined;
  /** Bearer token `/metrics` asks for; unset: open outside production, 404 in production. */
  metricsToken: string | undefined;
  /** How customers pay an advance or balance by bank transfer: lines separated by "|" or new lines. */
  paymentBankDetails: string[];
  paymentUpiId: string | undefined;
  /** The bucket every stored file goes to; undefined: local disk under DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Online payment providers with all their keys set (config-payments.ts); neither: manual transfers only. */
  paymentProviders: PaymentProvidersConfig;
  /** Connection, greeting and socket timeout of the SMTP client (an SMTP server that never answers). */
  smtpTimeoutMs: number;
  /**
   * The seller: legal name and address as printed on quotes and tax documents; `country` (ISO, IN by
   * default) and `state` decide the tax (an empty state: every Indian delivery is taken as intra-state);
   * `gstin` only when configured (never made up).
   */
  seller: Seller;
  /** The durable job queue: poll interval, claim lease, attempts before a job fails, retry backoff. */
  jobs: Readonly<{ pollMs: number; leaseMs: number; maxAttempts: number; backoffBaseMs: number; backoffMaxMs: number }>;
}>;

export type Seller = Readonly<{ legalName: string; address: string; state: string; country: string; gstin: string | undefined }>;

export class ConfigError extends Error {}

/** Why a server on PostgreSQL refuses to start without shared secrets (quoted in the README). */
export const SHARED_SECRETS_REQUIRED =
  "DATABASE_URL is set, so several instances may share this database: set APP_SECRET (or both FILE_URL_SECRET and UNSUBSCRIBE_SECRET) to the same value of at least 32 characters on every instance, so that file links and unsubscribe links signed by one instance are accepted by all.";

/**
 * One purpose's secret from the APP_SECRET master key (HKDF-SHA256): each purpose gets its own
 * key, and none of them reveals the master or another purpose's key.
 */
export function deriveSecret(master: string, purpose: "file-url" | "unsubscribe"): string {
  return Buffer.from(crypto.hkdfSync("sha256", master, "aurelia-atelier", `${purpose} v1`, 32)).toString("base64url");
}

/** Parses the environment once at start; a bad value fails with a readable list of every problem. */
/**
 * Relative paths are taken from where the command was typed: npm runs workspace scripts inside
 * the workspace, but sets INIT_CWD to the folder `npm start` was run from (the repository root).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = env.INIT_CWD ?? process.cwd()): Config {
  const parsed = configSchema.safeParse(env);
  const s3Parsed = s3Schema.safeParse(env);
  const providersParsed = paymentProvidersSchema.safeParse(env);
  if (!parsed.success || !s3Parsed.success || !providersParsed.success) {
    const issues = [...(parsed.error?.issues ?? []), ...(s3Parsed.error?.issues ?? []), ...(providersParsed.error?.issues ?? [])];
    const lines = issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.SELLER_GSTIN && e.SELLER_COUNTRY !== "IN") {
    throw new ConfigError(`Invalid configuration:\n  - SELLER_GSTIN: A GSTIN is an Indian registration; SELLER_COUNTRY is ${e.SELLER_COUNTRY}.`);
  }
  const fileUrlSecret = e.FILE_URL_SECRET ?? (e.APP_SECRET && deriveSecret(e.APP_SECRET, "file-url"));
  const unsubscribeSecret = e.UNSUBSCRIBE_SECRET ?? (e.APP_SECRET && deriveSecret(e.APP_SECRET, "unsubscribe"));
  // Secrets generated into one instance's DATA_DIR would differ between instances (and be lost with the disk).
  if (e.DATABASE_URL && (!fileUrlSecret || !unsubscribeSecret)) throw new ConfigError(SHARED_SECRETS_REQUIRED);
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    contactPhone: e.CONTACT_PHONE,
    socialLinks: Object.freeze({
      ...(e.SOCIAL_INSTAGRAM && { instagram: e.SOCIAL_INSTAGRAM }),
      ...(e.SOCIAL_FACEBOOK && { facebook: e.SOCIAL_FACEBOOK }),
      ...(e.SOCIAL_PINTEREST && { pinterest: e.SOCIAL_PINTEREST }),
    }),
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    liveEventsMaxPerUser: e.LIVE_EVENTS_MAX_PER_USER,
    extractAllowedHosts: e.EXTRACT_ALLOWED_HOSTS.split(",").map((s) => s.trim()).filter(Boolean),
    trustProxy: e.TRUST_PROXY === "true",
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : defaultWebDistDir(),
    fileUrlSecret,
    unsubscribeSecret,
    metricsToken: e.METRICS_TOKEN,
    paymentBankDetails: (e.PAYMENT_BANK_DETAILS ?? "").split(/\||\n/).map((s) => s.trim()).filter(Boolean),
    paymentUpiId: e.PAYMENT_UPI_ID,
    s3: s3ConfigOf(s3Parsed.data, env),
    paymentProviders: paymentProvidersOf(providersParsed.data),
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
    seller: Object.freeze({
      legalName: e.SELLER_LEGAL_NAME,
      address: e.SELLER_ADDRESS ?? "",
      state: e.SELLER_STATE ?? "",
      country: e.SELLER_COUNTRY,
      gstin: e.SELLER_GSTIN,
    }),
    jobs: Object.freeze({
      pollMs: e.JOBS_POLL_MS,
      leaseMs: e.JOBS_LEASE_MS,
      maxAttempts: e.JOBS_MAX_ATTEMPTS,
      backoffBaseMs: e.JOBS_BACKOFF_BASE_MS,
      backoffMaxMs: Math.max(e.JOBS_BACKOFF_MAX_MS, e.JOBS_BACKOFF_BASE_MS),
    }),
  });
}
