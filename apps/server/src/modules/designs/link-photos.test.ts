import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { MAX_IMAGE_BYTES, type Design, type Paginated, type Upload } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { uploads } from "../../db/schema/index.ts";
import { createSafeFetcher } from "../../lib/safe-fetch.ts";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { corruptPng, jpeg, listFiles, png, signUpCustomer, type Customer } from "../uploads/test-support.ts";

/** A shop's image CDN on loopback: two good photos and the ways a photo goes wrong. */
let shop: Server;
let origin: string;
const referers: Record<string, string | undefined> = {};

beforeAll(async () => {
  const [front, side, broken] = await Promise.all([png(640, 480), jpeg(500, 500), corruptPng()]);
  shop = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    referers[url.pathname] = req.headers.referer;
    const send = (status: number, type: string, body: Buffer | string) => {
      res.writeHead(status, { "content-type": type });
      res.end(body);
    };
    switch (url.pathname) {
      case "/files/ring%20front.png":
        return send(200, "image/png", front);
      case "/files/ring-side.jpg":
        return send(200, "image/jpeg", side);
      case "/files/moved.jpg":
        res.writeHead(302, { location: "/files/ring-side.jpg" });
        return res.end();
      case "/files/page.html":
        return send(200, "text/html", "<h1>not a photo</h1>");
      case "/files/lying.png":
        return send(200, "image/png", "<svg xmlns='http://www.w3.org/2000/svg'/>");
      case "/files/broken.png":
        return send(200, "image/png", broken);
      case "/files/to-metadata.jpg":
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
        return res.end();
      default:
        return send(404, "text/plain", "not found");
    }
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  t = await buildTestApp({
    env: { FILE_URL_SECRET: "test-secret-for-signed-file-urls-0123456789" },
    fetcher: createSafeFetcher({ allowedHosts: [new URL(origin).host], maxImageBytes: MAX_IMAGE_BYTES }),
  });
});

let t: TestApp;
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => shop.close(resolve));
});

const linkSave = (c: Customer, body: object) => authedInject(t, c.token, { method: "POST", url: "/api/designs/", payload: body });
const filesOf = (userId: string) => listFiles(path.join(t.dataDir, "uploads", "users", userId));
const tmpFiles = () => listFiles(path.join(t.dataDir, "tmp"));

describe("POST /api/designs/ (extracted product save) with the product's photos", () => {
  it("copies the photos into the design, in order, sending the product page as referer", async () => {
    const c = await signUpCustomer(t);
    const res = await linkSave(c, {
      name: "Solitaire",
      inspiration_link: `${origin}/products/solitaire`,
      image_urls: [`${origin}/files/ring%20front.png`, `${origin}/files/moved.jpg`],
    });
    expect(res.statusCode, res.body).toBe(201);
    const design = res.json<Design>();
    expect(design.images.map((i) => [i.width, i.height])).toEqual([
      [640, 480],
      [500, 500],
    ]);
    expect(referers["/files/ring%20front.png"]).toBe(`${origin}/products/solitaire`);
    // Original, 1024 and 320 renditions of each photo; nothing left waiting in tmp.
    expect(filesOf(c.id)).toHaveLength(6);
    expect(tmpFiles()).toEqual([]);

    // The photo is served like an uploaded one: a signed URL, no Authorization needed.
    const file = await t.app.inject({ method: "GET", url: design.images[0]!.image.replace(/^https?:\/\/[^/]+/, "") });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");

    // Upload History names them after the shop's file names.
    const history = await authedInject(t, c.token, { method: "GET", url: "/api/uploads/" });
    expect(
      history
        .json<Paginated<Upload>>()
        .results.map((u) => [u.file_name, u.status, u.design_name])
        .sort(),
    ).toEqual([
      ["moved.jpg", "completed", "Solitaire"],
      ["ring front.png", "completed", "Solitaire"],
    ]);
  });

  it("saves the design with the photos it could keep, and skips the rest", async () => {
    const c = await signUpCustomer(t);
    const res = await linkSave(c, {
      name: "Pendant",
      image_urls: [
        `${origin}/files/missing.jpg`, // 404
        `${origin}/files/page.html`, // not an image
        `${origin}/files/lying.png`, // says PNG, is SVG
        `${origin}/files/to-metadata.jpg`, // redirect to a private address
        "http://10.0.0.7/ring.jpg", // private address
        `${origin}/files/broken.png`, // a PNG that cannot be decoded
        `${origin}/files/ring-side.jpg`,
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Design>().images.map((i) => i.width)).toEqual([500]);
    expect(filesOf(c.id)).toHaveLength(3);
    expect(tmpFiles()).toEqual([]);
    // Only the undecodable file reached the history, as failed; nothing is left pending.
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.userId, c.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["completed", "failed"]);
  });

  it("saves the design without images when no photo can be fetched", async () => {
    const c = await signUpCustomer(t);
    const res = await linkSave(c, { name: "Studs", image_urls: [`${origin}/files/missing.jpg`] });
    expect(res.statusCode).toBe(201);
    expect(res.json<Design>().images).toEqual([]);
  });

  it("validates image_urls: http(s) links, at most 10", async () => {
    const c = await signUpCustomer(t);
    const eleven = Array.from({ length: 11 }, (_, i) => `${origin}/files/${i}.jpg`);
    const tooMany = await linkSave(c, { image_urls: eleven });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ image_urls: ["A design can have at most 10 images."] });
    const bad = await linkSave(c, { image_urls: ["file:///etc/passwd"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ "image_urls.0": ["Enter a valid URL."] });
    expect(filesOf(c.id)).toEqual([]);
  });

  it("leaves no copied photo in tmp when storing them fails before any is processed (500)", async () => {
    const c = await signUpCustomer(t);
    const ingest = vi.spyOn(t.services.uploads, "ingestImages").mockRejectedValueOnce(new Error("database went away"));
    try {
      const res = await linkSave(c, { name: "Solitaire", image_urls: [`${origin}/files/ring%20front.png`, `${origin}/files/ring-side.jpg`] });
      expect(res.statusCode).toBe(500);
      expect(ingest).toHaveBeenCalledTimes(1);
      expect(tmpFiles()).toEqual([]);
    } finally {
      ingest.mockRestore();
    }
  });
});
