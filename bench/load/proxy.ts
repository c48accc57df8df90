/**
 * The reverse proxy of `npm run bench -- load` with two instances: round robin over the backends in
 * PROXY_BACKENDS (comma-separated base URLs), keep-alive connections to them, X-Forwarded-For set.
 * nginx is not installed where the benches run; deploy/nginx.conf is the production counterpart.
 * Started as its own process by run.ts (so it does not share the load generator's event loop);
 * sends its port on the IPC channel.
 */
import http from "node:http";

const backends = (process.env.PROXY_BACKENDS ?? "")
  .split(",")
  .filter(Boolean)
  .map((b) => new URL(b));
if (backends.length === 0) throw new Error("PROXY_BACKENDS is empty");
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

const server = http.createServer((req, res) => {
  const target = backends[next++ % backends.length]!;
  const headers = { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1", "x-forwarded-proto": "http" };
  const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end("bad gateway");
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
});
process.on("SIGTERM", () => {
  server.close();
  agent.destroy();
  process.exit(0);
});
