import type { FastifyRequest } from "fastify";
import { MAX_CAD_IMAGES, MAX_CAD_MODEL_BYTES, MAX_IMAGE_BYTES } from "@atelier/contract";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../../lib/errors.ts";
import { SNIFF_BYTES, sniffImageFormat } from "../../lib/images.ts";
import { claimedModelFormat, MODEL_SNIFF_BYTES, sniffModelFormat } from "../../lib/models.ts";
import { withMultipart } from "../../lib/multipart.ts";
import type { StagedImage } from "../uploads/multipart.ts";
import type { StagedModel } from "../uploads/uploads.service.ts";

export interface CadForm {
  images: StagedImage[];
  model: StagedModel | null;
  description: string;
}

const isImageField = (field: string) => field === "images" || field === "images[]";

/**
 * Reads a CAD upload, then runs `use` with it: repeated `images` (1 to 10 renderings, 10 MB each),
 * one optional `model` (STL, OBJ, GLB, 3DM or STEP, 50 MB) and a `description`. Every file's type
 * is read from its content. The temporary files are gone when `use` is over, whatever happened
 * (a refusal of the whole form, or the service's 404 or 409).
 */
export function withCadForm<T>(req: FastifyRequest, tmpDir: string, use: (form: CadForm) => Promise<T>): Promise<T> {
  if (!req.isMultipart()) throw new UnsupportedMediaTypeError("Send the CAD version as multipart/form-data.");
  const form: CadForm = { images: [], model: null, description: "" };
  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => (errors[field] ??= []).push(message);
  return withMultipart(
    req,
    {
      tmpDir,
      limits: { fileSize: MAX_CAD_MODEL_BYTES, files: MAX_CAD_IMAGES + 1, fields: 10, fieldSize: 64 * 1024 },
      onField: (name, value) => {
        if (name === "description") form.description = String(value).trim().slice(0, 5000);
      },
      onFileStart: (field) => {
        if (!isImageField(field) && field !== "model") {
          throw new ValidationError({ [field]: ['Unexpected file. Renderings go in "images", the 3D file in "model".'] });
        }
        if (field === "model" && form.model) throw new ValidationError({ model: ["Send one 3D file per version."] });
        return isImageField(field) ? SNIFF_BYTES : MODEL_SNIFF_BYTES;
      },
      onFile: async ({ field, tmpPath, fileName, size, head, truncated }) => {
        if (truncated) throw new PayloadTooLargeError(`${fileName} is larger than ${MAX_CAD_MODEL_BYTES / 1024 / 1024} MB.`);
        if (isImageField(field)) {
          if (size > MAX_IMAGE_BYTES) throw new PayloadTooLargeError(`${fileName} is larger than 10 MB.`);
          const format = size > 0 ? await sniffImageFormat(head) : null;
          if (!format) refuse("images", `${fileName} is not a PNG, JPEG, GIF or WebP image.`);
          else form.images.push({ tmpPath, fileName, size, format });
          return format !== null;
        }
        const format = sniffModelFormat(head, size);
        const claimed = claimedModelFormat(fileName);
        if (!format) refuse("model", `${fileName} is not a 3D model we can read (STL, OBJ, GLB, 3DM or STEP).`);
        else if (claimed && claimed !== format) refuse("model", `${fileName} is not a valid ${claimed.toUpperCase()} file.`);
        else form.model = { tmpPath, fileName, size, format };
        return form.model?.tmpPath === tmpPath;
      },
      pluginError: (code) => {
        if (code === "FST_FILES_LIMIT") return new ValidationError({ images: [`Send at most ${MAX_CAD_IMAGES} renderings and one 3D file.`] });
        if (code === "FST_REQ_FILE_TOO_LARGE") return new PayloadTooLargeError(`A file is larger than ${MAX_CAD_MODEL_BYTES / 1024 / 1024} MB.`);
        return undefined;
      },
    },
    () => {
      if (form.images.length === 0 && !errors.images) refuse("images", "Add at least one rendering of this version.");
      if (form.images.length > MAX_CAD_IMAGES) refuse("images", `Send at most ${MAX_CAD_IMAGES} renderings.`);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      return use(form);
    },
  );
}
