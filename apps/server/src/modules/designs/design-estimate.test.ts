import type { Design, Estimate } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_QUOTE_LIMITS, publicQuoteThrottleMessage } from "../../lib/public-throttle.ts";
import { authedInject, buildTestApp, randomIp, signUp, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const estimate = (payload: unknown, remoteAddress = randomIp()) =>
  t.app.inject({ method: "POST", url: "/api/public/estimate/", payload: payload as object, remoteAddress });

const LINK = {
  source: "link",
  name: "Aurora Solitaire Ring",
  design_type: "ring",
  description: "An 18K rose gold solitaire.",
  inspiration_link: "https://shop.example.com/aurora",
  metal: "18K Rose Gold",
  stones: "1 x Diamond 0.5ct G VS1",
  size: "",
  weight: "3.2 g",
  budget: "1299 USD",
  image_urls: ["https://shop.example.com/aurora.jpg"],
} as const;

describe("POST /api/public/estimate/ (no account)", () => {
  it("estimates a link's details exactly as the saved link design is estimated, with the saving against the shop's price", async () => {
    const res = await estimate(LINK);
    expect(res.statusCode).toBe(200);
    const body = res.json<Estimate>();
    expect(body.currency).toBe("USD");
    expect(body.retail_price).toBe("1299.00");
    expect(body.savings_percent).toEqual(expect.any(Number));
    expect(body.lines.map((l) => l.label)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Metal: 18K rose gold, 3\.20 g/), expect.stringMatching(/^Stone: 1 × diamond 0\.50 ct G VS1/i)]),
    );
    expect(Number(body.low)).toBeLessThan(Number(body.point));
    expect(Number(body.high)).toBeGreaterThan(Number(body.point));

    // The same details saved by a signed-in customer: the same figures.
    const { token } = await signUp(t);
    const { source: _source, image_urls: _images, ...save } = LINK;
    const saved = await authedInject(t, token, { method: "POST", url: "/api/designs/", payload: save });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<Design>().estimate).toEqual(body);
  });

  it("estimates the custom form's fields (name and description may still be empty), in the form's currency", async () => {
    const res = await estimate({
      source: "custom",
      design_type: "pendant",
      metal_type: "gold",
      metal_color: "yellow",
      purity: "22K",
      weight: "4.5",
      stones: [{ stone_type: "ruby", stone_carat: 0.3, stone_clarity: "VS", quantity: 2 }],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Estimate>();
    expect(body.currency).toBe("INR");
    expect(body.retail_price).toBeNull();
    expect(body.savings_percent).toBeNull();
    expect(body.lines[0]?.label).toMatch(/^Metal: 22K yellow gold, 4\.50 g/);
    expect(body.lines.some((l) => l.label.startsWith("Stone: 2 × ruby 0.30 ct"))).toBe(true);
    expect(body.lines.some((l) => l.label === "Labour: making charge for a pendant")).toBe(true);
  });

  it("refuses details that are not a design with field errors, and never writes anything", async () => {
    expect((await estimate({ design_type: "ring" })).statusCode).toBe(400);
    const source = await estimate({ source: "sketch" });
    expect(source.statusCode).toBe(400);

    const custom = await estimate({ source: "custom", purity: "19K", weight: -2, stones: [{ quantity: 0 }] });
    expect(custom.statusCode).toBe(400);
    const errors = custom.json<Record<string, string[]>>();
    expect(errors.weight).toEqual(["Ensure this value is greater than or equal to 0."]);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["purity", "weight"]));

    const heavy = await estimate({ ...LINK, weight: "5000 g" });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json()).toEqual({ weight: ["The weight can be at most 2,000 g."] });

    const beyond = await estimate({ source: "custom", metal_type: "platinum", weight: 2000, stones: [{ stone_type: "diamond", stone_carat: 500, quantity: 2000 }] });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json<{ non_field_errors: string[] }>().non_field_errors[0]).toMatch(/^The estimate of this design comes to more than 100,000,000 INR/);
  });

  it("throttles each client address with a clear 429, and other addresses are not affected", async () => {
    const ip = randomIp();
    const max = PUBLIC_QUOTE_LIMITS.estimate.max;
    for (let i = 0; i < max; i++) expect((await estimate(LINK, ip)).statusCode).toBe(200);
    const throttled = await estimate(LINK, ip);
    expect(throttled.statusCode).toBe(429);
    const wait = Number(throttled.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(throttled.json()).toEqual({ detail: publicQuoteThrottleMessage(wait) });
    expect(throttled.json<{ detail: string }>().detail).toBe(
      "Too many instant quotes from your network. Please try again in 10 minutes, or sign in to continue.",
    );
    expect((await estimate(LINK, randomIp())).statusCode).toBe(200);
    // The window passes: the address may ask again.
    t.clock.advance(PUBLIC_QUOTE_LIMITS.estimate.windowMs + 1000);
    expect((await estimate(LINK, ip)).statusCode).toBe(200);
  });
});
