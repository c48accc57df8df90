import { vi } from "vitest";

/** A stand-in for XMLHttpRequest (apiUpload) that records the request and lets a test answer it. */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  responseHeaders: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.responseHeaders = headers;
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  /** The connection failed: no answer at all. */
  fail() {
    this.onerror?.();
  }
}

export function stubXhr() {
  FakeXhr.requests = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return FakeXhr.requests;
}
