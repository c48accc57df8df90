import type { FastifyRequest } from "fastify";
import { MAX_CERTIFICATE_BYTES } from "@atelier/contract";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../../lib/errors.ts";
import { SNIFF_BYTES, sniffImageFormat } from "../../lib/images.ts";
import { parseJsonText } from "../../lib/json-input.ts";
import { cleanFileName, withMultipart } from "../../lib/multipart.ts";
import type { StagedDocument } from "../uploads/uploads.service.ts";

export interface CertificateForm {
  /** The `data` field parsed as JSON (undefined when it was not sent). */
  data: unknown;
  file: StagedDocument | null;
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
 * Reads POST /api/staff/orders/{id}/certificates/, then runs `use` with it: a `data` field (JSON)
 * and one `file` (10 MB), its type read from its content, never its name or declared type. The
 * temporary file is gone when `use` is over, whatever happened.
 */
export function withCertificateForm<T>(req: FastifyRequest, tmpDir: string, use: (form: CertificateForm) => Promise<T>): Promise<T> {
  if (!req.isMultipart()) throw new UnsupportedMediaTypeError("Send the certificate as multipart/form-data: data (JSON) and file.");
  const form: CertificateForm = { data: undefined, file: null };
  return withMultipart(
    req,
    {
      tmpDir,
      limits: { fileSize: MAX_CERTIFICATE_BYTES, files: 1, fields: 5, fieldSize: 16 * 1024 },
      onField: (name, value, truncated) => {
        if (name !== "data") return;
        if (truncated) throw new ValidationError({ data: ["The data field is too long."] });
        form.data = typeof value === "string" ? parseJsonText(value, "The data field is not valid JSON.") : value;
      },
      onFileStart: (field) => {
        if (field !== "file") throw new ValidationError({ [field]: ['Unexpected file. The certificate goes in the "file" field.'] });
        return SNIFF_BYTES;
      },
      onFile: async ({ tmpPath, fileName, size, head, truncated }) => {
        if (truncated || size > MAX_CERTIFICATE_BYTES) throw new PayloadTooLargeError(certificateTooLargeMessage(fileName));
        const format = size > 0 ? await sniffCertificateFormat(head) : null;
        if (!format) throw new ValidationError({ file: [notACertificateMessage(fileName)] });
        form.file = { tmpPath, fileName, size, format };
        return true;
      },
      pluginError: (code, err) => {
        if (code === "FST_FILES_LIMIT") return new ValidationError({ file: ["Send one file per certificate."] });
        if (code === "FST_REQ_FILE_TOO_LARGE") {
          const name = (err as { part?: { filename?: string } }).part?.filename;
          return new PayloadTooLargeError(certificateTooLargeMessage(cleanFileName(name)));
        }
        return undefined;
      },
    },
    () => use(form),
  );
}
