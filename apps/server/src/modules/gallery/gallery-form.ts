import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { MAX_IMAGE_BYTES, type FieldErrors } from "@atelier/contract";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../../lib/errors.ts";
import { SNIFF_BYTES, sniffImageFormat, type ImageFormat } from "../../lib/images.ts";
import { cleanFileName, streamToTempFile, translatePluginError, type StagedImage } from "../uploads/multipart.ts";
import { tooLargeMessage } from "../uploads/upload-messages.ts";

/** The photographs a gallery post may show: GIF is for customers' references, not for the shop window. */
const GALLERY_FORMATS: readonly ImageFormat[] = ["jpeg", "png", "webp"];
const FIELDS = new Set(["customer_name", "customer_quote", "date", "published"]);

export const notGalleryImageMessage = (fileName: string) => `"${fileName}" is not a JPEG, PNG or WebP image.`;
export const MISSING_IMAGE_MESSAGE = "Add a photograph of the piece.";

export interface GalleryForm {
  fields: Record<string, string>;
  image: StagedImage | null;
  /** Removes the temporary file; call it when the request is over, whatever happened. */
  cleanup(): Promise<void>;
}

/**
 * Reads a gallery post's multipart body: the text fields and at most one `image` (JPEG, PNG or
 * WebP by content, 10 MB). The file streams to a temporary file while its size is counted; a
 * refused file is never kept.
 */
export async function readGalleryForm(req: FastifyRequest, tmpDir: string): Promise<GalleryForm> {
  if (!req.isMultipart()) throw new UnsupportedMediaTypeError("Send the post as multipart/form-data.");
  await fsp.mkdir(tmpDir, { recursive: true });
  const tmpPaths: string[] = [];
  const form: GalleryForm = {
    fields: {},
    image: null,
    cleanup: async () => {
      await Promise.all(tmpPaths.map((p) => fsp.rm(p, { force: true })));
    },
  };
  const errors: FieldErrors = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 10, fieldSize: 16 * 1024 } })) {
      if (part.type === "field") {
        if (FIELDS.has(part.fieldname)) form.fields[part.fieldname] = String(part.value).replaceAll("\0", "");
        continue;
      }
      const fileName = cleanFileName(part.filename);
      if (part.fieldname !== "image") {
        part.file.resume();
        throw new ValidationError({ [part.fieldname]: ['Unexpected file. The photograph goes in the "image" field.'] });
      }
      if (form.image || errors.image) {
        part.file.resume();
        throw new ValidationError({ image: ["Send one photograph per post."] });
      }
      const tmpPath = path.join(tmpDir, `${crypto.randomUUID()}.upload`);
      tmpPaths.push(tmpPath);
      const { head, size } = await streamToTempFile(part.file, tmpPath, SNIFF_BYTES);
      if (part.file.truncated || size > MAX_IMAGE_BYTES) throw new PayloadTooLargeError(tooLargeMessage(fileName));
      const format = size > 0 ? await sniffImageFormat(head) : null;
      if (!format || !GALLERY_FORMATS.includes(format)) {
        errors.image = [notGalleryImageMessage(fileName)];
        await fsp.rm(tmpPath, { force: true });
        continue;
      }
      form.image = { tmpPath, fileName, size, format };
    }
  } catch (err) {
    await form.cleanup();
    if ((err as { code?: string }).code === "FST_FILES_LIMIT") throw new ValidationError({ image: ["Send one photograph per post."] });
    throw translatePluginError(err);
  }
  if (Object.keys(errors).length > 0) {
    await form.cleanup();
    throw new ValidationError(errors);
  }
  return form;
}

