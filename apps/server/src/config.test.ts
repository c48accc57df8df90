import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, deriveSecret, loadConfig, SHARED_SECRETS_REQUIRED } from "./config.ts";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const c = loadConfig({}, "/srv/app");
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve("/srv/app/data"));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.logLevel).toBe("info");
    expect(Object.isFrozen(c)).toBe(true);
  });

  it("takes relative paths from where npm was started (INIT_CWD), not the workspace folder", () => {
    expect(loadConfig({ INIT_CWD: "/srv/app" }).dataDir).toBe(path.resolve("/srv/app/data"));
    expect(loadConfig({ INIT_CWD: "/srv/app", DATA_DIR: "/var/lib/atelier" }).dataDir).toBe("/var/lib/atelier");
  });

  it("fails with a readable list of every bad key", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "nope", LOG_LEVEL: "loud" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "nope", LOG_LEVEL: "loud" });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toContain("- PORT:");
      expect(message).toContain("- DATABASE_URL:");
      expect(message).toContain("- LOG_LEVEL:");
    }
  });

  it("reads the allow-list of extraction hosts and trims PUBLIC_URL", () => {
    const c = loadConfig({ EXTRACT_ALLOWED_HOSTS: "127.0.0.1:4000, localhost:4000", PUBLIC_URL: "https://atelier.example/" });
    expect(c.extractAllowedHosts).toEqual(["127.0.0.1:4000", "localhost:4000"]);
    expect(c.publicUrl).toBe("https://atelier.example");
  });

  it("offers an online payment provider only with all of its keys, and refuses half a set", () => {
    expect(loadConfig({}).paymentProviders).toEqual({ razorpay: undefined, stripe: undefined });
    expect(loadConfig({ RAZORPAY_KEY_ID: "", STRIPE_SECRET_KEY: "" }).paymentProviders).toEqual({ razorpay: undefined, stripe: undefined });
    const both = loadConfig({
      RAZORPAY_KEY_ID: "rzp_live_abc123",
      RAZORPAY_KEY_SECRET: "secret",
      RAZORPAY_WEBHOOK_SECRET: "hook-secret",
      STRIPE_SECRET_KEY: "sk_live_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123",
      STRIPE_API_URL: "http://127.0.0.1:12111/",
    }).paymentProviders;
    expect(both.razorpay).toEqual({
      keyId: "rzp_live_abc123",
      keySecret: "secret",
      webhookSecret: "hook-secret",
      apiUrl: "https://api.razorpay.com",
      checkoutScriptUrl: "https://checkout.razorpay.com/v1/checkout.js",
    });
    expect(both.stripe).toEqual({ secretKey: "sk_live_abc123", webhookSecret: "whsec_abc123", apiUrl: "http://127.0.0.1:12111" });
    expect(() => loadConfig({ RAZORPAY_KEY_ID: "rzp_live_abc123" })).toThrow(
      "RAZORPAY_KEY_SECRET: Set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET together (missing RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET), or leave them all unset.",
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow("STRIPE_SECRET_KEY: Use a Stripe secret key such as sk_live_….");
  });

  it("reads the object storage keys: S3_BUCKET turns the bucket on, the others need it", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: "" }).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: "atelier-files" }).s3).toEqual({
      bucket: "atelier-files",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
    });
    expect(loadConfig({ S3_BUCKET: "atelier-files", AWS_REGION: "ap-south-1" }).s3?.region).toBe("ap-south-1");
    expect(
      loadConfig({ S3_BUCKET: "atelier-files", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "eu-west-1", S3_FORCE_PATH_STYLE: "true" })
        .s3,
    ).toEqual({ bucket: "atelier-files", endpoint: "http://127.0.0.1:9000", region: "eu-west-1", forcePathStyle: true });
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000", PORT: "eighty" })).toThrow(
      /- PORT:.*\n.*- S3_BUCKET: Set S3_BUCKET too \(the other S3 keys only apply to a bucket\), or leave them all unset\./s,
    );
    expect(() => loadConfig({ S3_BUCKET: "Atelier_Files", S3_FORCE_PATH_STYLE: "yes" })).toThrow(
      /- S3_BUCKET: Use an S3 bucket name.*- S3_FORCE_PATH_STYLE:/s,
    );
  });

  describe("shared secrets", () => {
    const master = "correct-horse-battery-staple-0123456789";
    const pg = "postgres://app@db.internal:5432/atelier";

    it("leaves both unset with the embedded database (they are generated into DATA_DIR)", () => {
      const c = loadConfig({});
      expect(c.fileUrlSecret).toBeUndefined();
      expect(c.unsubscribeSecret).toBeUndefined();
    });

    it("derives a distinct key per purpose from APP_SECRET, the same on every instance", () => {
      const c = loadConfig({ APP_SECRET: master, DATABASE_URL: pg });
      expect(c.fileUrlSecret).toBe(deriveSecret(master, "file-url"));
      expect(c.unsubscribeSecret).toBe(deriveSecret(master, "unsubscribe"));
      expect(c.fileUrlSecret).not.toBe(c.unsubscribeSecret);
      expect(c.fileUrlSecret).not.toContain(master);
      expect(c.fileUrlSecret?.length).toBeGreaterThanOrEqual(43);
      expect(loadConfig({ APP_SECRET: master }).fileUrlSecret).toBe(c.fileUrlSecret);
      // RFC 5869 HKDF-SHA256 (salt "aurelia-atelier", info "<purpose> v1"): a fixed value, so a
      // change of derivation (which would break every unsubscribe link sent) fails here.
      expect(deriveSecret("x".repeat(32), "unsubscribe")).toBe("yWLOUIU4IGslQo7E8YFC4IVKcSbNjH3aF915l_fuNSI");
    });

    it("lets FILE_URL_SECRET and UNSUBSCRIBE_SECRET override the derived keys", () => {
      const file = "f".repeat(40);
      const c = loadConfig({ APP_SECRET: master, FILE_URL_SECRET: file, DATABASE_URL: pg });
      expect(c.fileUrlSecret).toBe(file);
      expect(c.unsubscribeSecret).toBe(deriveSecret(master, "unsubscribe"));
      const both = loadConfig({ FILE_URL_SECRET: file, UNSUBSCRIBE_SECRET: "u".repeat(40), DATABASE_URL: pg });
      expect(both.unsubscribeSecret).toBe("u".repeat(40));
    });

    it("refuses PostgreSQL without them, saying why", () => {
      expect(() => loadConfig({ DATABASE_URL: pg })).toThrow(new ConfigError(SHARED_SECRETS_REQUIRED));
      expect(() => loadConfig({ DATABASE_URL: pg, FILE_URL_SECRET: "f".repeat(40) })).toThrow(SHARED_SECRETS_REQUIRED);
      expect(SHARED_SECRETS_REQUIRED).toBe(
        "DATABASE_URL is set, so several instances may share this database: set APP_SECRET (or both FILE_URL_SECRET and UNSUBSCRIBE_SECRET) to the same value of at least 32 characters on every instance, so that file links and unsubscribe links signed by one instance are accepted by all.",
      );
      expect(() => loadConfig({ DATABASE_URL: pg, APP_SECRET: "short" })).toThrow("- APP_SECRET: Use at least 32 characters.");
    });
  });

  it("reads METRICS_TOKEN", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "m".repeat(20) }).metricsToken).toBe("m".repeat(20));
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow("- METRICS_TOKEN: Use at least 16 characters.");
  });
});

