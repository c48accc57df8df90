import { cadDesignSchema, orderSummarySchema } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { cadStatusOf, readableEstimate, toCadResponse, toOrderSummary, type CadFile } from "./order-view.ts";
import type { CadDesignRow, OrderRow } from "./orders.repository.ts";

/** What the response schemas refuse must not come out of a row the database already holds. */

const at = new Date("2026-01-02T03:04:05Z");
const cad: CadDesignRow = {
  id: "c1",
  orderId: "o1",
  version: 1,
  description: "",
  isApproved: false,
  approvedAt: null,
  approvedBy: null,
  uploadedBy: null,
  createdAt: at,
};
const inCadDesign = { newestVersion: 1, orderStatus: "cad_design" } as const;
const model = (format: string): CadFile => ({ id: "f1", kind: "cad_model", fileName: `ring.${format}`, size: 10, urls: null, modelUrl: "/files/x", format });

describe("toCadResponse", () => {
  it("shows a model whose stored format the contract knows", () => {
    const res = toCadResponse(cad, [model("stl")], inCadDesign);
    expect(res.model).toEqual({ file_name: "ring.stl", format: "stl", size: 10, url: "/files/x" });
    expect(cadDesignSchema.safeParse(res).success).toBe(true);
  });

  it("shows no model rather than a format the response schema refuses", () => {
    const res = toCadResponse(cad, [model("stp")], inCadDesign);
    expect(res.model).toBeNull();
    expect(cadDesignSchema.safeParse(res).success).toBe(true);
  });
});

describe("cadStatusOf", () => {
  it("reads an older unapproved version as superseded, the newest as pending, an approved one as approved", () => {
    const ctx = { newestVersion: 3, orderStatus: "cad_design" } as const;
    expect(cadStatusOf({ version: 1, isApproved: false }, ctx)).toBe("superseded");
    expect(cadStatusOf({ version: 3, isApproved: false }, ctx)).toBe("pending_approval");
    expect(cadStatusOf({ version: 3, isApproved: true }, { ...ctx, orderStatus: "completed" })).toBe("approved");
    expect(cadStatusOf({ version: 1, isApproved: false }, { ...ctx, orderStatus: "completed" })).toBe("superseded");
    expect(toCadResponse(cad, [], { newestVersion: 2, orderStatus: "cad_approved" }).status).toBe("superseded");
  });

  it("reads the newest unapproved version of an order that left CAD Design (cancelled) as not approved", () => {
    expect(cadStatusOf({ version: 2, isApproved: false }, { newestVersion: 2, orderStatus: "cancelled" })).toBe("not_approved");
  });
});

describe("readableEstimate", () => {
  const estimate = {
    currency: "INR",
    low: "90.00",
    point: "100.00",
    high: "115.00",
    lines: [{ label: "Metal", amount: "100.00" }],
    retail_price: null,
    savings_percent: null,
    assumptions: [],
    pricing_version: 1,
  };

  it("passes an estimate the API can carry and gives null for one it cannot", () => {
    expect(readableEstimate(estimate)).toEqual(estimate);
    expect(readableEstimate({ ...estimate, point: "11400000000.00" })).toBeNull();
    expect(readableEstimate({ ...estimate, lines: [{ label: "Metal", amount: "1e21" }] })).toBeNull();
    expect(readableEstimate(null)).toBeNull();
  });

  it("keeps an order summary valid when its stored estimate is not", () => {
    const row = {
      id: "o1",
      orderNumber: "JW-2026-000001",
      status: "initiated",
      designId: null,
      designName: "Ring",
      designType: "ring",
      currency: "INR",
      estimate: { ...estimate, point: "99999999999999.00" },
      quotedPrice: null,
      createdAt: at,
      updatedAt: at,
    } as unknown as OrderRow;
    const summary = toOrderSummary(row, null);
    expect(summary.estimate_point).toBeNull();
    expect(orderSummarySchema.safeParse(summary).success).toBe(true);
  });
});
