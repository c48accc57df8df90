import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE, MAX_IMAGE_BYTES, MAX_IMAGES_PER_DESIGN } from "@atelier/contract";
import { AppError, BadRequestError, PayloadTooLargeError, ValidationError } from "../../lib/errors.ts";
import { sniffImageFormat, SNIFF_BYTES, type ImageFormat } from "../../lib/images.ts";
import { parseJsonText } from "../../lib/json-input.ts";
import {
  tooLargeMessage,
  tooManyAttachmentsMessage,
  tooManyImagesMessage,
  unsupportedAttachmentMessage,
  unsupportedImageMessage,
} from "./upload-messages.ts";

/** An uploaded file accepted by content and waiting in a temporary file to be processed. */
export interface StagedImage {
  tmpPath: string;
  /** The name on the user's device, cleaned for display. */
  fileName: string;
  size: number;
  format: ImageFormat;
}

export interface ImageForm {
  /** The `data` field: the raw string, or the value already parsed when it was sent as application/json. */
  data: { present: false } | { present: true; value: unknown; raw: boolean; truncated: boolean };
  files: StagedImage[];
  /** One message per refused file, in upload order. */
  imageErrors: string[];
  /** Removes the temporary files; call it when the request is over, whatever happened. */
  cleanup(): Promise<void>;
}

const IMAGE_FIELDS = new Set(["images", "images[]"]);

/** A display name: no directories, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 255);
  return cleaned || "image";
}

/**
 * Reads a multipart body of repeated `images` files plus fields. Each file streams to a temporary
 * file while its size is counted against the limit (the multipart plugin stops at 10 MB) and its
 * first bytes are kept to recognise the format. Refused files are reported, not kept.
 */
export async function readImageForm(req: FastifyRequest, tmpDir: string): Promise<ImageForm> {
  await fsp.mkdir(tmpDir, { recursive: true });
  const tmpPaths: string[] = [];
  const form: ImageForm = {
    data: { present: false },
    files: [],
    imageErrors: [],
    cleanup: async () => {
      await Promise.all(tmpPaths.map((p) => fsp.rm(p, { force: true })));
    },
  };
  try {
    for await (const part of req.parts()) {
      if (part.type === "field") {
        if (part.fieldname === "data") {
          form.data = { present: true, value: part.value, raw: typeof part.value === "string", truncated: part.valueTruncated };
        }
        continue;
      }
      const fileName = cleanFileName(part.filename);
      if (!IMAGE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw new ValidationError({ [part.fieldname]: ['Unexpected file. Reference images go in the "images" field.'] });
      }
      const tmpPath = path.join(tmpDir, `${crypto.randomUUID()}.upload`);
      tmpPaths.push(tmpPath);
      const { head, size } = await streamToTempFile(part.file, tmpPath, SNIFF_BYTES);
      if (part.file.truncated || size > MAX_IMAGE_BYTES) throw new PayloadTooLargeError(tooLargeMessage(fileName));
      const format = size > 0 ? await sniffImageFormat(head) : null;
      if (format === null) {
        form.imageErrors.push(unsupportedImageMessage(fileName));
        await fsp.rm(tmpPath, { force: true });
        continue;
      }
      form.files.push({ tmpPath, fileName, size, format });
    }
  } catch (err) {
    await form.cleanup();
    throw translatePluginError(err);
  }
  if (form.files.length + form.imageErrors.length > MAX_IMAGES_PER_DESIGN) {
    await form.cleanup();
    throw new ValidationError({ images: [tooManyImagesMessage()] });
  }
  return form;
}

/**
 * Streams an uploaded file to a private temporary file, counting its bytes and keeping its first
 * `keepBytes` so its type can be read from its content.
 */
export async function streamToTempFile(
  file: AsyncIterable<Buffer> & NodeJS.ReadableStream,
  tmpPath: string,
  keepBytes: number,
): Promise<{ head: Buffer; size: number }> {
  let head = Buffer.alloc(0);
  let size = 0;
  await pipeline(
    file,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (head.length < keepBytes) head = Buffer.concat([head, chunk.subarray(0, keepBytes - head.length)]);
        yield chunk;
      }
    },
    fs.createWriteStream(tmpPath, { mode: 0o600 }),
  );
  return { head, size };
}

