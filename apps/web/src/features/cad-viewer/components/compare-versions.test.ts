import type { CadDesign, Order } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { commentsBetween } from "./compare-versions";

const cad = (version: number, created_at: string) => ({ id: `c${version}`, version, created_at }) as CadDesign;
const comment = (id: string, created_at: string) => ({ id, text: id, created_at, user: { first_name: "", last_name: "", role: "customer" } });

describe("commentsBetween", () => {
  it("keeps the comments posted after the earlier upload and up to the later one", () => {
    const order = {
      comments: [
        comment("before", "2026-01-01T09:00:00.000Z"),
        comment("asked", "2026-01-02T09:00:00.000Z"),
        comment("also", "2026-01-03T08:59:59.000Z"),
        comment("after", "2026-01-03T10:00:00.000Z"),
      ],
    } as unknown as Order;
    const v1 = cad(1, "2026-01-01T10:00:00.000Z");
    const v2 = cad(2, "2026-01-03T09:00:00.000Z");
    expect(commentsBetween(order, v1, v2).map((c) => c.id)).toEqual(["asked", "also"]);
    expect(commentsBetween(order, v2, cad(3, "2026-01-04T00:00:00.000Z")).map((c) => c.id)).toEqual(["after"]);
  });
});
