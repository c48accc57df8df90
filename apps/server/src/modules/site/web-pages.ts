import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The prerendered pages carry this token where an absolute URL is needed (canonical, Open
 * Graph); it is replaced with PUBLIC_URL when served. Keep in sync with apps/web/scripts/prerender.ts.
 */
export const PUBLIC_URL_TOKEN = "%PUBLIC_URL%";

interface Page {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Serves the built HTML files (prerendered pages and the app shell): the origin filled in,
 * compressed once and kept in memory (the build does not change while the server runs).
 */
export function createPageSender(distDir: string, publicUrl: string) {
  const cache = new Map<string, Promise<Page>>();

  async function load(file: string): Promise<Page> {
    const html = (await fs.readFile(path.join(distDir, file), "utf8")).replaceAll(PUBLIC_URL_TOKEN, publicUrl);
    const raw = Buffer.from(html);
    return {
      raw,
      br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: zlib.gzipSync(raw, { level: 9 }),
    };
  }

  return async function sendPage(req: FastifyRequest, reply: FastifyReply, file: string): Promise<FastifyReply> {
    let page = cache.get(file);
    if (!page) {
      page = load(file);
      cache.set(file, page);
      page.catch(() => cache.delete(file));
    }
    const { raw, br, gzip } = await page;
    const accept = String(req.headers["accept-encoding"] ?? "");
    reply.header("cache-control", "no-cache").header("vary", "accept-encoding").type("text/html; charset=utf-8");
    if (/\bbr\b/.test(accept)) return reply.header("content-encoding", "br").send(br);
    if (/\bgzip\b/.test(accept)) return reply.header("content-encoding", "gzip").send(gzip);
    return reply.send(raw);
  };
}
