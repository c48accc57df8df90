import net from "node:net";

/** A loopback port nothing listens on (yet): for a child server or a peer a test starts itself. */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** Polls `check` until it holds; fails after `timeoutMs` naming what it waited for. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = "the condition"): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