/** The multipart plugin's own errors, in the API's words (also for the CAD form's reader). */
export function translatePluginError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  switch (code) {
    case "FST_FILES_LIMIT":
      return new ValidationError({ images: [tooManyImagesMessage()] });
    case "FST_REQ_FILE_TOO_LARGE": {
      const name = (err as { part?: { filename?: string } }).part?.filename;
      return new PayloadTooLargeError(tooLargeMessage(cleanFileName(name)));
    }
    case "FST_INVALID_JSON_FIELD_ERROR":
      return new ValidationError({ data: ["The data field is not valid JSON."] });
    default:
      break;
  }
  if (
    err instanceof AppError ||
    (err as { statusCode?: number }).statusCode !== undefined ||
    (err as { syscall?: string }).syscall !== undefined
  ) {
    return err;
  }
  // The parser's own complaints (no or empty boundary, a boundary that never appears, a body cut
  // off inside a part) are plain Errors: the client sent a broken body.
  return new BadRequestError("Malformed multipart body: it must be multipart/form-data with a boundary, and complete.");
}

/** A message attachment accepted by content: an image (processed like every image) or a PDF (kept as sent). */
export type StagedAttachment = ({ type: "image" } & StagedImage) | { type: "pdf"; tmpPath: string; fileName: string; size: number };

export interface AttachmentForm {
  /** The `text` field, or `text` of the `data` JSON field; null when neither came. */
  text: unknown;
  files: StagedAttachment[];
  cleanup(): Promise<void>;
}

const ATTACHMENT_FIELDS = new Set(["files", "files[]", "attachments"]);
const isPdf = (head: Buffer) => head.subarray(0, 5).toString("latin1") === "%PDF-";

/**
 * Reads a message sent as multipart: `text` (or a `data` JSON field `{text}`) and up to
 * MAX_ATTACHMENTS_PER_MESSAGE `files`, each an image or a PDF recognised by its content and at most
 * 10 MB (counted while streaming). Any refused file refuses the message: nothing is kept.
 */
export async function readAttachmentForm(req: FastifyRequest, tmpDir: string): Promise<AttachmentForm> {
  await fsp.mkdir(tmpDir, { recursive: true });
  const tmpPaths: string[] = [];
  const form: AttachmentForm = {
    text: null,
    files: [],
    cleanup: async () => {
      await Promise.all(tmpPaths.map((p) => fsp.rm(p, { force: true })));
    },
  };
  try {
    for await (const part of req.parts()) {
      if (part.type === "field") {
        if (part.fieldname === "text") form.text = part.value;
        else if (part.fieldname === "data") {
          let value: unknown = part.value;
          if (typeof value === "string") value = parseJsonText(value, "The data field is not valid JSON.");
          if (typeof value !== "object" || value === null || Array.isArray(value)) {
            throw new ValidationError({ data: ["The data field must be a JSON object."] });
          }
          form.text = (value as { text?: unknown }).text ?? null;
        }
        continue;
      }
      const fileName = cleanFileName(part.filename);
      if (!ATTACHMENT_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw new ValidationError({ [part.fieldname]: ['Unexpected file. Attachments go in the "files" field.'] });
      }
      if (form.files.length >= MAX_ATTACHMENTS_PER_MESSAGE) {
        part.file.resume();
        throw new ValidationError({ files: [tooManyAttachmentsMessage()] });
      }
      const tmpPath = path.join(tmpDir, `${crypto.randomUUID()}.upload`);
      tmpPaths.push(tmpPath);
      const { head, size } = await streamToTempFile(part.file, tmpPath, SNIFF_BYTES);
      if (part.file.truncated || size > MAX_ATTACHMENT_BYTES) throw new PayloadTooLargeError(tooLargeMessage(fileName));
      const format = size > 0 ? await sniffImageFormat(head) : null;
      if (format) form.files.push({ type: "image", tmpPath, fileName, size, format });
      else if (size > 0 && isPdf(head)) form.files.push({ type: "pdf", tmpPath, fileName, size });
      else throw new ValidationError({ files: [unsupportedAttachmentMessage(fileName)] });
    }
  } catch (err) {
    await form.cleanup();
    const code = (err as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw new ValidationError({ files: [tooManyAttachmentsMessage()] });
    throw translatePluginError(err);
  }
  return form;
}
