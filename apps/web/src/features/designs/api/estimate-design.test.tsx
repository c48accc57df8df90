import type { DesignInput } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/render";
import { useDesignEstimatePreview } from "./estimate-design";

const ESTIMATE = {
  currency: "INR",
  low: "900.00",
  point: "1000.00",
  high: "1150.00",
  lines: [{ label: "Labour: making charge for a ring", amount: "1000.00" }],
  retail_price: null,
  savings_percent: null,
  assumptions: [],
  pricing_version: 1,
};

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

const DETAILS: DesignInput = { name: "Halo", description: "A halo ring", design_type: "ring", metal_type: "gold", purity: "18K", weight: "4", remove_image_ids: ["x"] };

describe("useDesignEstimatePreview", () => {
  it("asks nothing for null details, then the custom form's values (without images) once they settle, anonymously", async () => {
    const calls = stubFetch(() => ({ status: 200, body: ESTIMATE }));
    const { result, rerender } = renderHook(({ details }: { details: DesignInput | null }) => useDesignEstimatePreview(details, { debounceMs: 20 }), {
      wrapper,
      initialProps: { details: null as DesignInput | null },
    });
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toHaveLength(0);

    rerender({ details: DETAILS });
    await waitFor(() => expect(result.current.data).toEqual(ESTIMATE));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/public/estimate/");
    expect(new Headers(calls[0]!.init.headers).get("authorization")).toBeNull();
    const body = JSON.parse(calls[0]!.init.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ source: "custom", name: "Halo", metal_type: "gold", purity: "18K", weight: "4" });
    expect(body).not.toHaveProperty("remove_image_ids");
  });

  it("hands a refusal to the caller with the server's message", async () => {
    stubFetch(() => ({ status: 400, body: { weight: ["Ensure this value is less than or equal to 2000."] } }));
    const { result } = renderHook(() => useDesignEstimatePreview({ ...DETAILS, weight: "5000" }, { debounceMs: 0 }), { wrapper });
    await waitFor(() => expect(result.current.error?.message).toBe("Ensure this value is less than or equal to 2000."));
  });
});
