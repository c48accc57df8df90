import path from "node:path";
import type { Design, Paginated } from "@atelier/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { designs, uploads } from "../../db/schema/index.ts";
import { createLocalStorage, type Storage } from "../../lib/storage.ts";
import { authedInject, buildTestApp, createStaff, signUp, type TestApp } from "../../test/helpers.ts";
import {
  animatedGif,
  corruptPng,
  designForm,
  jpeg,
  jpegWithGps,
  listFiles,
  multipart,
  png,
  signUpCustomer,
  SVG,
  type Customer,
  webp,
} from "../uploads/test-support.ts";

const VALID = { name: "Garnet halo ring", design_type: "ring", description: "A halo of small diamonds around an oval garnet." };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { FILE_URL_SECRET: "test-secret-for-signed-file-urls-0123456789" } });
});
afterAll(async () => t.close());

const customer = () => signUpCustomer(t);

/** Files stored for a user (originals and thumbnails). */
const filesOf = (userId: string) => listFiles(path.join(t.dataDir, "uploads", "users", userId));
const tmpFiles = () => listFiles(path.join(t.dataDir, "tmp"));

async function designRows(userId: string) {
  return t.database.db.select().from(designs).where(eq(designs.userId, userId));
}
async function uploadRows(userId: string) {
  return t.database.db.select().from(uploads).where(eq(uploads.userId, userId));
}

function postForm(c: Customer, form: { payload: Buffer; headers: Record<string, string> }) {
  return authedInject(t, c.token, { method: "POST", url: "/api/designs/", ...form });
}
function putForm(c: Customer, id: string, form: { payload: Buffer; headers: Record<string, string> }) {
  return authedInject(t, c.token, { method: "PUT", url: `/api/designs/${id}/`, ...form });
}
async function createWithImages(c: Customer, images: { filename: string; data: Buffer }[], data: object = VALID): Promise<Design> {
  const res = await postForm(c, designForm(data, images));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Design>();
}
async function linkSave(c: Customer, body: object) {
  return authedInject(t, c.token, { method: "POST", url: "/api/designs/", payload: body });
}
/** Fetches a signed file URL as a browser <img> would: without any Authorization header. */
function fetchFile(url: string) {
  return t.app.inject({ method: "GET", url });
}

