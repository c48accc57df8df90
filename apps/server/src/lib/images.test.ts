import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { animatedGif, corruptPng, jpegWithGps, png, SVG, webp } from "../modules/uploads/test-support.ts";
import { processImage, sniffImageFormat, UnreadableImageError } from "./images.ts";

describe("sniffImageFormat", () => {
  it("recognises the four formats by content and nothing else", async () => {
    expect(await sniffImageFormat(await png())).toBe("png");
    expect(await sniffImageFormat(await jpegWithGps())).toBe("jpeg");
    expect(await sniffImageFormat(await animatedGif())).toBe("gif");
    expect(await sniffImageFormat(await webp())).toBe("webp");
    expect(await sniffImageFormat(SVG)).toBeNull();
    expect(await sniffImageFormat(Buffer.from("just some notes, not a picture"))).toBeNull();
    expect(await sniffImageFormat(await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } }).tiff().toBuffer())).toBeNull();
    expect(await sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe("processImage", () => {
  it("strips EXIF and GPS, turns the photo upright and keeps its format", async () => {
    const input = await jpegWithGps(400, 300);
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const out = await processImage(input, "jpeg");
    const after = await sharp(out.original).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([300, 400]);
    expect([out.width, out.height]).toEqual([300, 400]);
    expect(out.original.includes(Buffer.from("AtelierCam"))).toBe(false);
  });

  it("makes 320 and 1024 px WebP thumbnails, never larger than the original", async () => {
    const out = await processImage(await png(2000, 1000), "png");
    const small = await sharp(out.thumbnails[320]).metadata();
    const large = await sharp(out.thumbnails[1024]).metadata();
    expect([small.format, small.width, small.height]).toEqual(["webp", 320, 160]);
    expect([large.format, large.width, large.height]).toEqual(["webp", 1024, 512]);
    const tiny = await processImage(await png(100, 50), "png");
    expect((await sharp(tiny.thumbnails[1024]).metadata()).width).toBe(100);
  });

  it("keeps a small GIF animated (thumbnails show the first frame)", async () => {
    const out = await processImage(await animatedGif(64, 48), "gif");
    expect(out.animated).toBe(true);
    const meta = await sharp(out.original).metadata();
    expect([meta.format, meta.pages, meta.width, meta.height, meta.delay]).toEqual(["gif", 2, 64, 48, [100, 100]]);
    expect([out.width, out.height]).toEqual([64, 48]);
    expect((await sharp(out.thumbnails[320]).metadata()).pages ?? 1).toBe(1);
  });

  it("rejects bytes that only look like an image", async () => {
    await expect(processImage(await corruptPng(), "png")).rejects.toBeInstanceOf(UnreadableImageError);
  });
});
