import { galleryPostListSchema, type GalleryPost } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryPosts } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/helpers.ts";
import { GALLERY_SEED } from "./gallery.seed.ts";
import { createGalleryService } from "./gallery.service.ts";

describe("GET /api/social-proof/", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it("lists the seeded posts without authentication, in the contract's shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/social-proof/" });
    expect(res.statusCode).toBe(200);
    const posts = galleryPostListSchema.parse(res.json());
    expect(posts).toHaveLength(GALLERY_SEED.length);
    expect(posts.length).toBeGreaterThanOrEqual(8);
    expect(posts[0]).toEqual({
      id: expect.any(String),
      image: "/images/gallery/emerald-halo-ring-640.webp",
      customer_name: "Ananya R.",
      customer_quote: GALLERY_SEED[0]!.customerQuote,
      date: "2025-11-14",
    });
    for (const p of posts) expect(p.image).toMatch(/^\/images\/gallery\/[a-z-]+-640\.webp$/);
    expect(res.headers["cache-control"]).toBe("public, no-cache");
  });

  it("does not seed twice, also when two instances start on the same database at once", async () => {
    const a = createGalleryService({ db: t.database.db, uploads: t.services.uploads, audit: t.services.audit });
    const b = createGalleryService({ db: t.database.db, uploads: t.services.uploads, audit: t.services.audit });
    expect(await Promise.all([a.seedIfEmpty(), b.seedIfEmpty()])).toEqual([0, 0]);
    const res = await t.app.inject({ method: "GET", url: "/api/social-proof/" });
    expect(res.json<GalleryPost[]>()).toHaveLength(GALLERY_SEED.length);
  });

  it("seeds exactly once when two instances race on an empty table", async () => {
    await t.database.db.delete(galleryPosts);
    const a = createGalleryService({ db: t.database.db, uploads: t.services.uploads, audit: t.services.audit });
    const b = createGalleryService({ db: t.database.db, uploads: t.services.uploads, audit: t.services.audit });
    const written = await Promise.all([a.seedIfEmpty(), b.seedIfEmpty()]);
    expect(written.sort()).toEqual([0, GALLERY_SEED.length]);
    expect(await a.listPublished()).toHaveLength(GALLERY_SEED.length);
  });

  it("hides unpublished posts, lists by position, and never re-seeds a gallery whose posts are all hidden", async () => {
    await t.database.db.update(galleryPosts).set({ published: false });
    const res = await t.app.inject({ method: "GET", url: "/api/social-proof/" });
    expect(res.json()).toEqual([]);
    expect(await createGalleryService({ db: t.database.db, uploads: t.services.uploads, audit: t.services.audit }).seedIfEmpty()).toBe(0);

    await t.database.db.insert(galleryPosts).values([
      { image: "/images/gallery/b.webp", customerName: "Second", customerQuote: "Two", date: "2025-01-02", position: 2 },
      { image: "/images/gallery/a.webp", customerName: "First", customerQuote: "One", date: "2024-01-01", position: 1 },
    ]);
    const listed = (await t.app.inject({ method: "GET", url: "/api/social-proof/" })).json<GalleryPost[]>();
    expect(listed.map((p) => p.customer_name)).toEqual(["First", "Second"]);
  });
});