describe("POST /api/designs/ (custom form, multipart)", () => {
  it("creates the design with its images, stripped of EXIF and GPS, with thumbnails", async () => {
    const c = await customer();
    const stones = [{ stone_type: "Garnet", stone_carat: "1.5", stone_color: "Red", stone_cut: "", quantity: "1", position: "centre" }, { stone_type: "Diamond", stone_carat: 0.05, quantity: 12 }];
    const res = await postForm(
      c,
      designForm({ ...VALID, metal_type: "gold", metal_color: "rose", purity: "18K", weight: "4.25", setting_type: "Halo", stones, budget: 1500, currency: "USD", ring_size: "US 6" }, [
        { filename: "IMG_0042.JPG", data: await jpegWithGps(400, 300) },
        { filename: "sketch.png", data: await png(), contentType: "image/png" },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json<Design>();
    expect(d).toMatchObject({
      name: VALID.name,
      design_type: "ring",
      description: VALID.description,
      metal_type: "gold",
      metal_color: "rose",
      purity: "18K",
      weight: 4.25,
      weight_unit: "g",
      budget: 1500,
      currency: "USD",
      ring_size: "US 6",
      status: "pending",
      source: "custom",
      metal: "",
      stones_text: "",
      stone_type: "Garnet",
      stone_size: "1.5 ct",
      stone_color: "Red",
      stone_cut: "NA",
      stone_setting: "Halo",
    });
    expect(d.stones).toEqual([
      { id: expect.any(String), stone_type: "Garnet", stone_cut: "NA", stone_carat: 1.5, stone_color: "Red", stone_clarity: "", position: "centre", quantity: 1 },
      { id: expect.any(String), stone_type: "Diamond", stone_cut: "NA", stone_carat: 0.05, stone_color: "", stone_clarity: "", position: "", quantity: 12 },
    ]);
    expect(d.images).toHaveLength(2);
    expect(d.images[0]).toMatchObject({ width: 300, height: 400 }); // turned upright from EXIF orientation 6
    expect(d.images[1]).toMatchObject({ width: 300, height: 200 });

    // GET returns the same design.
    const got = await authedInject(t, c.token, { method: "GET", url: `/api/designs/${d.id}/` });
    expect(got.statusCode).toBe(200);
    expect({ ...got.json<Design>(), images: [] }).toEqual({ ...d, images: [] });

    // Original: served by its signed URL, without metadata.
    const original = await fetchFile(d.images[0]!.image);
    expect(original.statusCode).toBe(200);
    expect(original.headers["content-type"]).toBe("image/jpeg");
    expect(original.headers["x-content-type-options"]).toBe("nosniff");
    expect(original.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(String(original.headers["cache-control"]))![1])).toBeGreaterThan(3000);
    expect(original.headers["content-disposition"]).toMatch(/^inline; filename="IMG_0042.jpg"/);
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(original.rawPayload.includes(Buffer.from("AtelierCam"))).toBe(false);

    const download = await fetchFile(`${d.images[0]!.image}&download=1`);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="IMG_0042.jpg"/);

    // Thumbnails: 320 and 1024 px WebP.
    const thumb = await fetchFile(d.images[0]!.thumbnail);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, Math.max(thumbMeta.width, thumbMeta.height)]).toEqual(["webp", 320]);
    const preview = await fetchFile(d.images[1]!.preview!);
    expect(preview.statusCode).toBe(200);

    // On disk: users/<id>/designs/<uuid>.<ext>, <uuid>_320.webp, <uuid>_1024.webp; the originals carry no GPS either.
    const files = filesOf(c.id);
    expect(files).toHaveLength(6);
    expect(files.filter((f) => /^designs\/[0-9a-f-]{36}\.jpg$/.test(f))).toHaveLength(1);
    expect(files.filter((f) => /^designs\/[0-9a-f-]{36}\.png$/.test(f))).toHaveLength(1);
    expect(files.filter((f) => /_320\.webp$/.test(f))).toHaveLength(2);
    expect(files.filter((f) => /_1024\.webp$/.test(f))).toHaveLength(2);
    expect(tmpFiles()).toEqual([]);

    const rows = await uploadRows(c.id);
    expect(rows.map((r) => [r.status, r.designId, r.fileName, r.contentType]).sort()).toEqual(
      [
        ["completed", d.id, "IMG_0042.JPG", "image/jpeg"],
        ["completed", d.id, "sketch.png", "image/png"],
      ].sort(),
    );
  });

  it("accepts GIF (kept animated) and WebP, and a design without images", async () => {
    const c = await customer();
    const d = await createWithImages(c, [
      { filename: "spin.gif", data: await animatedGif() },
      { filename: "ref.webp", data: await webp() },
    ]);
    const gif = await fetchFile(d.images[0]!.image);
    expect(gif.headers["content-type"]).toBe("image/gif");
    expect((await sharp(gif.rawPayload).metadata()).pages).toBe(2);
    expect((await fetchFile(d.images[1]!.image)).headers["content-type"]).toBe("image/webp");

    const bare = await postForm(c, designForm(VALID));
    expect(bare.statusCode).toBe(201);
    expect(bare.json<Design>().images).toEqual([]);
  });

  it("treats a JSON body as the extracted-product save, and drops NUL characters", async () => {
    const c = await customer();
    const res = await authedInject(t, c.token, { method: "POST", url: "/api/designs/", payload: { ...VALID, name: "Nul\u0000 ring", metal: "Platinum" } });
    expect(res.statusCode).toBe(201);
    expect(res.json<Design>()).toMatchObject({ source: "link", name: "Nul ring", metal: "Platinum", metal_type: "platinum" });
  });

  it("answers 401 without a token", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/designs/", ...designForm(VALID) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: "Authentication credentials were not provided." });
    for (const url of ["/api/designs/", "/api/designs/00000000-0000-4000-8000-000000000000/", "/api/uploads/"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
  });
});

