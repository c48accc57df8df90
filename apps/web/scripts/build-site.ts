/**
 * The public site's build, run after `vite build` has built the app into dist/:
 *
 *  - site.html (src/entry-public.tsx) is built on its own, so no chunk is shared with the
 *    app and the landing page carries only what it uses (its budget is 100 kB of JavaScript);
 *  - src/entry-server.tsx is built for Node and renders the pages;
 *  - dist/index.html (the app shell Vite built from index.html) becomes dist/app.html: the
 *    server answers every client-side route (/login, /dashboard/...) with it;
 *  - every public page is rendered to HTML into dist/<path>/index.html (dist/index.html for
 *    /), from dist/site.html, with its title, description, canonical URL, Open Graph tags and
 *    preloads; its script (src/entry-public.tsx) hydrates it, and every module it needs for that
 *    (the entry, the page's own chunk and their imports, read from the build manifest) is
 *    announced with a modulepreload, so the code arrives in one round trip instead of three;
 *  - text assets get .br and .gz twins, which the server sends to browsers that accept them.
 *
 * Absolute URLs are written with the %PUBLIC_URL% token; the server fills in PUBLIC_URL when it
 * serves a page (apps/server/src/modules/site/web-pages.ts), so one build serves any address.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { build } from "vite";

const PUBLIC_URL = "%PUBLIC_URL%";
const OG_IMAGE = { path: "/images/og/aurelia-atelier.jpg", width: 1200, height: 630, alt: "Aurelia Atelier: certified jewellery made to order" };

const webDir = path.resolve(import.meta.dirname, "..");
// The build's own folder (scripts/build.mjs); `dist` when run by itself.
const dist = process.env.WEB_OUT_DIR ?? path.join(webDir, "dist");
const ssrDir = path.join(webDir, `.vite/ssr-${process.pid}`);

interface SsrEntry {
  render(path: string): Promise<string>;
  PUBLIC_PAGE_META: Record<string, { title: string; description: string; noindex?: boolean }>;
  PUBLIC_PAGES: Record<string, { module: string }>;
  SITE_NAME: string;
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

async function fontPreloads(): Promise<string[]> {
  const files = await fs.readdir(path.join(dist, "assets"));
  // The body face and the display face at the weight of the headings: preloaded so text is
  // drawn once in its own face (no swap, no layout shift); other weights and scripts load on
  // demand through their unicode-range.
  const wanted = [/^cormorant-garamond-latin-500-normal-.*\.woff2$/, /^inter-latin-wght-normal-.*\.woff2$/];
  return wanted.flatMap((re) => {
    const file = files.find((f) => re.test(f));
    return file ? [`<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}" />`] : [];
  });
}

function head(ssr: SsrEntry, page: string, preloads: string[]): string {
  const meta = ssr.PUBLIC_PAGE_META[page]!;
  const title = `${meta.title} · ${ssr.SITE_NAME}`;
  const url = `${PUBLIC_URL}${page}`;
  return [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(meta.description)}" />`,
    ...(meta.noindex ? [`<meta name="robots" content="noindex" />`] : []),
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escape(ssr.SITE_NAME)}" />`,
    `<meta property="og:title" content="${escape(title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${PUBLIC_URL}${OG_IMAGE.path}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${escape(OG_IMAGE.alt)}" />`,
    `<meta property="og:locale" content="en_GB" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...preloads,
  ].join("\n    ");
}

/**
 * What the first paint needs comes first: the stylesheet (render-blocking) right after the
 * viewport, then the images and fonts. The page is complete as HTML, so its script (which
 * hydrates it: menus, dialog, forms, gallery) is started by a tiny loader once the page has
 * loaded, instead of competing with the picture and the fonts on a slow connection.
 */
