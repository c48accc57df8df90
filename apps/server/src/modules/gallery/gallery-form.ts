import type { FastifyRequest } from "fastify";
import { MAX_IMAGE_BYTES, type FieldErrors } from "@atelier/contract";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../../lib/errors.ts";
import { SNIFF_BYTES, sniffImageFormat, type ImageFormat } from "../../lib/images.ts";
import { withMultipart } from "../../lib/multipart.ts";
import type { StagedImage } from "../uploads/multipart.ts";
import { tooLargeMessage } from "../uploads/upload-messages.ts";

/** The photographs a gallery post may show: GIF is for customers' references, not for the shop window. */
const GALLERY_FORMATS: readonly ImageFormat[] = ["jpeg", "png", "webp"];
const FIELDS = new Set(["customer_name", "customer_quote", "date", "published"]);

export const notGalleryImageMessage = (fileName: string) => `"${fileName}" is not a JPEG, PNG or WebP image.`;
export const MISSING_IMAGE_MESSAGE = "Add a photograph of the piece.";

export interface GalleryForm {
  fields: Record<string, string>;
  image: StagedImage | null;
}

/**
 * Reads a gallery post's multipart body, then runs `use` with it: the text fields and at most one
 * `image` (JPEG, PNG or WebP by content, 10 MB). The temporary file is gone when `use` is over,
 * whatever happened.
 */
export function withGalleryForm<T>(req: FastifyRequest, tmpDir: string, use: (form: GalleryForm) => Promise<T>): Promise<T> {
  if (!req.isMultipart()) throw new UnsupportedMediaTypeError("Send the post as multipart/form-data.");
  const form: GalleryForm = { fields: {}, image: null };
  const errors: FieldErrors = {};
  return withMultipart(
    req,
    {
      tmpDir,
      limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 10, fieldSize: 16 * 1024 },
      onField: (name, value) => {
        if (FIELDS.has(name)) form.fields[name] = String(value);
      },
      onFileStart: (field) => {
        if (field !== "image") throw new ValidationError({ [field]: ['Unexpected file. The photograph goes in the "image" field.'] });
        if (form.image || errors.image) throw new ValidationError({ image: ["Send one photograph per post."] });
        return SNIFF_BYTES;
      },
      onFile: async ({ tmpPath, fileName, size, head, truncated }) => {
        if (truncated || size > MAX_IMAGE_BYTES) throw new PayloadTooLargeError(tooLargeMessage(fileName));
        const format = size > 0 ? await sniffImageFormat(head) : null;
        if (!format || !GALLERY_FORMATS.includes(format)) {
          errors.image = [notGalleryImageMessage(fileName)];
          return false;
        }
        form.image = { tmpPath, fileName, size, format };
        return true;
      },
      pluginError: (code) => (code === "FST_FILES_LIMIT" ? new ValidationError({ image: ["Send one photograph per post."] }) : undefined),
    },
    () => {
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      return use(form);
    },
  );
}

