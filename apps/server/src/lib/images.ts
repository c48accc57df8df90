import { fileTypeFromBuffer } from "file-type";
import type * as SharpModule from "sharp";
import type { Sharp } from "sharp";
import { lazy } from "./lazy.ts";

/** The image formats accepted for upload, recognised by content (magic bytes), never by name. */
export const IMAGE_FORMATS = {
  png: { contentType: "image/png", ext: "png" },
  jpeg: { contentType: "image/jpeg", ext: "jpg" },
  gif: { contentType: "image/gif", ext: "gif" },
  webp: { contentType: "image/webp", ext: "webp" },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

/** Bytes that are enough to recognise every accepted format. */
export const SNIFF_BYTES = 4100;

/** Long edge of the WebP thumbnails made for every image. */
export const THUMBNAIL_SIZES = [320, 1024] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/** A decompression bomb guard: 10 MB of PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 100_000_000;
/** Animated GIF/WebP keep their frames while this cheap; larger animations keep the first frame only. */
const MAX_ANIMATED_PIXELS = 40_000_000;
const MAX_ANIMATED_FRAMES = 300;

/**
 * sharp (libvips, ~8 MB resident) is loaded with the first image processed, not at start-up.
 * Uploads are processed one at a time per request; libvips' operation cache only holds memory here.
 */
const loadSharp = lazy<typeof SharpModule>(() =>
  import("sharp").then((mod) => {
    mod.default.cache(false);
    return mod;
  }),
);

/** The accepted format of these leading bytes, or null (SVG, HEIC, text, anything else). */
export async function sniffImageFormat(head: Uint8Array): Promise<ImageFormat | null> {
  const type = await fileTypeFromBuffer(head);
  switch (type?.mime) {
    case "image/png":
    case "image/apng":
      return "png";
    case "image/jpeg":
      return "jpeg";
    case "image/gif":
      return "gif";
    case "image/webp":
      return "webp";
    default:
      return null;
  }
}

export class UnreadableImageError extends Error {}

export interface ProcessedImage {
  format: ImageFormat;
  contentType: string;
  ext: string;
  width: number;
  height: number;
  /** The original re-encoded in its own format, upright, without any metadata (EXIF, GPS, XMP, ICC, text chunks). */
  original: Buffer;
  /** WebP thumbnails keyed by long edge; never larger than the original. */
  thumbnails: Record<ThumbnailSize, Buffer>;
  animated: boolean;
}

/**
 * Re-encodes an accepted image (a file path or bytes) so that nothing but pixels survives, and
 * makes its thumbnails. Rejects with `UnreadableImageError` when the bytes cannot be decoded.
 */
export async function processImage(input: string | Buffer, format: ImageFormat): Promise<ProcessedImage> {
  const { default: sharp } = await loadSharp();
  const open = (animated: boolean) => sharp(input, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated });
  try {
    const meta = await open(false).metadata();
    const frames = meta.pages ?? 1;
    const frameHeight = meta.pageHeight ?? meta.height;
    const animated =
      (format === "gif" || format === "webp") &&
      frames > 1 &&
      frames <= MAX_ANIMATED_FRAMES &&
      meta.width * frameHeight * frames <= MAX_ANIMATED_PIXELS;

    // Frames of an animation carry no EXIF orientation worth honouring; still images are turned upright.
    const base = animated ? open(true) : open(false).autoOrient();
    let encoded: Sharp;
    switch (format) {
      case "jpeg":
        encoded = base.jpeg({ quality: 90 });
        break;
      case "png":
        encoded = base.png({ compressionLevel: 6 });
        break;
      case "gif":
        encoded = base.gif();
        break;
      case "webp":
        encoded = base.webp({ quality: 90 });
        break;
    }
    const { data: original, info } = await encoded.toBuffer({ resolveWithObject: true });
    const height = animated ? (info.pageHeight ?? frameHeight) : info.height;

    const thumbnails = {} as Record<ThumbnailSize, Buffer>;
    for (const size of THUMBNAIL_SIZES) {
      thumbnails[size] = await open(false)
        .autoOrient()
        .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80, effort: 2 })
        .toBuffer();
    }
    return { format, ...IMAGE_FORMATS[format], width: info.width, height, original, thumbnails, animated };
  } catch (err) {
    throw new UnreadableImageError(err instanceof Error ? err.message : String(err));
  }
}
