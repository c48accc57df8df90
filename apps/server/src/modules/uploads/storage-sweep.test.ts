import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Design } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../db/schema/index.ts";
import { createLocalStorage, type Storage } from "../../lib/storage.ts";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { startS3Server, type S3TestServer } from "../../test/s3-server.ts";
import { sweepStorage } from "./storage-sweep.ts";
import { designForm, jpeg, signUpCustomer } from "./test-support.ts";

interface Driver {
  name: string;
  open(): Promise<{ storage: Storage; close(): Promise<void>; leaveStalePartialWrite?: () => Promise<string> }>;
}

const drivers: Driver[] = [
  {
    name: "local disk",
    async open() {
      const root = await fsp.mkdtemp(path.join(os.tmpdir(), "sweep-test-"));
      return {
        storage: createLocalStorage(root),
        close: () => fsp.rm(root, { recursive: true, force: true }),
        // What a write cut off by a crash leaves (two hours ago).
        async leaveStalePartialWrite() {
          const part = path.join(root, ".tmp", "0b8e8e52-3c0a-4a8f-9d8e-1f2a3b4c5d6e.part");
          await fsp.mkdir(path.dirname(part), { recursive: true });
          await fsp.writeFile(part, "half");
          const then = new Date(Date.now() - 2 * 60 * 60 * 1000);
          await fsp.utimes(part, then, then);
          return part;
        },
      };
    },
  },
  {
    name: "S3 (s3rver)",
    async open() {
      const server: S3TestServer = await startS3Server();
      return { storage: server.storage(), close: () => server.stop() };
    },
  },
];

describe.each(drivers)("sweepStorage on $name", (driver) => {
  let t: TestApp;
  let storage: Storage;
  let opened: Awaited<ReturnType<Driver["open"]>>;
  beforeAll(async () => {
    opened = await driver.open();
    storage = opened.storage;
    t = await buildTestApp({ storage });
  });
  afterAll(async () => {
    await t.close();
    await opened.close();
  });

  it("removes files no upload refers to once they are an hour old, keeps every referenced file, and reports uploads whose file is missing", async () => {
    const c = await signUpCustomer(t);
    const res = await authedInject(t, c.token, { method: "POST", url: "/api/designs/", ...designForm({ name: "Garnet halo ring", description: "An oval garnet." }, [{ filename: "ring.jpg", data: await jpeg() }]) });
    expect(res.statusCode, res.body).toBe(201);
    const design = res.json<Design>();
    // What a request that died between storing its file and writing its row leaves behind.
    const orphan = `users/${c.id}/designs/3f1d9a2e-0000-4000-8000-000000000001.jpg`;
    await storage.put(orphan, Buffer.from("left behind"));
    // A completed upload whose file is gone (a restore from an older backup, a hand-deleted object).
    const lostKey = `users/${c.id}/designs/3f1d9a2e-0000-4000-8000-000000000002.jpg`;
    const [lost] = await t.database.db
      .insert(uploads)
      .values({ userId: c.id, fileName: "lost.jpg", size: 10, contentType: "image/jpeg", status: "completed", storageKey: lostKey })
      .returning();

    // A request killed mid-upload two hours ago: its row still "processing", one file stored.
    const old = new Date(t.clock.now().getTime() - 2 * 60 * 60 * 1000);
    const abandonedKey = `users/${c.id}/designs/3f1d9a2e-0000-4000-8000-000000000003.jpg`;
    await storage.put(abandonedKey, Buffer.from("half processed"));
    const [abandoned] = await t.database.db
      .insert(uploads)
      .values({ userId: c.id, fileName: "cut.jpg", size: 14, contentType: "image/jpeg", status: "processing", storageKey: abandonedKey, createdAt: old, updatedAt: old })
      .returning();
    const part = await opened.leaveStalePartialWrite?.();

    const logs: { level: string; obj: object; msg: string }[] = [];
    const logger = {
      info: (obj: object, msg: string) => logs.push({ level: "info", obj, msg }),
      warn: (obj: object, msg: string) => logs.push({ level: "warn", obj, msg }),
    };
    const deps = { db: t.database.db, storage, clock: t.clock, logger };

    // Young: a request may be storing it right now.
    const first = await sweepStorage(deps);
    expect(first.removed).toEqual([]);
    expect(first.abandoned).toBe(1);
    expect(await storage.exists(abandonedKey)).toBe(false);
    const [failedRow] = await t.database.db.select().from(uploads).where(eq(uploads.id, abandoned!.id));
    expect(failedRow).toMatchObject({ status: "failed", error: "The upload was interrupted." });
    if (part) expect(fs.existsSync(part)).toBe(false);
    expect(first.listed).toBe(4);
    expect(first.missing).toEqual([{ uploadId: lost!.id, key: lostKey }]);
    expect(logs).toEqual([
      { level: "info", obj: { abandoned: 1 }, msg: "storage sweep failed uploads a request left unfinished" },
      ...(part ? [{ level: "info", obj: { partial: 1 }, msg: "storage sweep removed unfinished writes" }] : []),
      { level: "warn", obj: { missing: 1, files: [{ uploadId: lost!.id, key: lostKey }] }, msg: "storage sweep: uploads whose stored file is missing" },
    ]);
    expect(await storage.exists(orphan)).toBe(true);

    t.clock.advance(61 * 60 * 1000);
    logs.length = 0;
    const second = await sweepStorage(deps);
    expect(second.removed).toEqual([orphan]);
    expect(await storage.exists(orphan)).toBe(false);
    expect(logs[0]).toEqual({ level: "info", obj: { removed: 1, keys: [orphan] }, msg: "storage sweep removed files no upload refers to" });
    // The design's three files stay and are still served.
    const kept: string[] = [];
    for await (const o of storage.list()) kept.push(o.key);
    expect(kept).toHaveLength(3);
    const fresh = (await authedInject(t, c.token, { method: "GET", url: `/api/designs/${design.id}/` })).json<Design>();
    expect((await t.app.inject({ method: "GET", url: fresh.images[0]!.thumbnail })).statusCode).toBe(200);
    expect(await sweepStorage(deps)).toMatchObject({ removed: [], abandoned: 0 });
  });
});
