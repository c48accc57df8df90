import { authStorage } from "./auth-storage";

/** An HTTP error from the API, with the spec's body shapes (`detail`, `error`, field arrays). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
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
}

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
  const res = await fetch(`/api${path}`, { method: options.method ?? "GET", headers, body, signal: options.signal ?? null });
  return handleResponse<T>(res.status, await readBody(res), options.anonymous);
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

/** Multipart upload with progress (fetch cannot report upload progress). */
export function apiUpload<T>(path: string, form: FormData, options: { method?: string; onProgress?: (fraction: number) => void } = {}): Promise<T> {
  const token = authStorage.getToken();
  if (!token) {
    onUnauthorized("missing");
    return Promise.reject(new ApiError(401, { detail: "You are not logged in. Please log in to continue." }));
  }
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? "POST", `/api${path}`);
    xhr.setRequestHeader("Authorization", `Token ${token}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        /* keep the raw text */
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
