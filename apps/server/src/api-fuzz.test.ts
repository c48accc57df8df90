// Property-based fuzzing of every operation in the OpenAPI document (see test/api-fuzz.ts).
// `npm test` runs a bounded pass; `npm run fuzz` runs a long one (FUZZ_RUNS, FUZZ_SEED) and prints its counts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzz, formatStats, loadOperations, type FuzzContext } from "./test/api-fuzz.ts";
import { authedInject, buildTestApp, createStaff, signUp, TEST_PASSWORD, type TestApp } from "./test/helpers.ts";
import { createSafeFetcher } from "./lib/safe-fetch.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

let t: TestApp;
let ctx: FuzzContext;
const known: string[] = [];

beforeAll(async () => {
  // Product links resolve to a private address: refused without a byte on the network.
  const fetcher = createSafeFetcher({ lookup: () => Promise.resolve([{ address: "10.0.0.1", family: 4 }]) });
  t = await buildTestApp({ fetcher, env: { RATE_LIMIT_SCALE: "1000" } });
  const user = await signUp(t);
  let token = user.token;
  ctx = {
    t,
    token: () => token,
    renewToken: async () => {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/login/", payload: { email: user.email, password: TEST_PASSWORD } });
      token = res.json<{ token: string }>().token;
    },
  };
  // A design of the fuzzing user, so ids in paths sometimes name a real row (edits reach the form parser).
  const design = await authedInject(t, token, {
    method: "POST",
    url: "/api/designs/",
    payload: { name: "Fuzz ring", description: "A ring to fuzz." },
  });
  if (design.statusCode === 201) {
    const created = design.json<{ id: string; order: { id: string } | null }>();
    known.push(created.id);
    // Its order: staff paths under /api/staff/orders/{id}/ then reach their body parsers.
    if (created.order) known.push(created.order.id);
  }
});
afterAll(async () => t.close());

describe("API fuzzing", () => {
  it(`answers ${RUNS} generated bad requests over every operation without a 5xx, as JSON, in the spec's error shapes`, async () => {
    const ops = await loadOperations(t);
    expect(ops.length).toBeGreaterThan(10);
    // At least a dozen requests per operation, so that each is reached whatever the seed (400 over 57 missed one about 1 run in 20).
    const stats = await fuzz(ctx, ops, known, Math.max(RUNS, ops.length * 12), SEED);
    console.log(formatStats(stats));
    expect(stats.failures.slice(0, 20)).toEqual([]);
    // Every operation was exercised.
    expect(stats.byOperation.size).toBe(ops.length);
  }, 600_000);

  it("answers generated bad requests to the staff paths, signed in as staff, the same way", async () => {
    // Customers are refused before the body is read, so only a staff token reaches the staff parsers
    // (quote lines, transitions, the CAD multipart reader).
    const staff = await createStaff(t);
    const staffCtx: FuzzContext = { t, token: () => staff.token, renewToken: () => Promise.resolve() };
    const ops = (await loadOperations(t)).filter((op) => op.path.startsWith("/api/staff/"));
    expect(ops.length).toBeGreaterThanOrEqual(5);
    // A dozen requests per operation here too: 200 over 29 staff operations left one unreached about 1 run in 30.
    const stats = await fuzz(staffCtx, ops, known, Math.max(Math.round(RUNS / 2), ops.length * 12), SEED);
    console.log(formatStats(stats));
    expect(stats.failures.slice(0, 20)).toEqual([]);
    expect(stats.byOperation.size).toBe(ops.length);
  }, 600_000);
});
