import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubXhr } from "@/test/fake-xhr";
import { api, ApiError, apiUpload, newIdempotencyKey, POST_RETRY_DELAYS_MS } from "./api-client";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers).get("Idempotency-Key");

beforeEach(() => {
  localStorage.setItem("authToken", "token-1");
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("Idempotency-Key", () => {
  it("is a random UUID v4", () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it("goes with every POST, a fresh one per call, and never with a GET", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(() => Promise.resolve(json(201, { id: "1" })));
    await api("/support/tickets/", { method: "POST", body: { subject: "a" } });
    await api("/support/tickets/", { method: "POST", body: { subject: "a" } });
    await api("/support/tickets/");
    const [first, second, get] = fetchSpy.mock.calls.map(([, init]) => keyOf(init));
    expect(first).toMatch(UUID_V4);
    expect(second).toMatch(UUID_V4);
    expect(second).not.toBe(first);
    expect(get).toBeNull();
  });

  it("sends the POST again with the same key when no answer came, and returns the answer", async () => {
    vi.useFakeTimers();
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(
        json(409, { detail: "A request with this Idempotency-Key is still being processed; retry shortly." }, { "Retry-After": "1" }),
      )
      .mockResolvedValueOnce(json(201, { id: "d1" }, { "Idempotent-Replayed": "true" }));
    const result = api<{ id: string }>("/designs/", { method: "POST", body: { name: "Ring" } });
    await vi.advanceTimersByTimeAsync(POST_RETRY_DELAYS_MS[0]!);
    await vi.advanceTimersByTimeAsync(POST_RETRY_DELAYS_MS[1]!);
    await expect(result).resolves.toEqual({ id: "d1" });
    const keys = fetchSpy.mock.calls.map(([, init]) => keyOf(init));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it("gives up after its retries with the last failure", async () => {
    vi.useFakeTimers();
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    const result = api("/designs/", { method: "POST", body: {} });
    const settled = expect(result).rejects.toThrow("Failed to fetch");
    for (const ms of POST_RETRY_DELAYS_MS) await vi.advanceTimersByTimeAsync(ms);
    await settled;
    expect(fetchSpy).toHaveBeenCalledTimes(POST_RETRY_DELAYS_MS.length + 1);
  });

  it("does not send again after a 500, a 409 without Retry-After or a GET that failed", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(500, { detail: "A server error occurred." }))
      .mockResolvedValueOnce(json(409, { detail: "This quote is no longer pending." }))
      .mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(api("/designs/", { method: "POST", body: {} })).rejects.toEqual(new ApiError(500, { detail: "A server error occurred." }));
    await expect(api("/quotes/q1/accept/", { method: "POST" })).rejects.toThrow("This quote is no longer pending.");
    await expect(api("/designs/")).rejects.toThrow("Failed to fetch");
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it("uses the caller's key when it has one", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(201, {}));
    await api("/leads/", { method: "POST", body: {}, anonymous: true, idempotencyKey: "form-submit-7" });
    expect(keyOf(fetchSpy.mock.calls[0]![1])).toBe("form-submit-7");
  });
});

describe("apiUpload and Idempotency-Key", () => {
  it("sends an upload again with the same key after a dropped connection", async () => {
    vi.useFakeTimers();
    const requests = stubXhr();
    const form = new FormData();
    form.append("data", "{}");
    const result = apiUpload<{ id: string }>("/designs/", form);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    requests[0]!.fail();
    await vi.advanceTimersByTimeAsync(POST_RETRY_DELAYS_MS[0]!);
    expect(requests).toHaveLength(2);
    requests[1]!.respond(409, { detail: "still processing" }, { "retry-after": "1" });
    await vi.advanceTimersByTimeAsync(POST_RETRY_DELAYS_MS[1]!);
    expect(requests).toHaveLength(3);
    requests[2]!.respond(201, { id: "d1" });
    await expect(result).resolves.toEqual({ id: "d1" });
    const keys = requests.map((r) => r.headers["Idempotency-Key"]);
    expect(keys[0]).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(1);
    expect(requests.every((r) => r.body === form)).toBe(true);
  });

  it("sends no key with a PUT and does not send it again", async () => {
    const requests = stubXhr();
    const result = apiUpload("/designs/d1/", new FormData(), { method: "PUT" });
    await Promise.resolve();
    expect(requests[0]!.headers["Idempotency-Key"]).toBeUndefined();
    requests[0]!.fail();
    await expect(result).rejects.toThrow("Network error. Please check your connection.");
    expect(requests).toHaveLength(1);
  });
});
