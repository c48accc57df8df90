import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestApp } from "../../test/helpers.ts";

/** One server-sent event as a client parses it. */
export interface ReceivedEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** A minimal EventSource over node:http: records events and comment lines, and can wait for them. */
export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: ReceivedEvent[];
  comments: string[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  waitFor(predicate: (e: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  waitForComment(text: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** The base URL of the app listening on an ephemeral port (listens on first call). */
export async function listening(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export function openSse(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${path}`, { headers: { accept: "text/event-stream", ...headers } }, (res) => {
      const events: ReceivedEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = "";
      let ended = false;
      let endResolve: () => void = () => undefined;
      const endedPromise = new Promise<void>((r) => (endResolve = r));
      const notify = () => waiters.forEach((w) => w());
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else {
              const at = line.indexOf(":");
              if (at > 0) fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
            }
          }
          if (fields.data !== undefined) {
            events.push({ id: fields.id ?? "", event: fields.event ?? "message", data: JSON.parse(fields.data) as Record<string, unknown> });
          }
        }
        notify();
      });
      const finish = () => {
        ended = true;
        endResolve();
        notify();
      };
      res.on("end", finish);
      res.on("close", finish);
      res.on("error", finish);
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        ended: endedPromise,
        isEnded: () => ended,
        waitFor: (predicate, timeoutMs = 5_000) =>
          new Promise((ok, fail) => {
            const check = () => {
              const found = events.find(predicate);
              if (found) {
                cleanup();
                ok(found);
              } else if (ended) {
                cleanup();
                fail(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
              }
            };
            const timer = setTimeout(() => {
              cleanup();
              fail(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            const cleanup = () => {
              clearTimeout(timer);
              waiters.delete(check);
            };
            waiters.add(check);
            check();
          }),
        waitForComment: (text, timeoutMs = 5_000) =>
          new Promise((ok, fail) => {
            const check = () => {
              if (comments.includes(text)) {
                cleanup();
                ok();
              }
            };
            const timer = setTimeout(() => {
              cleanup();
              fail(new Error(`no comment "${text}" within ${timeoutMs} ms; got ${JSON.stringify(comments)}`));
            }, timeoutMs);
            const cleanup = () => {
              clearTimeout(timer);
              waiters.delete(check);
            };
            waiters.add(check);
            check();
          }),
        close: () => {
          req.destroy();
          res.destroy();
        },
      };
      resolve(client);
    });
    req.on("error", reject);
  });
}

/** A JSON answer (an error) from the stream path, read in full. */
export async function getJson(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; type: string }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { accept: "text/event-stream", ...headers } });
  return { status: res.status, body: await res.json(), type: res.headers.get("content-type") ?? "" };
}
