import fs from "node:fs";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import type { CadDesign, Design, Message, Paginated, TicketCreated, Upload } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { designs, uploads } from "../../db/schema/index.ts";
import { createS3Storage } from "../../lib/storage/s3.ts";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { closedPort, S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from "../../test/s3-server.ts";
import { post, staffToken, stl, submitDesign, toApproved, uploadCad } from "../orders/test-support.ts";
import { corruptPng, designForm, jpeg, listFiles, multipart, png, signUpCustomer } from "./test-support.ts";

const VALID = { name: "Garnet halo ring", description: "A halo of small diamonds around an oval garnet." };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const UNAVAILABLE = { detail: "File storage is unavailable at the moment. Please try again in a few minutes." };
const local = (url: string) => url.replace("http://app.test", "");

async function keysIn(storage: { list(prefix?: string): AsyncIterable<{ key: string }> }, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of storage.list(prefix)) keys.push(o.key);
  return keys.sort();
}

describe("uploads through S3 (s3rver)", () => {
  let s3: S3TestServer;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await buildTestApp({ storage: s3.storage() });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it("a design's images, a message's PDF and a CAD version's 3D file go to the bucket, are served by signed URL, and leave with their design", async () => {
    const storage = t.services.storage;
    const c = await signUpCustomer(t);
    const original = await jpeg();
    const res = await authedInject(t, c.token, { method: "POST", url: "/api/designs/", ...designForm(VALID, [{ filename: "ring.jpg", data: original }, { filename: "side.png", data: await png() }]) });
    expect(res.statusCode, res.body).toBe(201);
    const design = res.json<Design>();
    const keys = await keysIn(storage, `users/${c.id}/designs/`);
    expect(keys).toHaveLength(6);
    expect(keys.filter((k) => k.endsWith("_320.webp"))).toHaveLength(2);
    // Nothing on the instance's disk.
    expect(listFiles(path.join(t.dataDir, "uploads"))).toEqual([]);

    const image = await t.app.inject({ method: "GET", url: local(design.images[0]!.image) });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    expect(image.headers["content-disposition"]).toBe(`inline; filename="ring.jpg"; filename*=UTF-8''ring.jpg`);
    const key = decodeURIComponent(new URL(design.images[0]!.image, "http://app.test").pathname.replace("/api/files/", ""));
    expect(image.rawPayload.equals(await buffer(await storage.get(key)))).toBe(true);
    const thumb = await t.app.inject({ method: "GET", url: local(design.images[0]!.thumbnail) });
    expect([thumb.statusCode, thumb.headers["content-type"]]).toEqual([200, "image/webp"]);

    // A message's PDF is kept as sent (streamed from its temporary file).
    const ticket = (await post(t, c.token, "/api/support/tickets/", { subject: "Resizing", message: "Can you resize it to 7?", category: "order" })).json<TicketCreated>();
    const form = multipart([{ name: "text", value: "The receipt" }, { name: "files", filename: "receipt.pdf", data: PDF, contentType: "application/pdf" }]);
    const sent = await authedInject(t, c.token, { method: "POST", url: `/api/messages/${ticket.id}/`, payload: form.payload, headers: form.headers });
    expect(sent.statusCode, sent.body).toBe(201);
    const pdf = await t.app.inject({ method: "GET", url: local(sent.json<Message>().attachments[0]!.url) });
    expect([pdf.statusCode, pdf.headers["content-type"], pdf.rawPayload.equals(PDF)]).toEqual([200, "application/pdf", true]);
    expect(await keysIn(storage, `users/${c.id}/messages/`)).toHaveLength(1);

    // A CAD version's model, uploaded by staff, in the bucket and served with its type.
    const staff = await staffToken(t);
    const s = await submitDesign(t);
    await toApproved(t, staff, s);
    const up = await uploadCad(t, staff, s.orderId, { model: { filename: "ring.stl", data: stl() } });
    expect(up.statusCode, up.body).toBe(201);
    const model = await t.app.inject({ method: "GET", url: local(up.json<CadDesign>().model!.url) });
    expect([model.statusCode, model.headers["content-type"], model.rawPayload.equals(stl())]).toEqual([200, "model/stl", true]);

    // Deleting the design removes its six objects from the bucket.
    const del = await authedInject(t, c.token, { method: "DELETE", url: `/api/designs/${design.id}/` });
    expect(del.statusCode).toBe(204);
    expect(await keysIn(storage, `users/${c.id}/designs/`)).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: local(design.images[0]!.image) })).statusCode).toBe(404);
  });

  it("a request that fails after storing a file takes it out of the bucket again", async () => {
    const c = await signUpCustomer(t);
    // The first image is stored (three objects) before the second turns out unreadable: the request fails, nothing stays.
    const res = await authedInject(t, c.token, {
      method: "POST",
      url: "/api/designs/",
      ...designForm(VALID, [{ filename: "good.jpg", data: await jpeg() }, { filename: "broken.png", data: await corruptPng() }]),
    });
    expect([res.statusCode, res.json()]).toEqual([400, { images: ['"broken.png" could not be read as an image. Try saving it again as PNG or JPG.'] }]);
    expect(await keysIn(t.services.storage, `users/${c.id}/`)).toEqual([]);
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.userId, c.id));
    expect(rows.map((r) => [r.fileName, r.status])).toEqual([["broken.png", "failed"]]);
  });
});