describe("validation", () => {
  it("requires name and description, with the spec's messages", async () => {
    const c = await customer();
    const res = await postForm(c, designForm({ name: "  ", description: "" }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ["Design name is required."], description: ["Design description is required."] });

    const missing = await postForm(c, multipart([]));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: ["Design name is required."], description: ["Design description is required."] });
  });

  it("reports field errors with their paths", async () => {
    const c = await customer();
    const res = await postForm(
      c,
      designForm({ ...VALID, inspiration_link: "not a url", weight: "-1", stones: [{ stone_type: "Ruby", quantity: 0 }], currency: "JPY" }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<Record<string, string[]>>();
    expect(body.inspiration_link).toEqual(["Enter a valid URL."]);
    expect(body.weight).toEqual(["Ensure this value is greater than or equal to 0."]);
    expect(body["stones.0.quantity"]).toEqual(["Quantity must be at least 1."]);
    expect(body.currency).toHaveLength(1);
  });

  it("refuses a data field that is not a JSON object", async () => {
    const c = await customer();
    const bad = await postForm(c, designForm("{not json"));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ data: ["The data field is not valid JSON."] });
    const array = await postForm(c, designForm("[1,2]"));
    expect(array.json()).toEqual({ data: ["The data field must be a JSON object."] });
    const typed = await postForm(c, multipart([{ name: "data", value: "{oops", contentType: "application/json" }]));
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({ data: ["The data field is not valid JSON."] });
  });

  it("refuses other content types", async () => {
    const c = await customer();
    const res = await authedInject(t, c.token, { method: "POST", url: "/api/designs/", payload: "name=x", headers: { "content-type": "text/plain" } });
    expect(res.statusCode).toBe(415);
  });
});

