import fs from "node:fs";
import path from "node:path";
import type { Design, Paginated, Upload } from "@atelier/contract";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { uploads } from "../../db/schema/index.ts";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { corruptPng, designForm, jpeg, listFiles, png, signUpCustomer, type Customer } from "./test-support.ts";

const VALID = { name: "Garnet halo ring", description: "A halo of small diamonds around an oval garnet." };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const customer = () => signUpCustomer(t);
const filesOf = (userId: string) => listFiles(path.join(t.dataDir, "uploads", "users", userId));
const fetchFile = (url: string) => t.app.inject({ method: "GET", url });
function postForm(c: Customer, form: { payload: Buffer; headers: Record<string, string> }) {
  return authedInject(t, c.token, { method: "POST", url: "/api/designs/", ...form });
}
async function createWithImages(c: Customer, images: { filename: string; data: Buffer }[]): Promise<Design> {
  const res = await postForm(c, designForm(VALID, images));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Design>();
}

describe("upload history", () => {
  it("lists the user's files newest first and deletes one from its design", async () => {
    const c = await customer();
    const d = await createWithImages(c, [
      { filename: "first.jpg", data: await jpeg() },
      { filename: "second.png", data: await png() },
    ]);
    t.clock.advance(1000);
    await postForm(c, designForm(VALID, [{ filename: "broken.png", data: await corruptPng() }]));

    const list = await authedInject(t, c.token, { method: "GET", url: "/api/uploads/" });
    expect(list.statusCode).toBe(200);
    const page = list.json<Paginated<Upload>>();
    expect(page.count).toBe(3);
    const [failed, ...done] = page.results;
    expect(failed).toMatchObject({ file_name: "broken.png", status: "failed", url: null, thumbnail: null, design_id: null, design_name: null });
    expect(done.map((u) => [u.file_name, u.status, u.design_id, u.design_name, u.content_type]).sort()).toEqual(
      [
        ["first.jpg", "completed", d.id, VALID.name, "image/jpeg"],
        ["second.png", "completed", d.id, VALID.name, "image/png"],
      ].sort(),
    );
    const first = done.find((u) => u.file_name === "first.jpg")!;
    expect(first.size).toBeGreaterThan(0);
    expect((await fetchFile(first.url!)).statusCode).toBe(200);
    expect((await fetchFile(first.thumbnail!)).headers["content-type"]).toBe("image/webp");
    expect((await authedInject(t, c.token, { method: "GET", url: "/api/uploads/?page=2" })).json()).toEqual({ detail: "Invalid page." });

    // Another customer can neither see nor delete it.
    const other = await customer();
    expect((await authedInject(t, other.token, { method: "GET", url: "/api/uploads/" })).json<Paginated<Upload>>().count).toBe(0);
    const foreign = await authedInject(t, other.token, { method: "DELETE", url: `/api/uploads/${first.id}/` });
    expect(foreign.statusCode).toBe(404);
    expect((await authedInject(t, other.token, { method: "DELETE", url: "/api/uploads/nope/" })).statusCode).toBe(404);

    const del = await authedInject(t, c.token, { method: "DELETE", url: `/api/uploads/${first.id}/` });
    expect(del.statusCode).toBe(204);
    const after = (await authedInject(t, c.token, { method: "GET", url: `/api/designs/${d.id}/` })).json<Design>();
    expect(after.images.map((i) => i.id)).toEqual([done.find((u) => u.file_name === "second.png")!.id]);
    expect(filesOf(c.id)).toHaveLength(3);
    expect((await fetchFile(first.url!)).statusCode).toBe(404);
    expect((await authedInject(t, c.token, { method: "GET", url: "/api/uploads/" })).json<Paginated<Upload>>().count).toBe(2);

    // A failed upload can be cleared from the history too.
    expect((await authedInject(t, c.token, { method: "DELETE", url: `/api/uploads/${failed!.id}/` })).statusCode).toBe(204);
  });
});

describe("start-up sweep", () => {
  it("fails uploads a crashed request left behind and removes their files", async () => {
    const c = await customer();
    const key = `users/${c.id}/designs/0b8e8e52-3c0a-4a8f-9d8e-1f2a3b4c5d6e.jpg`;
    const file = path.join(t.dataDir, "uploads", ...key.split("/"));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "half processed");
    const old = new Date(t.clock.now().getTime() - 2 * 60 * 60 * 1000);
    const [stale] = await t.database.db
      .insert(uploads)
      .values({ userId: c.id, fileName: "lost.jpg", size: 14, contentType: "image/jpeg", status: "processing", storageKey: key, createdAt: old, updatedAt: old })
      .returning();
    const [recent] = await t.database.db
      .insert(uploads)
      .values({ userId: c.id, fileName: "busy.jpg", size: 14, contentType: "image/jpeg", status: "processing" })
      .returning();

    // A restart: a second app on the same database and data directory.
    const restarted = await buildApp({ config: t.config, database: t.database, mailer: t.mailer, clock: t.clock, logger: pino({ level: "silent" }), jobWorker: false });
    await restarted.app.close();

    const rows = await t.database.db.select().from(uploads).where(eq(uploads.userId, c.id));
    expect(rows.find((r) => r.id === stale!.id)).toMatchObject({ status: "failed", error: "The upload was interrupted." });
    expect(rows.find((r) => r.id === recent!.id)?.status).toBe("processing");
    expect(fs.existsSync(file)).toBe(false);
  });
});
