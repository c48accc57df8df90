import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

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

  it("reads the object storage keys: S3_BUCKET turns the bucket on, the others need it", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: "" }).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: "atelier-files" }).s3).toEqual({ bucket: "atelier-files", endpoint: undefined, region: "us-east-1", forcePathStyle: false });
    expect(loadConfig({ S3_BUCKET: "atelier-files", AWS_REGION: "ap-south-1" }).s3?.region).toBe("ap-south-1");
    expect(
      loadConfig({ S3_BUCKET: "atelier-files", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "eu-west-1", S3_FORCE_PATH_STYLE: "true" }).s3,
    ).toEqual({ bucket: "atelier-files", endpoint: "http://127.0.0.1:9000", region: "eu-west-1", forcePathStyle: true });
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000", PORT: "eighty" })).toThrow(
      /- PORT:.*\n.*- S3_BUCKET: Set S3_BUCKET too \(the other S3 keys only apply to a bucket\), or leave them all unset\./s,
    );
    expect(() => loadConfig({ S3_BUCKET: "Atelier_Files", S3_FORCE_PATH_STYLE: "yes" })).toThrow(/- S3_BUCKET: Use an S3 bucket name.*- S3_FORCE_PATH_STYLE:/s);
  });
});
