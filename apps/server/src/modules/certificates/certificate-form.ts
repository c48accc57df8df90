import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { MAX_CERTIFICATE_BYTES } from "@atelier/contract";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../../lib/errors.ts";
import { SNIFF_BYTES, sniffImageFormat } from "../../lib/images.ts";
import { DEPTH_MESSAGE, JsonInputError, parseJsonText, valueExceedsDepth, cleanStrings } from "../../lib/json-input.ts";
import { cleanFileName, streamToTempFile, translatePluginError } from "../uploads/multipart.ts";
import type { StagedDocument } from "../uploads/uploads.service.ts";

export interface CertificateForm {
  /** The `data` field parsed as JSON (undefined when it was not sent). */
  data: unknown;
  file: StagedDocument | null;
  cleanup(): Promise<void>;
}

const MAX_MB = MAX_CERTIFICATE_BYTES / 1024 / 1024;
export const notACertificateMessage = (fileName: string) => `"${fileName}" is not a PDF or an image (JPEG, PNG or WebP).`;
export const certificateTooLargeMessage = (fileName: string) => `"${fileName}" is larger than ${MAX_MB} MB.`;
export const MISSING_FILE_MESSAGE = "Attach the certificate as a PDF or an image.";

/** What a certificate's first bytes are: a PDF (its "%PDF-" header), an accepted image, or null. */
export async function sniffCertificateFormat(head: Buffer): Promise<StagedDocument["format"] | null> {
  if (head.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  const image = await sniffImageFormat(head);
  return image === "gif" ? null : image;
}

/**
 * Reads POST /api/staff/orders/{id}/certificates/: a `data` field (JSON) and one `file`. The file
 * streams to a temporary file while its size is counted (10 MB); its type comes from its content,
 * never its name or declared type. Nothing is kept on a refusal.
 */
export async function readCertificateForm(req: FastifyRequest, tmpDir: string): Promise<CertificateForm> {
  if (!req.isMultipart()) throw new UnsupportedMediaTypeError("Send the certificate as multipart/form-data: data (JSON) and file.");
  await fsp.mkdir(tmpDir, { recursive: true });
  const tmpPaths: string[] = [];
  const form: CertificateForm = {
    data: undefined,
    file: null,
    cleanup: async () => {
      await Promise.all(tmpPaths.map((p) => fsp.rm(p, { force: true })));
    },
  };
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_CERTIFICATE_BYTES, files: 1, fields: 5, fieldSize: 16 * 1024 } })) {
      if (part.type === "field") {
        if (part.fieldname === "data") {
          if (part.valueTruncated) throw new ValidationError({ data: ["The data field is too long."] });
          if (typeof part.value === "string") form.data = parseJsonText(part.value, "The data field is not valid JSON.");
          else if (valueExceedsDepth(part.value)) throw new JsonInputError(DEPTH_MESSAGE);
          else form.data = cleanStrings(part.value);
        }
        continue;
      }
      const fileName = cleanFileName(part.filename);
      if (part.fieldname !== "file") {
        part.file.resume();
        throw new ValidationError({ [part.fieldname]: ['Unexpected file. The certificate goes in the "file" field.'] });
      }
      const tmpPath = path.join(tmpDir, `${crypto.randomUUID()}.upload`);
      tmpPaths.push(tmpPath);
      const { head, size } = await streamToTempFile(part.file, tmpPath, SNIFF_BYTES);
      if (part.file.truncated || size > MAX_CERTIFICATE_BYTES) throw new PayloadTooLargeError(certificateTooLargeMessage(fileName));
      const format = size > 0 ? await sniffCertificateFormat(head) : null;
      if (!format) throw new ValidationError({ file: [notACertificateMessage(fileName)] });
      form.file = { tmpPath, fileName, size, format };
    }
  } catch (err) {
    await form.cleanup();
    const code = (err as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw new ValidationError({ file: ["Send one file per certificate."] });
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      const name = (err as { part?: { filename?: string } }).part?.filename;
      throw new PayloadTooLargeError(certificateTooLargeMessage(cleanFileName(name)));
    }
    throw translatePluginError(err);
  }
  return form;
}
