import fs from "node:fs/promises";
import path from "node:path";
import type { GalleryPost, StaffGalleryPost } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, galleryPosts, uploads } from "../../db/schema/index.ts";
import { authedInject, buildTestApp, createStaff, signUp, type TestApp } from "../../test/helpers.ts";
import { jpeg, multipart, png, webp, type Part } from "../uploads/test-support.ts";
import { GALLERY_SEED } from "./gallery.seed.ts";

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStaff>>;
let customer: string;

const fields = { customer_name: "Priya N.", customer_quote: "The ring is exactly what I drew.", date: "2026-01-15" };
const textParts = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));
const imagePart = (data: Buffer, filename = "piece.jpg", contentType = "image/jpeg"): Part => ({
  name: "image",
  filename,
  data,
  contentType,
});

const send = (method: "POST" | "PATCH", url: string, parts: Part[], token = staff.token) => {
  const body = multipart(parts);
  return authedInject(t, token, { method, url, payload: body.payload, headers: body.headers });
};
const create = async (values: Record<string, string> = fields, image?: Buffer) =>
  send("POST", "/api/staff/gallery/", [...textParts(values), imagePart(image ?? (await jpeg(800, 800)))]);
const staffList = async () =>
  (await authedInject(t, staff.token, { method: "GET", url: "/api/staff/gallery/" })).json<StaffGalleryPost[]>();
const publicList = async () => (await t.app.inject({ method: "GET", url: "/api/social-proof/" })).json<GalleryPost[]>();
const galleryUploads = () =>
  t.database.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.kind, "gallery_image"), eq(uploads.status, "completed")));
const galleryAudit = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, "gallery.changed"));

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, "uploads");
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(t, "staff");
  customer = (await signUp(t)).token;
});
afterAll(async () => t.close());

describe("who may manage the gallery", () => {
  it("refuses anonymous callers (401) and customers (403) on every staff path, before reading the body", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const routes = [
      { method: "GET" as const, url: "/api/staff/gallery/" },
      { method: "POST" as const, url: "/api/staff/gallery/" },
      { method: "PATCH" as const, url: `/api/staff/gallery/${id}/` },
      { method: "DELETE" as const, url: `/api/staff/gallery/${id}/` },
      { method: "POST" as const, url: "/api/staff/gallery/reorder/" },
    ];
    for (const r of routes) {
      expect((await t.app.inject({ ...r, payload: "broken" })).statusCode, r.url).toBe(401);
      const res = await authedInject(t, customer, {
        ...r,
        payload: "broken",
        headers: { "content-type": "multipart/form-data; boundary=x" },
      });
      expect(res.statusCode, r.url).toBe(403);
      expect(res.json()).toEqual({ detail: "Only staff can do this." });
    }
  });
});