describe("bad files", () => {
  it("refuses a text file named .png and an SVG, by content, and keeps nothing", async () => {
    const c = await customer();
    const res = await postForm(
      c,
      designForm(VALID, [
        { filename: "ok.jpg", data: await jpeg() },
        { filename: "notes.png", data: Buffer.from("these are my notes, not a picture"), contentType: "image/png" },
        { filename: "logo.svg", data: SVG, contentType: "image/svg+xml" },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      images: [
        '"notes.png" is not a supported image. Use PNG, JPG, GIF or WebP.',
        '"logo.svg" is not a supported image. Use PNG, JPG, GIF or WebP.',
      ],
    });
    expect(await designRows(c.id)).toEqual([]);
    expect(await uploadRows(c.id)).toEqual([]);
    expect(filesOf(c.id)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it("reports image errors together with field errors", async () => {
    const c = await customer();
    const res = await postForm(c, designForm({ name: "x" }, [{ filename: "a.gif", data: Buffer.from("not a picture") }]));
    expect(res.json()).toEqual({ description: ["Design description is required."], images: ['"a.gif" is not a supported image. Use PNG, JPG, GIF or WebP.'] });
  });

  it("stops a file over 10 MB while streaming: 413", async () => {
    const c = await customer();
    const big = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await postForm(c, designForm(VALID, [{ filename: "small.jpg", data: await jpeg() }, { filename: "huge.jpg", data: big }]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: '"huge.jpg" is larger than 10 MB.' });
    expect(await designRows(c.id)).toEqual([]);
    expect(filesOf(c.id)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it("refuses an 11th file", async () => {
    const c = await customer();
    const img = await jpeg(40, 40);
    const files = Array.from({ length: 11 }, (_, i) => ({ filename: `ref-${i}.jpg`, data: img }));
    const res = await postForm(c, designForm(VALID, files));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ images: ["A design can have at most 10 images."] });
    expect(await designRows(c.id)).toEqual([]);
    expect(filesOf(c.id)).toEqual([]);
    expect(tmpFiles()).toEqual([]);

    const ten = await postForm(c, designForm(VALID, files.slice(0, 10)));
    expect(ten.statusCode).toBe(201);
    expect(ten.json<Design>().images).toHaveLength(10);
  });

  it("is atomic: when the 2nd file cannot be decoded after the 1st was stored, no design and no file remain", async () => {
    const c = await customer();
    const res = await postForm(
      c,
      designForm(VALID, [
        { filename: "first.jpg", data: await jpeg() },
        { filename: "broken.png", data: await corruptPng() },
        { filename: "third.jpg", data: await jpeg() },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ images: ['"broken.png" could not be read as an image. Try saving it again as PNG or JPG.'] });
    expect(await designRows(c.id)).toEqual([]);
    expect(filesOf(c.id)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
    // Only the file at fault stays in the upload history, as failed and without files.
    const rows = await uploadRows(c.id);
    expect(rows.map((r) => [r.fileName, r.status, r.designId, r.storageKey])).toEqual([["broken.png", "failed", null, null]]);
  });

  it("is atomic when storage fails half-way: the files already written are removed", async () => {
    const root = path.join(t.dataDir, "flaky-store");
    const disk = createLocalStorage(root);
    let puts = 0;
    const flaky: Storage = {
      ...disk,
      put: async (key, data) => {
        puts += 1;
        // Image 1 stores its 3 objects, image 2 its original; then the disk "fills up".
        if (puts === 5) throw new Error("ENOSPC: no space left on device");
        return disk.put(key, data);
      },
    };
    const f = await buildTestApp({ storage: flaky });
    try {
      const s = await signUp(f);
      const res = await authedInject(f, s.token, {
        method: "POST",
        url: "/api/designs/",
        ...designForm(VALID, [
          { filename: "one.jpg", data: await jpeg() },
          { filename: "two.jpg", data: await jpeg() },
        ]),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: "A server error occurred." });
      expect(puts).toBe(5);
      expect(listFiles(root)).toEqual([]);
      expect(listFiles(path.join(f.dataDir, "tmp"))).toEqual([]);
      expect(await f.database.db.select().from(designs)).toEqual([]);
      const rows = await f.database.db.select().from(uploads);
      expect(rows.map((r) => [r.fileName, r.status])).toEqual([["two.jpg", "failed"]]);
    } finally {
      await f.close();
    }
  });
});

describe("ownership", () => {
  it("answers 404 for another customer's design on every verb, and staff can read it", async () => {
    const a = await customer();
    const b = await customer();
    const d = await createWithImages(a, [{ filename: "a.jpg", data: await jpeg() }]);
    const url = `/api/designs/${d.id}/`;

    for (const method of ["GET", "DELETE"] as const) {
      const res = await authedInject(t, b.token, { method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: "Not found." });
    }
    const put = await putForm(b, d.id, designForm({ ...VALID, name: "Stolen" }, [{ filename: "x.jpg", data: await jpeg() }]));
    expect(put.statusCode).toBe(404);
    expect(filesOf(b.id)).toEqual([]);
    expect(filesOf(a.id)).toHaveLength(3);

    // B's list does not contain it; A's does.
    expect((await authedInject(t, b.token, { method: "GET", url: "/api/designs/" })).json<Paginated<Design>>().count).toBe(0);

    const staff = await createStaff(t);
    const asStaff = await authedInject(t, staff.token, { method: "GET", url });
    expect(asStaff.statusCode).toBe(200);
    expect((await fetchFile(asStaff.json<Design>().images[0]!.image)).statusCode).toBe(200);

    const still = await authedInject(t, a.token, { method: "GET", url });
    expect(still.json<Design>().name).toBe(VALID.name);
  });

  it("serves files only with a valid, unexpired signature for that very key", async () => {
    const a = await customer();
    const b = await customer();
    const da = await createWithImages(a, [{ filename: "a.jpg", data: await jpeg() }]);
    const db = await createWithImages(b, [{ filename: "b.jpg", data: await jpeg() }]);
    const aUrl = new URL(da.images[0]!.image, "http://x");
    const bUrl = new URL(db.images[0]!.image, "http://x");

    // B's signature does not open A's file.
    expect((await fetchFile(`${aUrl.pathname}${bUrl.search}`)).statusCode).toBe(404);
    expect((await fetchFile(aUrl.pathname)).statusCode).toBe(404);
    expect((await fetchFile(`${aUrl.pathname}?exp=${aUrl.searchParams.get("exp")}&sig=AAAA`)).statusCode).toBe(404);
    const traversal = await fetchFile(`/api/files/users/${a.id}/designs/..%2F..%2F..%2Fsecret-key${aUrl.search}`);
    expect(traversal.statusCode).toBe(404);

    // Expired after the TTL.
    t.clock.advance(2 * 60 * 60 * 1000);
    const expired = await fetchFile(da.images[0]!.image);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ detail: "Not found." });
    t.clock.advance(-2 * 60 * 60 * 1000);
    expect((await fetchFile(da.images[0]!.image)).statusCode).toBe(200);
  });

  it("answers 404 for ids that are not UUIDs", async () => {
    const c = await customer();
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const res = await authedInject(t, c.token, { method, url: "/api/designs/not-a-uuid/", ...(method === "PUT" ? designForm(VALID) : {}) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: "Not found." });
    }
    expect((await authedInject(t, c.token, { method: "GET", url: "/api/designs/2b1f7c0e-0000-4000-8000-000000000000/" })).statusCode).toBe(404);
  });
});

describe("GET /api/designs/ (list)", () => {
  it("pages 10 at a time, newest first", async () => {
    const c = await customer();
    for (let i = 1; i <= 12; i++) {
      t.clock.advance(1000);
      expect((await linkSave(c, { name: `Design ${i}` })).statusCode).toBe(201);
    }
    const p1 = await authedInject(t, c.token, { method: "GET", url: "/api/designs/" });
    expect(p1.statusCode).toBe(200);
    const page1 = p1.json<Paginated<Design>>();
    expect(page1.count).toBe(12);
    expect(page1.results).toHaveLength(10);
    expect(page1.results[0]!.name).toBe("Design 12");
    expect(page1.results[9]!.name).toBe("Design 3");
    expect(page1.next).toBe("http://app.test/api/designs/?page=2");
    expect(page1.previous).toBeNull();

    const page2 = (await authedInject(t, c.token, { method: "GET", url: "/api/designs/?page=2" })).json<Paginated<Design>>();
    expect(page2.results.map((d) => d.name)).toEqual(["Design 2", "Design 1"]);
    expect(page2.next).toBeNull();
    expect(page2.previous).toBe("http://app.test/api/designs/?page=1");

    for (const page of ["3", "0", "abc"]) {
      const res = await authedInject(t, c.token, { method: "GET", url: `/api/designs/?page=${page}` });
      expect(res.statusCode, page).toBe(404);
      expect(res.json()).toEqual({ detail: "Invalid page." });
    }

    const fresh = await customer();
    const empty = await authedInject(t, fresh.token, { method: "GET", url: "/api/designs/" });
    expect(empty.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("searches name, description and type, case-insensitively, keeping the search in page links", async () => {
    const c = await customer();
    await linkSave(c, { name: "Emerald Pendant", design_type: "pendant", description: "Vintage" });
    await linkSave(c, { name: "Tiny studs", design_type: "earrings", description: "For my EMERALD necklace" });
    await linkSave(c, { name: "Nose stud", design_type: "Nose Pin" });
    await linkSave(c, { name: "100%_off", design_type: "other" });
    const search = async (q: string) =>
      (await authedInject(t, c.token, { method: "GET", url: `/api/designs/?search=${encodeURIComponent(q)}` })).json<Paginated<Design>>();
    expect((await search("emerald")).results.map((d) => d.name).sort()).toEqual(["Emerald Pendant", "Tiny studs"]);
    expect((await search("EARRING")).results.map((d) => d.name)).toEqual(["Tiny studs"]);
    expect((await search("nose pin")).results.map((d) => d.name)).toEqual(["Nose stud"]);
    expect((await search("%_")).results.map((d) => d.name)).toEqual(["100%_off"]);
    expect((await search("nothing like this")).count).toBe(0);
    expect((await search("")).count).toBe(4);

    for (let i = 0; i < 11; i++) await linkSave(c, { name: `Ruby ${i}` });
    expect((await search("ruby")).next).toBe("http://app.test/api/designs/?search=ruby&page=2");
  });
});

describe("POST /api/designs/ (extracted product save, JSON)", () => {
  it("defaults the name and type and allows an empty description", async () => {
    const c = await customer();
    const res = await linkSave(c, {});
    expect(res.statusCode).toBe(201);
    expect(res.json<Design>()).toMatchObject({ name: "Untitled Design", design_type: "other", description: "", source: "link", status: "pending", currency: "USD", images: [] });
    const typed = await linkSave(c, { design_type: "Nose Pin", name: "  " });
    expect(typed.json<Design>()).toMatchObject({ name: "Untitled Design", design_type: "nose_pin" });
  });

  it("keeps the texts and reads metal, stones and budget from them", async () => {
    const c = await customer();
    const res = await linkSave(c, {
      name: "Solitaire",
      design_type: "Ring",
      description: "From the shop",
      inspiration_link: "https://shop.example.com/rings/solitaire",
      metal: "18K Rose Gold",
      stones: "2 x Diamond 0.50ct G VS1; 1 x Ruby 1.2ct",
      size: "US 7",
      budget: "₹45,000",
    });
    expect(res.statusCode).toBe(201);
    const d = res.json<Design>();
    expect(d).toMatchObject({
      name: "Solitaire",
      design_type: "ring",
      inspiration_link: "https://shop.example.com/rings/solitaire",
      metal: "18K Rose Gold",
      metal_type: "gold",
      metal_color: "rose",
      purity: "18K",
      stones_text: "2 x Diamond 0.50ct G VS1; 1 x Ruby 1.2ct",
      size: "US 7",
      budget: 45000,
      budget_range: "₹45,000",
      currency: "INR",
      stone_type: "Diamond",
      stone_size: "0.5 ct",
      stone_color: "G",
    });
    expect(d.stones.map((s) => [s.quantity, s.stone_type, s.stone_carat, s.stone_color, s.stone_clarity])).toEqual([
      [2, "Diamond", 0.5, "G", "VS1"],
      [1, "Ruby", 1.2, "", ""],
    ]);

    const euro = (await linkSave(c, { metal: "Platinum PT950", budget: "1.299,00 €" })).json<Design>();
    expect(euro).toMatchObject({ metal_type: "platinum", purity: "950", budget: 1299, currency: "EUR", budget_range: "1.299,00 €" });
    const unknown = (await linkSave(c, { metal: "Titanium", budget: "price on request", stones: "handmade" })).json<Design>();
    expect(unknown).toMatchObject({ metal_type: "other", budget: null, currency: "USD", stones: [], stones_text: "handmade" });
  });

  it("keeps the review form's design details: weight in grams, lengths in millimetres", async () => {
    const c = await customer();
    const res = await linkSave(c, {
      name: "Halo",
      style: "Vintage",
      setting_type: "Halo",
      design_features: "Milgrain edge",
      weight: "2 dwt",
      band_width: "2,5 mm",
      length: "1.8 cm",
      width: "NA",
      height: "about a finger",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Design>()).toMatchObject({
      style: "Vintage",
      setting_type: "Halo",
      stone_setting: "Halo",
      design_features: "Milgrain edge",
      weight: 3.11,
      weight_unit: "g",
      band_width: 2.5,
      length: 18,
      width: null,
      height: null,
    });
  });

  it("validates the link", async () => {
    const c = await customer();
    for (const link of ["javascript:alert(1)", "data:text/html,hi", "not a link"]) {
      const res = await linkSave(c, { inspiration_link: link });
      expect(res.statusCode, link).toBe(400);
      expect(res.json()).toEqual({ inspiration_link: ["Enter a valid URL."] });
    }
  });
});

describe("PUT /api/designs/{id}/", () => {
  it("replaces the fields, keeps images unless removed, adds new files", async () => {
    const c = await customer();
    const d = await createWithImages(c, [
      { filename: "one.jpg", data: await jpeg() },
      { filename: "two.png", data: await png() },
    ]);
    const [one, two] = d.images;
    t.clock.advance(5000);
    const res = await putForm(
      c,
      d.id,
      designForm({ ...VALID, name: "Renamed", description: "New words", stones: [{ stone_type: "Opal" }], remove_image_ids: [one!.id] }, [
        { filename: "three.webp", data: await webp() },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json<Design>();
    expect(u).toMatchObject({ id: d.id, name: "Renamed", description: "New words", stone_type: "Opal", created_at: d.created_at });
    expect(u.updated_at > d.updated_at).toBe(true);
    expect(u.images.map((i) => i.id)[0]).toBe(two!.id);
    expect(u.images).toHaveLength(2);
    expect((await fetchFile(u.images[1]!.image)).headers["content-type"]).toBe("image/webp");
    // The removed image's three files are gone; the kept and the new ones remain.
    expect(filesOf(c.id)).toHaveLength(6);
    expect((await fetchFile(one!.image)).statusCode).toBe(404);
    expect((await uploadRows(c.id)).map((r) => r.fileName).sort()).toEqual(["three.webp", "two.png"]);

    // Fields only: images untouched.
    const plain = await putForm(c, d.id, designForm({ ...VALID, name: "Again" }));
    expect(plain.json<Design>().images.map((i) => i.id)).toEqual(u.images.map((i) => i.id));

    // The same edit as plain JSON (no new files) works too.
    const json = await authedInject(t, c.token, { method: "PUT", url: `/api/designs/${d.id}/`, payload: { ...VALID, name: "As JSON", design_type: "pendant" } });
    expect(json.statusCode).toBe(200);
    expect(json.json<Design>()).toMatchObject({ name: "As JSON", design_type: "pendant", stones: [] });
    expect(json.json<Design>().images).toHaveLength(2);
  });

  it("keeps the total at 10 images and refuses unknown image ids", async () => {
    const c = await customer();
    const img = await jpeg(40, 40);
    const d = await createWithImages(c, Array.from({ length: 8 }, (_, i) => ({ filename: `r${i}.jpg`, data: img })));
    const before = filesOf(c.id);
    const three = Array.from({ length: 3 }, (_, i) => ({ filename: `n${i}.jpg`, data: img }));
    const over = await putForm(c, d.id, designForm(VALID, three));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ images: ["A design can have at most 10 images."] });
    expect(filesOf(c.id)).toEqual(before);

    const swapped = await putForm(c, d.id, designForm({ ...VALID, remove_image_ids: [d.images[0]!.id] }, three));
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json<Design>().images).toHaveLength(10);

    const other = await createWithImages(await customer(), [{ filename: "x.jpg", data: img }]);
    const foreign = await putForm(c, d.id, designForm({ ...VALID, remove_image_ids: [other.images[0]!.id] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ remove_image_ids: [`This design has no image ${other.images[0]!.id}.`] });
  });

  it("validates like create and changes nothing on error", async () => {
    const c = await customer();
    const d = await createWithImages(c, [{ filename: "a.jpg", data: await jpeg() }]);
    const res = await putForm(c, d.id, designForm({ name: "", description: "x" }, [{ filename: "b.jpg", data: await jpeg() }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ["Design name is required."] });
    const after = (await authedInject(t, c.token, { method: "GET", url: `/api/designs/${d.id}/` })).json<Design>();
    expect(after.name).toBe(VALID.name);
    expect(after.images).toHaveLength(1);
    expect(filesOf(c.id)).toHaveLength(3);
  });
});

describe("DELETE /api/designs/{id}/", () => {
  it("deletes the design, its upload rows and its files", async () => {
    const c = await customer();
    const d = await createWithImages(c, [
      { filename: "a.jpg", data: await jpeg() },
      { filename: "b.png", data: await png() },
    ]);
    expect(filesOf(c.id)).toHaveLength(6);
    const res = await authedInject(t, c.token, { method: "DELETE", url: `/api/designs/${d.id}/` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(filesOf(c.id)).toEqual([]);
    expect(await uploadRows(c.id)).toEqual([]);
    expect((await authedInject(t, c.token, { method: "GET", url: `/api/designs/${d.id}/` })).statusCode).toBe(404);
    expect((await authedInject(t, c.token, { method: "DELETE", url: `/api/designs/${d.id}/` })).statusCode).toBe(404);
    expect((await fetchFile(d.images[0]!.image)).statusCode).toBe(404);
  });
});
