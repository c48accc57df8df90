import type { FastifyRequest } from "fastify";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE, MAX_IMAGE_BYTES, MAX_IMAGES_PER_DESIGN } from "@atelier/contract";
import { PayloadTooLargeError, ValidationError } from "../../lib/errors.ts";
import { sniffImageFormat, SNIFF_BYTES, type ImageFormat } from "../../lib/images.ts";
import { parseJsonText } from "../../lib/json-input.ts";
import { cleanFileName, withMultipart } from "../../lib/multipart.ts";
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
}

const IMAGE_FIELDS = new Set(["images", "images[]"]);

/**
 * Reads a multipart body of repeated `images` files plus fields, then runs `use` with it. Each file
 * is checked by content and size (10 MB); refused files are reported, not kept; the temporary
 * files are gone when `use` is over, whatever happened.
 */
export function withImageForm<T>(req: FastifyRequest, tmpDir: string, use: (form: ImageForm) => Promise<T>): Promise<T> {
  const form: ImageForm = { data: { present: false }, files: [], imageErrors: [] };
  return withMultipart(
    req,
    {
      tmpDir,
      onField: (name, value, truncated) => {
        if (name === "data") form.data = { present: true, value, raw: typeof value === "string", truncated };
      },
      onFileStart: (field) => {
        if (!IMAGE_FIELDS.has(field)) throw new ValidationError({ [field]: ['Unexpected file. Reference images go in the "images" field.'] });
        return SNIFF_BYTES;
      },
      onFile: async ({ tmpPath, fileName, size, head, truncated }) => {
        if (truncated || size > MAX_IMAGE_BYTES) throw new PayloadTooLargeError(tooLargeMessage(fileName));
        const format = size > 0 ? await sniffImageFormat(head) : null;
        if (format === null) {
          form.imageErrors.push(unsupportedImageMessage(fileName));
          return false;
        }
        form.files.push({ tmpPath, fileName, size, format });
        return true;
      },
      pluginError: (code, err) => {
        if (code === "FST_FILES_LIMIT") return new ValidationError({ images: [tooManyImagesMessage()] });
        if (code === "FST_REQ_FILE_TOO_LARGE") {
          const name = (err as { part?: { filename?: string } }).part?.filename;
          return new PayloadTooLargeError(tooLargeMessage(cleanFileName(name)));
        }
        return undefined;
      },
    },
    () => {
      if (form.files.length + form.imageErrors.length > MAX_IMAGES_PER_DESIGN) throw new ValidationError({ images: [tooManyImagesMessage()] });
      return use(form);
    },
  );
}

/** A message attachment accepted by content: an image (processed like every image) or a PDF (kept as sent). */
export type StagedAttachment = ({ type: "image" } & StagedImage) | { type: "pdf"; tmpPath: string; fileName: string; size: number };

export interface AttachmentForm {
  /** The `text` field, or `text` of the `data` JSON field; null when neither came. */
  text: unknown;
  files: StagedAttachment[];
}

const ATTACHMENT_FIELDS = new Set(["files", "files[]", "attachments"]);
const isPdf = (head: Buffer) => head.subarray(0, 5).toString("latin1") === "%PDF-";

/**
 * Reads a message sent as multipart, then runs `use` with it: `text` (or a `data` JSON field
 * `{text}`) and up to MAX_ATTACHMENTS_PER_MESSAGE `files`, each an image or a PDF recognised by its
 * content and at most 10 MB. Any refused file refuses the message; the temporary files are gone
 * when `use` is over, whatever happened.
 */
export function withAttachmentForm<T>(req: FastifyRequest, tmpDir: string, use: (form: AttachmentForm) => Promise<T>): Promise<T> {
  const form: AttachmentForm = { text: null, files: [] };
  return withMultipart(
    req,
    {
      tmpDir,
      onField: (name, value) => {
        if (name === "text") form.text = value;
        else if (name === "data") {
          const parsed = typeof value === "string" ? parseJsonText(value, "The data field is not valid JSON.") : value;
          if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
            throw new ValidationError({ data: ["The data field must be a JSON object."] });
          }
          form.text = (parsed as { text?: unknown }).text ?? null;
        }
      },
      onFileStart: (field) => {
        if (!ATTACHMENT_FIELDS.has(field)) throw new ValidationError({ [field]: ['Unexpected file. Attachments go in the "files" field.'] });
        if (form.files.length >= MAX_ATTACHMENTS_PER_MESSAGE) throw new ValidationError({ files: [tooManyAttachmentsMessage()] });
        return SNIFF_BYTES;
      },
      onFile: async ({ tmpPath, fileName, size, head, truncated }) => {
        if (truncated || size > MAX_ATTACHMENT_BYTES) throw new PayloadTooLargeError(tooLargeMessage(fileName));
        const format = size > 0 ? await sniffImageFormat(head) : null;
        if (format) form.files.push({ type: "image", tmpPath, fileName, size, format });
        else if (size > 0 && isPdf(head)) form.files.push({ type: "pdf", tmpPath, fileName, size });
        else throw new ValidationError({ files: [unsupportedAttachmentMessage(fileName)] });
        return true;
      },
      pluginError: (code, err) => {
        if (code === "FST_FILES_LIMIT") return new ValidationError({ files: [tooManyAttachmentsMessage()] });
        if (code === "FST_REQ_FILE_TOO_LARGE") {
          const name = (err as { part?: { filename?: string } }).part?.filename;
          return new PayloadTooLargeError(tooLargeMessage(cleanFileName(name)));
        }
        return undefined;
      },
    },
    () => use(form),
  );
}
