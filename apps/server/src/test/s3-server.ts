import { spawn } from "node:child_process";
import fsp from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createS3Storage, type S3Storage, type S3StorageOptions } from "../lib/storage/s3.ts";

/** s3rver's fixed credentials (it checks signatures). */
export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** A driver on this server's bucket (small list pages, so paging is exercised). */
  storage(overrides?: Partial<S3StorageOptions>): S3Storage;
  stop(): Promise<void>;
}

/*
 * s3rver runs in a child process: it makes its ListObjectsV2 continuation tokens with DES, which
 * OpenSSL 3 has only in its legacy provider (a flag of the process, not of a module). It listens on
 * loopback, on a free port, with its files in a temporary folder removed at stop.
 */
const CHILD = `
const S3rver = require(process.argv[1]);
const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: process.argv[2], configureBuckets: [{ name: process.argv[3] }] });
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + "\\n"), (err) => { console.error(err); process.exit(1); });
process.on("SIGTERM", () => server.close().finally(() => process.exit(0)));
`;

/** Starts an S3-compatible server (s3rver from npm) with one empty bucket. */
export async function startS3Server(bucket = "atelier-test"): Promise<S3TestServer> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const entry = createRequire(import.meta.url).resolve("s3rver");
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "-e", CHILD, entry, dir, bucket], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited (${code}): ${stderr}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storage: (overrides = {}) =>
      createS3Storage({ bucket, endpoint, region: "us-east-1", forcePathStyle: true, credentials: S3_TEST_CREDENTIALS, listPageSize: 2, ...overrides }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

/** A loopback port nothing listens on: an object store that is down. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
