import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

describe("securityHeaders", () => {
  it("builds helmet's headers once, with the CSP directives given", () => {
    const headers = securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } } });
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["content-security-policy"]).toContain("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });

  it("leaves out what is turned off", () => {
    const headers = securityHeaders({ strictTransportSecurity: false, crossOriginEmbedderPolicy: false });
    expect(headers["strict-transport-security"]).toBeUndefined();
    expect(headers["cross-origin-embedder-policy"]).toBeUndefined();
  });

  it("refuses invalid options at start-up rather than per request", () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["self"] } } })).toThrow();
  });
});
