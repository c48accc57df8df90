/**
 * A local control socket (a Unix socket, `DATA_DIR/admin.sock`, readable and writable by the
 * server's user only) through which the admin command asks the running server to do what it
 * cannot do itself while the server holds the embedded database. One JSON line in, one out.
 */
import fs from "node:fs";
import net from "node:net";

const MAX_REQUEST_BYTES = 64 * 1024;

export interface AdminSocketServer {
  close(): Promise<void>;
}

/** Listens on `socketPath` (replacing a stale socket file: the caller holds the data folder's lock). */
export async function serveAdminSocket(socketPath: string, handle: (request: unknown) => Promise<unknown>): Promise<AdminSocketServer> {
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffered = "";
    socket.setEncoding("utf8");
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on("error", () => undefined);
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) return void socket.end(`${JSON.stringify({ ok: false, error: "Request too large." })}\n`);
      const newline = buffered.indexOf("\n");
      if (newline < 0) return;
      socket.pause();
      let request: unknown;
      try {
        request = JSON.parse(buffered.slice(0, newline));
      } catch {
        return void socket.end(`${JSON.stringify({ ok: false, error: "Request is not JSON." })}\n`);
      }
      handle(request).then(
        (response) => socket.end(`${JSON.stringify(response)}\n`),
        () => socket.end(`${JSON.stringify({ ok: false, error: "The server failed to do it; see its log." })}\n`),
      );
    });
  });
  const oldMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(oldMask);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** Sends one request to the socket and reads the answer; rejects when nobody listens. */
export function callAdminSocket(socketPath: string, request: unknown, timeoutMs = 60_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = "";
    socket.setEncoding("utf8");
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error("The server did not answer in time.")));
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      try {
        resolve(JSON.parse(answer));
      } catch {
        reject(new Error("The server's answer was not understood."));
      }
    });
  });
}
