import { describe, expect, it } from "vitest";
import { lazy } from "./lazy.ts";

describe("lazy", () => {
  it("loads once for every caller, also for callers that ask while the load is under way", async () => {
    let loads = 0;
    const get = lazy(() => Promise.resolve({ n: ++loads }));
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(loads).toBe(1);
  });

  it("does not keep a failed load: the next call loads again and succeeds", async () => {
    let loads = 0;
    const get = lazy(() => {
      loads += 1;
      return loads === 1 ? Promise.reject(new Error("Cannot find module './chunks/templates-OLD.js'")) : Promise.resolve("templates");
    });
    await expect(get()).rejects.toThrow("Cannot find module");
    await expect(get()).resolves.toBe("templates");
    await expect(get()).resolves.toBe("templates");
    expect(loads).toBe(2);
  });

  it("turns a loader that throws at once into a rejection, and retries it too", async () => {
    let calls = 0;
    const get = lazy<string>(() => {
      calls += 1;
      throw new Error("boom");
    });
    await expect(get()).rejects.toThrow("boom");
    await expect(get()).rejects.toThrow("boom");
    expect(calls).toBe(2);
  });
});