function reorder(html: string, loader: string): string {
  const styles: string[] = [];
  let entry: string | undefined;
  let out = html
    .replace(/\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/g, (_m, src: string) => ((entry = src), ""))
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
    .replace(/\s*<link rel="stylesheet"[^>]*>/g, (m) => (styles.push(m.trim()), ""));
  if (!entry || styles.length === 0) throw new Error("site.html: expected a module script and a stylesheet");
  out = out.replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${styles.join("\n    ")}`);
  // async: the loader must not hold up DOMContentLoaded (nor, with it, the jump to a #fragment such
  // as the lead form's #lead-sent) on a slow connection; it waits for `load` itself.
  return out.replace("</body>", `  <script type="module" async src="${loader}" data-entry="${entry}"></script>\n  </body>`);
}

/** The loader: an external file (the CSP allows no inline script) that imports the entry after `load`. */
async function writeLoader(): Promise<string> {
  const code = [
    'const entry = document.querySelector("script[data-entry]").dataset.entry;',
    "const start = () => import(entry);",
    'if (document.readyState === "complete") start();',
    'else addEventListener("load", () => setTimeout(start, 0), { once: true });',
    "",
  ].join("\n");
  const hash = crypto.createHash("sha256").update(code).digest("base64url").slice(0, 8);
  const file = `assets/boot-${hash}.js`;
  await fs.writeFile(path.join(dist, file), code);
  return `/${file}`;
}

/** The build manifest's entries that matter here: a chunk's file and its static imports. */
type Manifest = Record<string, { file: string; imports?: string[] }>;
const MANIFEST_FILE = "site-manifest.json";

/**
 * The modules a page runs to hydrate: the entry (site.html), the page's chunk (loaded by the
 * entry with a dynamic import) and everything they import statically, but not what is loaded
 * on demand (the quote dialog, the toaster). Preloaded at low priority: they do not compete
 * with the stylesheet, the fonts and the hero picture, and are in the module map by the time
 * the loader imports the entry, so the entry's imports and its import of the page cost no
 * further round trips.
 */
function modulePreloads(manifest: Manifest, entry: string, pageModule: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`build manifest has no ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(entry);
  visit(pageModule);
  return [...files].map((file) => `<link rel="modulepreload" fetchpriority="low" href="/${file}" />`);
}

async function precompress(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith(".")) count += await precompress(file);
      continue;
    }
    // HTML is compressed by the server when it fills in PUBLIC_URL.
    if (!/\.(js|css|svg|json|txt|xml|webmanifest|wasm)$/.test(entry.name)) continue;
    const raw = await fs.readFile(file);
    if (raw.length < 1024) continue;
    if (entry.name.endsWith(".wasm")) {
      // The 3D readers' WebAssembly (several MB): gzip takes a second where brotli's best takes a minute.
      await fs.writeFile(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      count += 1;
      continue;
    }
    const br = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const gz = zlib.gzipSync(raw, { level: 9 });
    if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
    if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

async function main(): Promise<void> {
  await build({
    root: webDir,
    logLevel: "warn",
    build: { outDir: dist, emptyOutDir: false, manifest: MANIFEST_FILE, rollupOptions: { input: { site: path.join(webDir, "site.html") } } },
  });
  await build({ root: webDir, logLevel: "warn", build: { ssr: "src/entry-server.tsx", outDir: ssrDir, emptyOutDir: true } });

  const ssr = (await import(pathToFileURL(path.join(ssrDir, "entry-server.js")).href)) as SsrEntry;
  const template = await fs.readFile(path.join(dist, "site.html"), "utf8");
  if (!template.includes("<!--app-head-->") || !template.includes("<!--app-html-->")) throw new Error("site.html lost its placeholders");

  await fs.rename(path.join(dist, "index.html"), path.join(dist, "app.html"));
  const fonts = await fontPreloads();
  const loader = await writeLoader();
  const manifestPath = path.join(dist, MANIFEST_FILE);
  const manifest = JSON.parse(await fs.readFile(manifestPath, "utf8")) as Manifest;
  // Not served: the server serves every file in dist.
  await fs.rm(manifestPath);

  // Vite's own script and modulepreload tags come out of the template before the pages' preloads go in.
  const shell = reorder(template, loader);
  for (const [page, { module }] of Object.entries(ssr.PUBLIC_PAGES)) {
    const preloads = [...fonts, ...modulePreloads(manifest, "site.html", module)];
    const body = await ssr.render(page);
    if (/<script(?![^>]*type="application\/(ld\+)?json")/i.test(body)) throw new Error(`${page}: inline script in prerendered HTML (the CSP forbids it)`);
    // Replacer functions: the page may contain "$&" and friends, which a replacement string would expand.
    const html = shell.replace("<!--app-head-->", () => head(ssr, page, preloads)).replace("<!--app-html-->", () => body);
    const out = page === "/" ? path.join(dist, "index.html") : path.join(dist, page.slice(1), "index.html");
    await fs.mkdir(path.dirname(out), { recursive: true });
    await fs.writeFile(out, html);
    console.log(`prerendered ${page.padEnd(14)} → ${path.relative(webDir, out)} (${(html.length / 1024).toFixed(1)} kB)`);
  }
  await fs.rm(path.join(dist, "site.html"));
  const compressed = await precompress(dist);
  console.log(`pre-compressed ${compressed} assets (.br, .gz)`);
  await fs.rm(ssrDir, { recursive: true, force: true });
}

await main();
