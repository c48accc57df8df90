import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { MAX_CAD_IMAGES, MAX_CAD_MODEL_BYTES, MAX_IMAGE_BYTES } from "@atelier/contract";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../../lib/errors.ts";
import { SNIFF_BYTES, sniffImageFormat } from "../../lib/images.ts";
import { claimedModelFormat, MODEL_SNIFF_BYTES, sniffModelFormat } from "../../lib/models.ts";
import { cleanFileName, streamToTempFile, translatePluginError, type StagedImage } from "../uploads/multipart.ts";
import type { StagedModel } from "../uploads/uploads.service.ts";

export interface CadForm {
  images: StagedImage[];
  model: StagedModel | null;
  description: string;
  cleanup(): Promise<void>;
}

/**
 * Reads a CAD upload: repeated `images` (1 to 10 renderings, 10 MB each), one optional `model`
 * (STL, OBJ, GLB, 3DM or STEP, 50 MB) and a `description`. Every file streams to a temporary file
 * while its size is counted; its type is read from its content. Nothing is kept on a refusal.
 */
export async function readCadForm(req: FastifyRequest, tmpDir: string): Promise<CadForm> {
  if (!req.isMultipart()) throw new UnsupportedMediaTypeError("Send the CAD version as multipart/form-data.");
  await fsp.mkdir(tmpDir, { recursive: true });
  const tmpPaths: string[] = [];
  const form: CadForm = {
    images: [],
    model: null,
    description: "",
    cleanup: async () => {
      await Promise.all(tmpPaths.map((p) => fsp.rm(p, { force: true })));
    },
  };
  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => (errors[field] ??= []).push(message);
  try {
    for await (const part of req.parts({
      limits: { fileSize: MAX_CAD_MODEL_BYTES, files: MAX_CAD_IMAGES + 1, fields: 10, fieldSize: 64 * 1024 },
    })) {
      if (part.type === "field") {
        if (part.fieldname === "description") form.description = String(part.value).replaceAll("\0", "").trim().slice(0, 5000);
        continue;
      }
      const fileName = cleanFileName(part.filename);
      const isImage = part.fieldname === "images" || part.fieldname === "images[]";
      if (!isImage && part.fieldname !== "model") {
        part.file.resume();
        throw new ValidationError({ [part.fieldname]: ['Unexpected file. Renderings go in "images", the 3D file in "model".'] });
      }
      if (part.fieldname === "model" && form.model) {
        part.file.resume();
        throw new ValidationError({ model: ["Send one 3D file per version."] });
      }
      const tmpPath = path.join(tmpDir, `${crypto.randomUUID()}.upload`);
      tmpPaths.push(tmpPath);
      const { head, size } = await streamToTempFile(part.file, tmpPath, isImage ? SNIFF_BYTES : MODEL_SNIFF_BYTES);
      if (part.file.truncated) throw new PayloadTooLargeError(`${fileName} is larger than ${MAX_CAD_MODEL_BYTES / 1024 / 1024} MB.`);
      if (isImage) {
        if (size > MAX_IMAGE_BYTES) throw new PayloadTooLargeError(`${fileName} is larger than 10 MB.`);
        const format = size > 0 ? await sniffImageFormat(head) : null;
        if (!format) refuse("images", `${fileName} is not a PNG, JPEG, GIF or WebP image.`);
        else form.images.push({ tmpPath, fileName, size, format });
        continue;
      }
      const format = sniffModelFormat(head, size);
      const claimed = claimedModelFormat(fileName);
      if (!format) refuse("model", `${fileName} is not a 3D model we can read (STL, OBJ, GLB, 3DM or STEP).`);
      else if (claimed && claimed !== format) refuse("model", `${fileName} is not a valid ${claimed.toUpperCase()} file.`);
      else form.model = { tmpPath, fileName, size, format };
    }
  } catch (err) {
    await form.cleanup();
    const code = (err as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw new ValidationError({ images: [`Send at most ${MAX_CAD_IMAGES} renderings and one 3D file.`] });
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new PayloadTooLargeError(`A file is larger than ${MAX_CAD_MODEL_BYTES / 1024 / 1024} MB.`);
    // A broken body (no or empty boundary, cut off inside a part) is the client's: 400, as for designs.
    throw translatePluginError(err);
  }
  if (form.images.length === 0 && !errors.images) refuse("images", "Add at least one rendering of this version.");
  if (form.images.length > MAX_CAD_IMAGES) refuse("images", `Send at most ${MAX_CAD_IMAGES} renderings.`);
  if (Object.keys(errors).length > 0) {
    await form.cleanup();
    throw new ValidationError(errors);
  }
  return form;
}
