/**
 * Helpers for tests that upload files: a multipart body builder and images made with sharp
 * (no binary fixtures in the repository).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { signUp, type TestApp } from "../../test/helpers.ts";

export type Part =
  | { name: string; value: string; contentType?: string }
  | { name: string; filename: string; data: Buffer; contentType?: string };

/** A multipart/form-data body for `app.inject` (or fetch) with its content-type header. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atelier${crypto.randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ("filename" in part) {
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? "application/octet-stream"}\r\n\r\n`;
      chunks.push(Buffer.from(head), part.data, Buffer.from("\r\n"));
    } else {
      head += part.contentType ? `\r\nContent-Type: ${part.contentType}\r\n\r\n` : "\r\n\r\n";
      chunks.push(Buffer.from(head), Buffer.from(part.value), Buffer.from("\r\n"));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** The `data` field and image files of a design form. */
export function designForm(data: unknown, images: { filename: string; data: Buffer; contentType?: string }[] = []) {
  return multipart([
    { name: "data", value: typeof data === "string" ? data : JSON.stringify(data) },
    ...images.map((img) => ({ name: "images", filename: img.filename, data: img.data, contentType: img.contentType ?? "image/jpeg" })),
  ]);
}

const solid = (width: number, height: number, rgb: [number, number, number] = [180, 140, 90]) =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } });

/** A JPEG carrying camera EXIF, a GPS position and EXIF orientation 6 (rotate 90°). */
export function jpegWithGps(width = 400, height = 300): Promise<Buffer> {
  return solid(width, height)
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: "AtelierCam", Model: "Secret Model", Copyright: "Customer" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "77/1 35/1 0/1" },
      },
    })
    .toBuffer();
}

export const png = (width = 300, height = 200) => solid(width, height, [20, 90, 160]).png().toBuffer();
export const webp = (width = 300, height = 200) => solid(width, height, [60, 160, 60]).webp().toBuffer();
export const jpeg = (width = 300, height = 200) => solid(width, height).jpeg().toBuffer();

/** A two-frame animated GIF. */
export async function animatedGif(width = 64, height = 48): Promise<Buffer> {
  const a = await solid(width, height, [200, 30, 30]).raw().toBuffer();
  const b = await solid(width, height, [30, 30, 200]).raw().toBuffer();
  return sharp(Buffer.concat([a, b]), { raw: { width, height: height * 2, channels: 3, pageHeight: height } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
}

/** Noise compresses badly: a JPEG of about `targetBytes` (used by tests of the size limit and the bench). */
export async function noisyJpeg(targetBytes: number): Promise<Buffer> {
  // Random pixels at q100 without chroma subsampling cost about 2.9 bytes per pixel.
  const pixels = Math.ceil(targetBytes / 2.9);
  const width = Math.ceil(Math.sqrt(pixels * 1.5));
  const height = Math.ceil(pixels / width);
  const raw = crypto.randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 100, chromaSubsampling: "4:4:4" }).toBuffer();
}

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
/** A real PNG header followed by garbage: accepted by content sniffing, refused by the decoder. */
export async function corruptPng(): Promise<Buffer> {
  const real = await png(300, 200);
  return Buffer.concat([real.subarray(0, 33), Buffer.from("not image data ".repeat(20))]);
}

/** Every file under a directory, as sorted slash-separated relative paths (temporary `.tmp` files excluded). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== ".tmp") walk(p);
      } else out.push(path.relative(dir, p).split(path.sep).join("/"));
    }
  };
  walk(dir);
  return out.sort();
}

export interface Customer {
  token: string;
  id: string;
}

/** A signed-up customer: their token and id. */
export async function signUpCustomer(t: TestApp): Promise<Customer> {
  const s = await signUp(t);
  return { token: s.token, id: s.user.id };
}