describe("the staff gallery", () => {
  let created: StaffGalleryPost;

  it("lists every post, hidden ones too, in the public order", async () => {
    const posts = await staffList();
    expect(posts).toHaveLength(GALLERY_SEED.length);
    expect(posts[0]).toEqual({
      id: expect.any(String) as string,
      image: "/images/gallery/emerald-halo-ring-640.webp",
      customer_name: "Ananya R.",
      customer_quote: GALLERY_SEED[0]!.customerQuote,
      date: "2025-11-14",
      position: 0,
      published: true,
      created_at: expect.any(String) as string,
    });
  });

  it("creates a post with an uploaded photograph, first in the gallery and in the public list, audited", async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    created = res.json<StaffGalleryPost>();
    expect(created).toMatchObject({ ...fields, published: true, position: -1 });
    expect(created.image).toMatch(/^\/api\/files\/users\/[0-9a-f-]{36}\/gallery\/[0-9a-f-]{36}_1024\.webp\?exp=\d+&sig=/);

    // Served like every uploaded image: re-encoded, by its signed URL, to anyone holding it.
    const image = await t.app.inject({ method: "GET", url: created.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");

    const pub = await publicList();
    expect(pub[0]).toEqual({ id: created.id, image: created.image, ...fields });
    expect(pub).toHaveLength(GALLERY_SEED.length + 1);

    const [upload] = await galleryUploads();
    expect(upload).toMatchObject({ status: "completed", userId: staff.user.id, designId: null });
    // It is not the staff member's to delete as a loose upload.
    const loose = await authedInject(t, staff.token, { method: "DELETE", url: `/api/uploads/${upload!.id}/` });
    expect(loose.statusCode).toBe(409);

    const audit = (await galleryAudit()).filter((r) => r.targetId === created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: staff.user.id,
      targetType: "gallery_post",
      targetLabel: "Priya N. (2026-01-15)",
      before: null,
      after: { ...fields, published: true, image: `upload:${upload!.id}` },
    });
  });

  it("accepts PNG and WebP, and a post created hidden stays out of the public list", async () => {
    const fromPng = await send("POST", "/api/staff/gallery/", [
      ...textParts({ ...fields, published: "false" }),
      imagePart(await png(), "p.png", "image/png"),
    ]);
    expect(fromPng.statusCode).toBe(201);
    expect(fromPng.json()).toMatchObject({ published: false });
    expect((await publicList()).map((p) => p.id)).not.toContain(fromPng.json<StaffGalleryPost>().id);
    const fromWebp = await send("POST", "/api/staff/gallery/", [...textParts(fields), imagePart(await webp(), "w.webp", "image/webp")]);
    expect(fromWebp.statusCode).toBe(201);
    for (const res of [fromPng, fromWebp]) {
      expect(
        (await authedInject(t, staff.token, { method: "DELETE", url: `/api/staff/gallery/${res.json<StaffGalleryPost>().id}/` }))
          .statusCode,
      ).toBe(204);
    }
  });

  it("answers field errors for missing fields and a missing photograph, and stores nothing", async () => {
    const files = await storedFiles();
    const posts = (await staffList()).length;
    const res = await send("POST", "/api/staff/gallery/", textParts({ customer_name: "  ", date: "15/01/2026" }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      customer_name: ["This field is required."],
      customer_quote: ["This field is required."],
      date: ["Enter a date as YYYY-MM-DD."],
      image: ["Add a photograph of the piece."],
    });
    const long = await create({ ...fields, customer_quote: "x".repeat(601) });
    expect(long.json()).toEqual({ customer_quote: ["Ensure this field has no more than 600 characters."] });
    expect(await storedFiles()).toEqual(files);
    expect(await staffList()).toHaveLength(posts);
  });

  it("refuses a file that is not a JPEG, PNG or WebP by its content, a GIF, an undecodable image and a second photograph", async () => {
    const files = await storedFiles();
    const posts = (await staffList()).length;
    const notImage = await send("POST", "/api/staff/gallery/", [
      ...textParts(fields),
      imagePart(Buffer.from("just some notes"), "notes.jpg"),
    ]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toEqual({ image: ['"notes.jpg" is not a JPEG, PNG or WebP image.'] });
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    expect((await send("POST", "/api/staff/gallery/", [...textParts(fields), imagePart(gif, "a.gif", "image/gif")])).json()).toEqual({
      image: ['"a.gif" is not a JPEG, PNG or WebP image.'],
    });
    // JPEG by its first bytes, but cut off: it cannot be decoded.
    const broken = (await jpeg(800, 800)).subarray(0, 600);
    const unreadable = await send("POST", "/api/staff/gallery/", [...textParts(fields), imagePart(broken, "broken.jpg")]);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({ image: ['"broken.jpg" could not be read as an image. Try saving it again as PNG or JPG.'] });
    const two = await send("POST", "/api/staff/gallery/", [
      ...textParts(fields),
      imagePart(await jpeg()),
      imagePart(await jpeg(), "b.jpg"),
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ image: ["Send one photograph per post."] });
    const elsewhere = await send("POST", "/api/staff/gallery/", [
      ...textParts(fields),
      { name: "photo", filename: "x.jpg", data: await jpeg() },
    ]);
    expect(elsewhere.json()).toEqual({ photo: ['Unexpected file. The photograph goes in the "image" field.'] });
    expect(await storedFiles()).toEqual(files);
    expect(await staffList()).toHaveLength(posts);
  });

  it("answers an oversize photograph, a broken body and a body that is not multipart in the API's shapes", async () => {
    const files = await storedFiles();
    const big = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await send("POST", "/api/staff/gallery/", [...textParts(fields), imagePart(big, "big.jpg")]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ detail: '"big.jpg" is larger than 10 MB.' });

    const cut = multipart([...textParts(fields), imagePart(await jpeg())]);
    const broken = await authedInject(t, staff.token, {
      method: "POST",
      url: "/api/staff/gallery/",
      payload: cut.payload.subarray(0, cut.payload.length - 200),
      headers: cut.headers,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: "Malformed multipart body: it must be multipart/form-data with a boundary, and complete." });

    const json = await authedInject(t, staff.token, { method: "POST", url: "/api/staff/gallery/", payload: fields });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ detail: "Send the post as multipart/form-data." });
    expect(await storedFiles()).toEqual(files);
  });

  it("leaves no file and no post behind when saving fails after the photograph was stored", async () => {
    const files = await storedFiles();
    const posts = (await staffList()).length;
    const audits = (await galleryAudit()).length;
    const spy = vi.spyOn(t.services.audit, "record").mockRejectedValueOnce(new Error("audit store down"));
    try {
      expect((await create()).statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await storedFiles()).toEqual(files);
    expect(await staffList()).toHaveLength(posts);
    expect(await galleryAudit()).toHaveLength(audits);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.status, "processing"))).toEqual([]);
  });

  it("edits some fields, hides a post from the public list, and audits only what changed", async () => {
    const res = await send(
      "PATCH",
      `/api/staff/gallery/${created.id}/`,
      textParts({ customer_quote: "Better than I drew it.", published: "false" }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      customer_name: "Priya N.",
      customer_quote: "Better than I drew it.",
      published: false,
    });
    expect((await publicList()).map((p) => p.id)).not.toContain(created.id);
    expect((await staffList()).map((p) => p.id)).toContain(created.id);
    const audit = (await galleryAudit()).filter((r) => r.targetId === created.id);
    expect(audit.at(-1)).toMatchObject({
      before: { customer_quote: fields.customer_quote, published: true },
      after: { customer_quote: "Better than I drew it.", published: false },
    });

    // Saying the same again changes nothing and writes no audit row.
    const same = await send("PATCH", `/api/staff/gallery/${created.id}/`, textParts({ published: "false" }));
    expect(same.statusCode).toBe(200);
    expect((await galleryAudit()).filter((r) => r.targetId === created.id)).toHaveLength(audit.length);

    const shown = await send("PATCH", `/api/staff/gallery/${created.id}/`, textParts({ published: "true" }));
    expect(shown.json()).toMatchObject({ published: true });
    expect((await publicList())[0]?.id).toBe(created.id);
  });

  it("replaces the photograph and removes the old one's files once saved", async () => {
    const before = await storedFiles();
    const [old] = await galleryUploads();
    const res = await send("PATCH", `/api/staff/gallery/${created.id}/`, [imagePart(await png(900, 900), "new.png", "image/png")]);
    expect(res.statusCode).toBe(200);
    const updated = res.json<StaffGalleryPost>();
    expect(updated.image).not.toBe(created.image);
    expect((await t.app.inject({ method: "GET", url: created.image })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: updated.image })).statusCode).toBe(200);
    const after = await storedFiles();
    expect(after).toHaveLength(before.length);
    for (const key of [old!.storageKey, old!.previewKey, old!.thumbnailKey]) expect(after.some((f) => f.endsWith(key!))).toBe(false);
    const audit = (await galleryAudit()).filter((r) => r.targetId === created.id).at(-1);
    expect(Object.keys(audit!.after!)).toEqual(["image"]);
    created = updated;
  });

  it("answers 404 for an unknown or malformed id and 400 for bad or no changes", async () => {
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000"]) {
      expect((await send("PATCH", `/api/staff/gallery/${id}/`, textParts({ published: "true" }))).statusCode).toBe(404);
      expect((await authedInject(t, staff.token, { method: "DELETE", url: `/api/staff/gallery/${id}/` })).statusCode).toBe(404);
    }
    const none = await send("PATCH", `/api/staff/gallery/${created.id}/`, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ non_field_errors: ["Nothing to change."] });
    const bad = await send("PATCH", `/api/staff/gallery/${created.id}/`, textParts({ date: "soon", published: "maybe" }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<Record<string, string[]>>()).sort()).toEqual(["date", "published"]);
    expect(bad.json<Record<string, string[]>>().date).toEqual(["Enter a date as YYYY-MM-DD."]);
  });

  it("reorders the gallery with every post's id; the public list follows; a partial or unknown list is refused", async () => {
    const posts = await staffList();
    const reversed = posts.map((p) => p.id).reverse();
    const audits = (await galleryAudit()).length;

    const missing = await authedInject(t, staff.token, {
      method: "POST",
      url: "/api/staff/gallery/reorder/",
      payload: { ids: reversed.slice(1) },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      ids: [`List every post of the gallery: it has ${posts.length}, the new order names ${posts.length - 1}.`],
    });
    const twice = await authedInject(t, staff.token, {
      method: "POST",
      url: "/api/staff/gallery/reorder/",
      payload: { ids: [...reversed.slice(1), reversed[1]] },
    });
    expect(twice.json()).toEqual({ ids: ["List each post once."] });
    const unknown = await authedInject(t, staff.token, {
      method: "POST",
      url: "/api/staff/gallery/reorder/",
      payload: { ids: [...reversed.slice(1), "00000000-0000-4000-8000-000000000000"] },
    });
    expect(unknown.json()).toEqual({ ids: ["Unknown post: reload the gallery and try again."] });
    const notUuid = await authedInject(t, staff.token, { method: "POST", url: "/api/staff/gallery/reorder/", payload: { ids: ["x"] } });
    expect(notUuid.json()).toEqual({ "ids.0": ["Unknown post."] });
    expect(await galleryAudit()).toHaveLength(audits);

    const res = await authedInject(t, staff.token, { method: "POST", url: "/api/staff/gallery/reorder/", payload: { ids: reversed } });
    expect(res.statusCode).toBe(200);
    const listed = res.json<StaffGalleryPost[]>();
    expect(listed.map((p) => p.id)).toEqual(reversed);
    expect(listed.map((p) => p.position)).toEqual(reversed.map((_, i) => i));
    expect((await publicList()).map((p) => p.id)).toEqual(reversed.filter((id) => posts.find((p) => p.id === id)!.published));
    const rows = await galleryAudit();
    expect(rows).toHaveLength(audits + 1);
    expect(rows.at(-1)).toMatchObject({ targetType: "gallery", targetLabel: "Gallery order" });
    expect((rows.at(-1)!.after as { order: string[] }).order[0]).toBe(`${posts.at(-1)!.customer_name} (${posts.at(-1)!.date})`);

    // The same order again is no change.
    await authedInject(t, staff.token, { method: "POST", url: "/api/staff/gallery/reorder/", payload: { ids: reversed } });
    expect(await galleryAudit()).toHaveLength(audits + 1);
  });

  it("deletes a post and its photograph's files, audited, and the public list loses it", async () => {
    const before = await storedFiles();
    const res = await authedInject(t, staff.token, { method: "DELETE", url: `/api/staff/gallery/${created.id}/` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await storedFiles()).toHaveLength(before.length - 3);
    expect((await publicList()).map((p) => p.id)).not.toContain(created.id);
    expect(await t.database.db.select().from(galleryPosts).where(eq(galleryPosts.id, created.id))).toEqual([]);
    // (An undecodable photograph refused earlier stays in its sender's upload history as failed, with no file.)
    expect(await galleryUploads()).toEqual([]);
    const audit = (await galleryAudit()).filter((r) => r.targetId === created.id).at(-1);
    expect(audit).toMatchObject({ before: { customer_name: "Priya N.", published: true }, after: null });
    expect((await authedInject(t, staff.token, { method: "DELETE", url: `/api/staff/gallery/${created.id}/` })).statusCode).toBe(404);

    // A house piece (a shipped picture) deletes too, with no file to remove.
    const house = (await staffList()).find((p) => p.image.startsWith("/images/"))!;
    expect((await authedInject(t, staff.token, { method: "DELETE", url: `/api/staff/gallery/${house.id}/` })).statusCode).toBe(204);
    expect(await storedFiles()).toHaveLength(before.length - 3);
  });
});
