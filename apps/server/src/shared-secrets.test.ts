// Two instances on one database, each with its own DATA_DIR and the same APP_SECRET: a link one
// signs (an e-mail's unsubscribe link) is accepted by the other, and no key is written to disk.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp } from "./test/helpers.ts";

const APP_SECRET = "shared-by-every-instance-0123456789abcdef";

describe("APP_SECRET shared by two instances", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp({ env: { APP_SECRET } });
    b = await buildTestApp({ database: a.database, env: { APP_SECRET } });
  });
  afterAll(async () => {
    await b.app.close();
    await fs.rm(b.dataDir, { recursive: true, force: true });
    await a.close();
  });

  it("accepts on one instance the unsubscribe link the other signed, and keeps no key in either data folder", async () => {
    const customer = await signUp(a);
    const link = a.services.preferences.emailUnsubscribe(customer.user.id, "status_change");
    const token = new URL(link.url).searchParams.get("token") ?? "";
    const res = await b.app.inject({ method: "GET", url: `/api/unsubscribe/?token=${encodeURIComponent(token)}` });
    expect(res.statusCode).toBe(200);
    for (const dir of [a.dataDir, b.dataDir]) {
      const files = await fs.readdir(dir);
      expect(files).not.toContain("secret-key");
      expect(files).not.toContain("unsubscribe-key");
    }
    // Without it (embedded database), each data folder makes its own: the other instance refuses the link.
    const alone = await buildTestApp({ database: a.database });
    try {
      const refused = await alone.app.inject({ method: "GET", url: `/api/unsubscribe/?token=${encodeURIComponent(token)}` });
      expect(refused.statusCode).toBe(400);
      expect(await fs.readdir(alone.dataDir)).toContain("unsubscribe-key");
      expect((await fs.stat(path.join(alone.dataDir, "unsubscribe-key"))).mode & 0o777).toBe(0o600);
    } finally {
      await alone.app.close();
      await fs.rm(alone.dataDir, { recursive: true, force: true });
    }
  });
});
