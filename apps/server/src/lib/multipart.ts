/**
 * The one multipart reader. Every form with files (designs, messages, CAD versions, certificates,
 * gallery posts) reads its body through {@link withMultipart}:
 * - each file streams to a private temporary file under `tmpDir` while its size is counted, and its
 *   first bytes are kept so its type can be read from its content;
 * - text fields come cleaned like every JSON input (NUL removed, lone surrogates replaced);
 *   a part sent as application/json arrives parsed, its depth bounded;
 * - the temporary files live exactly as long as the caller's `use`: they are removed when it
 *   returns or throws, whatever happened (a field error, a 404 or 409 from the service, an error
 *   while reading, a client that went away in the middle of the body). A crash is the only way to
 *   leave one behind, and the start-up sweep ({@link sweepTempFolder}) removes those.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { AppError, BadRequestError, PayloadTooLargeError, ValidationError } from "./errors.ts";
import { cleanStrings, DEPTH_MESSAGE, valueExceedsDepth } from "./json-input.ts";

/** A file of the body, on disk in its temporary file. */
export interface ReceivedFile {
  /** The form field it came in. */
  field: string;
  /** The name on the user's device, cleaned for display. */
  fileName: string;
  tmpPath: string;
  size: number;
  /** Its first bytes (as many as `onFileStart` asked for). */
  head: Buffer;
  /** Cut off at the request's `fileSize` limit. */
  truncated: boolean;
}

export interface MultipartLimits {
  fileSize?: number;
  files?: number;
  fields?: number;
  fieldSize?: number;
  parts?: number;
}

export interface MultipartSpec {
  /** Where temporary files go (DATA_DIR/tmp/uploads). */
  tmpDir: string;
  /** The multipart plugin's limits for this form (the app-wide ones otherwise). */
  limits?: MultipartLimits;
  /** A field, its value cleaned; `truncated` when it was longer than `fieldSize`. */
  onField?(name: string, value: unknown, truncated: boolean): void;
  /** Before a file is streamed: how many of its first bytes to keep. Throw to refuse the request (an unexpected field, one file too many). */
  onFileStart(field: string, fileName: string): number;
  /** The file on disk: `true` keeps it for `use`, `false` removes it at once. Throw to refuse the request. */
  onFile(file: ReceivedFile): boolean | Promise<boolean>;
  /** The plugin's own refusals (FST_FILES_LIMIT, FST_REQ_FILE_TOO_LARGE) in the form's words; undefined for the default. */
  pluginError?(code: string, err: unknown): AppError | undefined;
}

/**
 * Reads the multipart body of `req` as `spec` says, then runs `use`; the temporary files are
 * removed when `use` is over, or as soon as reading fails.
 */
export async function withMultipart<T>(req: FastifyRequest, spec: MultipartSpec, use: () => Promise<T>): Promise<T> {
  const tmpPaths = new Set<string>();
  const removeAll = () => Promise.all([...tmpPaths].map((p) => fsp.rm(p, { force: true })));
  try {
    try {
      await readParts(req, spec, tmpPaths);
    } catch (err) {
      throw translatePluginError(err, (code, e) => spec.pluginError?.(code, e));
    }
    return await use();
  } finally {
    await removeAll();
  }
}

async function readParts(req: FastifyRequest, spec: MultipartSpec, tmpPaths: Set<string>): Promise<void> {
  await fsp.mkdir(spec.tmpDir, { recursive: true });
  for await (const part of req.parts(spec.limits ? { limits: spec.limits } : undefined)) {
    if (part.type === "field") {
      const value: unknown = part.value;
      if (typeof value === "object" && value !== null && valueExceedsDepth(value)) throw new ValidationError({ [part.fieldname]: [DEPTH_MESSAGE] });
      spec.onField?.(part.fieldname, cleanStrings(value), part.valueTruncated);
      continue;
    }
    const fileName = cleanFileName(part.filename);
    let keepBytes: number;
    try {
      keepBytes = spec.onFileStart(part.fieldname, fileName);
    } catch (err) {
      part.file.resume();
      throw err;
    }
    const tmpPath = path.join(spec.tmpDir, `${crypto.randomUUID()}.upload`);
    tmpPaths.add(tmpPath);
    const { head, size } = await streamToTempFile(part.file, tmpPath, keepBytes);
    const kept = await spec.onFile({ field: part.fieldname, fileName, tmpPath, size, head, truncated: part.file.truncated });
    if (!kept) {
      tmpPaths.delete(tmpPath);
      await fsp.rm(tmpPath, { force: true });
    }
  }
}

/** A display name: no directories, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = cleanStrings(base)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 255);
  return cleaned || "image";
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

export const MALFORMED_MULTIPART_MESSAGE = "Malformed multipart body: it must be multipart/form-data with a boundary, and complete.";

/** The multipart plugin's errors in the API's words (the form's own first, if it has them). */
function translatePluginError(err: unknown, own?: MultipartSpec["pluginError"]): unknown {
  const code = (err as { code?: string }).code;
  if (code) {
    const translated = own?.(code, err);
    if (translated) return translated;
  }
  switch (code) {
    case "FST_FILES_LIMIT":
    case "FST_PARTS_LIMIT":
      return new ValidationError({ non_field_errors: ["Too many files in one request."] });
    case "FST_REQ_FILE_TOO_LARGE": {
      const name = (err as { part?: { filename?: string } }).part?.filename;
      return new PayloadTooLargeError(`"${cleanFileName(name)}" is too large.`);
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
  return new BadRequestError(MALFORMED_MULTIPART_MESSAGE);
}

/**
 * Start-up: the temporary folder holds only what requests in flight are writing. With the embedded
 * database this process is alone on DATA_DIR, so everything in it is a crash's leftover
 * (`untouchedForMs` 0); instances sharing DATA_DIR (PostgreSQL) keep files another instance touched
 * within `untouchedForMs`. Returns how many entries went.
 */
export async function sweepTempFolder(tmpDir: string, untouchedForMs = 0): Promise<number> {
  const cutoff = Date.now() - untouchedForMs;
  const entries = await fsp.readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of entries) {
    const entry = path.join(tmpDir, name);
    const stat = await fsp.stat(entry).catch(() => null);
    if (!stat || (untouchedForMs > 0 && stat.mtimeMs >= cutoff)) continue;
    await fsp.rm(entry, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
