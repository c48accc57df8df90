import { authStorage } from "./auth-storage";

/** An HTTP error from the API, with the spec's body shapes (`detail`, `error`, field arrays). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** The answer's Retry-After, when it had one (an upload's retry reads it). */
    readonly retryAfter: string | null = null,
  ) {
    super(firstMessage(body) ?? `Request failed with status ${status}`);
  }
  /** The first message for `field`, if the server sent field errors. */
  field(name: string): string | undefined {
    const value = (this.body as Record<string, unknown> | null)?.[name];
    return Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;
  }
  get detail(): string | undefined {
    const d = (this.body as { detail?: unknown } | null)?.detail;
    return typeof d === "string" ? d : undefined;
  }
  get error(): string | undefined {
    const e = (this.body as { error?: unknown } | null)?.error;
    return typeof e === "string" ? e : undefined;
  }
}

function firstMessage(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return typeof body === "string" && body ? body : undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.detail === "string") return b.detail;
  if (typeof b.error === "string") return b.error;
  for (const value of Object.values(b)) {
    if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  }
  return undefined;
}

/** The best message to show for a failed call, else `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError ? (err.message.startsWith("Request failed") ? fallback : err.message) : fallback;
}

type UnauthorizedHandler = (reason: "missing" | "expired") => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;
/** The app decides what a 401 means for the user (toast, redirect to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Send without the token (public calls). */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** A POST's Idempotency-Key; by default a fresh one per call (one call is one submission). */
  idempotencyKey?: string;
}

/**
 * A fresh Idempotency-Key: a random UUID (v4). `crypto.getRandomValues` works on plain http too,
 * where `crypto.randomUUID` does not exist.
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A POST is sent again with the same Idempotency-Key, so it is carried out once, when no answer came
 * (the connection dropped), when the first is still being carried out (409 with Retry-After), or when
 * the server was shutting down (503, nothing done). Not on any other 5xx: the server forgets those
 * keys, and the change may have been made before the error.
 */
export const POST_RETRY_DELAYS_MS = [1000, 2000];
const retryableStatus = (status: number, retryAfter: () => string | null) => status === 503 || (status === 409 && retryAfter() !== null);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (!options.anonymous) {
    const token = authStorage.getToken();
    if (!token) {
      onUnauthorized("missing");
      throw new ApiError(401, { detail: "You are not logged in. Please log in to continue." });
    }
    headers.Authorization = `Token ${token}`;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const method = options.method ?? "GET";
  if (method === "POST") headers["Idempotency-Key"] = options.idempotencyKey ?? newIdempotencyKey();
  const init = { method, headers, body, signal: options.signal ?? null };
  for (let attempt = 0; ; attempt += 1) {
    const canRetry = method === "POST" && attempt < POST_RETRY_DELAYS_MS.length;
    let res: Response;
    try {
      res = await fetch(`/api${path}`, init);
    } catch (err) {
      // A TypeError is fetch's "no answer"; an abort is the caller's decision.
      if (!canRetry || !(err instanceof TypeError) || options.signal?.aborted) throw err;
      await wait(POST_RETRY_DELAYS_MS[attempt]!);
      continue;
    }
    if (canRetry && retryableStatus(res.status, () => res.headers.get("Retry-After"))) {
      await wait(POST_RETRY_DELAYS_MS[attempt]!);
      continue;
    }
    return handleResponse<T>(res.status, await readBody(res), options.anonymous);
  }
}

function handleResponse<T>(status: number, data: unknown, anonymous?: boolean): T {
  if (status >= 200 && status < 300) return data as T;
  if (status === 401 && !anonymous) {
    authStorage.clear();
    onUnauthorized("expired");
  }
  throw new ApiError(status, data);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A file download that needs the token (a plain link cannot send the Authorization header). */
export async function apiBlob(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const token = authStorage.getToken();
  if (!token) {
    onUnauthorized("missing");
    throw new ApiError(401, { detail: "You are not logged in. Please log in to continue." });
  }
  const res = await fetch(`/api${path}`, { headers: { Authorization: `Token ${token}` } });
  if (!res.ok) return handleResponse<never>(res.status, await readBody(res));
  const disposition = res.headers.get("Content-Disposition") ?? "";
  const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  let name = filename;
  try {
    name = filename ? decodeURIComponent(filename) : null;
  } catch {
    /* keep it as sent */
  }
  return { blob: await res.blob(), filename: name };
}

/** Hands a downloaded file to the browser to save. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Multipart upload with progress (fetch cannot report upload progress). A POST carries one
 * Idempotency-Key for the submission and is sent again with it when no answer came, as `api` does.
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  options: { method?: string; onProgress?: (fraction: number) => void; idempotencyKey?: string } = {},
): Promise<T> {
  const method = options.method ?? "POST";
  const key = method === "POST" ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
  for (let attempt = 0; ; attempt += 1) {
    const canRetry = key !== undefined && attempt < POST_RETRY_DELAYS_MS.length;
    try {
      return await uploadOnce<T>(path, form, method, key, options.onProgress);
    } catch (err) {
      const again = err instanceof ApiError && (err.status === 0 || retryableStatus(err.status, () => err.retryAfter));
      if (!canRetry || !again) throw err;
      await wait(POST_RETRY_DELAYS_MS[attempt]!);
    }
  }
}

function uploadOnce<T>(
  path: string,
  form: FormData,
  method: string,
  key: string | undefined,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  const token = authStorage.getToken();
  if (!token) {
    onUnauthorized("missing");
    return Promise.reject(new ApiError(401, { detail: "You are not logged in. Please log in to continue." }));
  }
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    xhr.setRequestHeader("Authorization", `Token ${token}`);
    xhr.setRequestHeader("Accept", "application/json");
    if (key !== undefined) xhr.setRequestHeader("Idempotency-Key", key);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        /* keep the raw text */
      }
      if (key !== undefined && retryableStatus(xhr.status, () => xhr.getResponseHeader("Retry-After"))) {
        reject(new ApiError(xhr.status, data, xhr.getResponseHeader("Retry-After")));
        return;
      }
      try {
        resolve(handleResponse<T>(xhr.status, data));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, { detail: "Network error. Please check your connection." }));
    xhr.send(form);
  });
}
