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
});