describe("the seller (SELLER_*)", () => {
  it("has readable defaults, an Indian seller without a state or GSTIN (none is made up)", () => {
    expect(loadConfig({}).seller).toEqual({ legalName: "Aurelia Atelier", address: "", state: "", country: "IN", gstin: undefined });
  });

  it("takes the configured details, the GSTIN and country upper-cased", () => {
    const c = loadConfig({
      SELLER_LEGAL_NAME: "Aurelia Atelier LLP",
      SELLER_ADDRESS: "4 Zaveri Bazaar, Mumbai 400002",
      SELLER_STATE: "Maharashtra",
      SELLER_COUNTRY: "in",
      SELLER_GSTIN: "27aapfu0939f1zv",
    });
    expect(c.seller).toEqual({
      legalName: "Aurelia Atelier LLP",
      address: "4 Zaveri Bazaar, Mumbai 400002",
      state: "Maharashtra",
      country: "IN",
      gstin: "27AAPFU0939F1ZV",
    });
  });

  it.each([
    ["27AAPFU0939F1Z", "Enter a GSTIN of 15 characters"],
    ["27AAPFU0939F1ZX", "check character does not match"],
    ["99AAPFU0939F1ZV", "99 is not a GST state code"],
  ])("refuses the GSTIN %s", (gstin, message) => {
    expect(() => loadConfig({ SELLER_GSTIN: gstin })).toThrow(message);
  });

  it("refuses a GSTIN for a seller outside India, and a country that is not a code", () => {
    expect(() => loadConfig({ SELLER_GSTIN: "27AAPFU0939F1ZV", SELLER_COUNTRY: "GB" })).toThrow(
      "SELLER_GSTIN: A GSTIN is an Indian registration; SELLER_COUNTRY is GB.",
    );
    expect(() => loadConfig({ SELLER_COUNTRY: "India" })).toThrow("SELLER_COUNTRY: Use the two-letter ISO country code, e.g. IN.");
  });
});
