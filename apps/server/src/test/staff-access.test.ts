import crypto from "node:crypto";
import type { AuthResponse } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, createStaff, signUp, type TestApp } from "./helpers.ts";

/**
 * One table over every /api/staff/ operation of the OpenAPI document (so paths added later are
 * covered without editing this file): each declares who may call it (`x-access`, set by the
 * guards in lib/staff-guard.ts), refuses anonymous callers with 401 and customers with 403, and
 * admin-only ones refuse staff with 403, all before the request is looked at.
 */

interface Operation {
  method: string;
  path: string;
  url: string;
  access: unknown;
  tags: unknown;
  summary: unknown;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

let t: TestApp;
let customer: AuthResponse;
let staff: AuthResponse;
let admin: AuthResponse;
let operations: Operation[];

beforeAll(async () => {
  t = await buildTestApp();
  customer = await signUp(t);
  staff = await createStaff(t, "staff");
  admin = await createStaff(t, "admin");
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const id = crypto.randomUUID();
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/api/staff/"))
    .flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({
        method: m.toUpperCase(),
        path,
        url: path.replace(/\{[^}]+\}/g, id),
        access: item[m]?.["x-access"],
        tags: item[m]?.tags,
        summary: item[m]?.summary,
      })),
    );
});
afterAll(async () => {
  await t.close();
});

const call = (op: Operation, token?: string) => {
  const options = { method: op.method as "GET", url: op.url };
  return token ? authedInject(t, token, options) : t.app.inject(options);
};

describe("every /api/staff/ operation", () => {
  it("is documented under the staff tag with a summary and who may call it", () => {
    expect(operations.length).toBeGreaterThanOrEqual(11);
    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      expect(op.tags, name).toEqual(["staff"]);
      expect(typeof op.summary === "string" && op.summary.length > 10, name).toBe(true);
      expect(["staff", "admin"], name).toContain(op.access);
    }
    const admins = operations.filter((op) => op.access === "admin").map((op) => `${op.method} ${op.path}`);
    expect(admins).toEqual(
      expect.arrayContaining([
        "GET /api/staff/audit/",
        "GET /api/staff/people/",
        "POST /api/staff/people/",
        "PATCH /api/staff/people/{id}/",
        "GET /api/staff/pricing/",
        "GET /api/staff/pricing/versions/",
        "GET /api/staff/pricing/versions/{version}/",
        "PUT /api/staff/pricing/",
        "POST /api/staff/pricing/preview/",
      ]),
    );
  });

  it("refuses anonymous callers with 401 and customers with 403", async () => {
    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      const anonymous = await call(op);
      expect(anonymous.statusCode, name).toBe(401);
      expect(anonymous.json(), name).toEqual({ detail: "Authentication credentials were not provided." });
      const asCustomer = await call(op, customer.token);
      expect(asCustomer.statusCode, name).toBe(403);
      expect(asCustomer.json(), name).toEqual({
        detail: op.access === "admin" ? "Only an administrator can do this." : "Only staff can do this.",
      });
    }
  });

  it("refuses staff with 403 on admin-only operations, and lets them past the guard on the others", async () => {
    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      const asStaff = await call(op, staff.token);
      if (op.access === "admin") {
        expect(asStaff.statusCode, name).toBe(403);
        expect(asStaff.json(), name).toEqual({ detail: "Only an administrator can do this." });
      } else {
        expect([401, 403], name).not.toContain(asStaff.statusCode);
      }
      const asAdmin = await call(op, admin.token);
      expect([401, 403], name).not.toContain(asAdmin.statusCode);
    }
  });
});