describe("uploads while the object store is down", () => {
  let t: TestApp;
  beforeAll(async () => {
    const storage = createS3Storage({
      bucket: "atelier",
      endpoint: `http://127.0.0.1:${await closedPort()}`,
      forcePathStyle: true,
      credentials: S3_TEST_CREDENTIALS,
      maxAttempts: 1,
    });
    t = await buildTestApp({ storage });
  });
  afterAll(async () => t.close());

  it("answer 503 with a clear sentence and leave no design, no upload row and no temporary file", async () => {
    const c = await signUpCustomer(t);
    const res = await authedInject(t, c.token, { method: "POST", url: "/api/designs/", ...designForm(VALID, [{ filename: "ring.jpg", data: await jpeg() }]) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.userId, c.id))).toEqual([]);
    expect(await t.database.db.select().from(designs).where(eq(designs.userId, c.id))).toEqual([]);
    expect((await authedInject(t, c.token, { method: "GET", url: "/api/uploads/" })).json<Paginated<Upload>>().count).toBe(0);
    const tmp = path.join(t.dataDir, "tmp", "uploads");
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);

    // A message's PDF (stored as sent) fails the same way, and the message is not posted.
    const ticket = (await post(t, c.token, "/api/support/tickets/", { subject: "Resizing", message: "Can you resize it to 7?", category: "order" })).json<TicketCreated>();
    const form = multipart([{ name: "text", value: "The receipt" }, { name: "files", filename: "receipt.pdf", data: PDF, contentType: "application/pdf" }]);
    const sent = await authedInject(t, c.token, { method: "POST", url: `/api/messages/${ticket.id}/`, payload: form.payload, headers: form.headers });
    expect([sent.statusCode, sent.json()]).toEqual([503, UNAVAILABLE]);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.userId, c.id))).toEqual([]);
    const thread = (await authedInject(t, c.token, { method: "GET", url: `/api/messages/${ticket.id}/` })).json<{ messages: Message[] }>();
    expect(thread.messages.map((m) => m.text)).not.toContain("The receipt");

    // Reading a file by its signed URL says the same.
    const urls = t.services.uploads.signedUrls({ status: "completed", storageKey: `users/${c.id}/designs/a.jpg`, thumbnailKey: "a_320.webp", previewKey: "a_1024.webp" })!;
    const file = await t.app.inject({ method: "GET", url: local(urls.image) });
    expect([file.statusCode, file.json()]).toEqual([503, UNAVAILABLE]);
  });
});
