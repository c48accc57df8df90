// Bundles the server into dist/ (main.js: the server; admin.js: the admin command) so that it runs
// on plain `node`, with no TypeScript loader. The workspace contract (@atelier/contract, TypeScript
// source) is inlined; packages from node_modules stay external and are loaded by Node as installed
// (native addons, PGlite's WebAssembly and Swagger UI's assets live beside their own code).
//
// A build never pulls files from under a running server. Each build is written to a folder of its
// own, builds/<id>/, and `dist` is a symbolic link to the newest, replaced in one rename. Node starts
// `node dist/main.js` from the link's real path, so a running server loads its lazily imported chunks
// (e-mail templates, the PDF, the extractor) from its own build's folder however often the server is
// rebuilt meanwhile. Old builds are removed, except the newest few and any a live server runs from
// (the server marks its build folder with its process id while it runs: lib/build-lease.ts).
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const quiet = process.argv.includes("--quiet");
const started = performance.now();
const KEEP_BUILDS = 3;
const buildsDir = path.join(root, "builds");
const distLink = path.join(root, "dist");
// Sortable by time; the process id keeps two builds started in the same second apart.
const id = `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}-${process.pid}`;
const outdir = path.join(buildsDir, id);

/** Bare imports are external unless they name a workspace package. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@atelier/") || args.kind === "entry-point") return undefined;
      return { path: args.path, external: true };
    });
  },
};

fs.mkdirSync(buildsDir, { recursive: true });
let result;
try {
  result = await build({
    absWorkingDir: root,
    entryPoints: { main: "src/main.ts", admin: "src/cli/admin.ts" },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    // Modules imported with import() (e-mail templates, the PDF, the link extractor) become their
    // own chunks, loaded when first used: their packages are not read at start-up.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    target: "node20.19",
    sourcemap: true,
    legalComments: "none",
    metafile: true,
    plugins: [externalPackages],
    logLevel: "warning",
  });
} catch (err) {
  // A failed build leaves the current one in place.
  fs.rmSync(outdir, { recursive: true, force: true });
  throw err;
}
fs.writeFileSync(path.join(outdir, "build.json"), `${JSON.stringify({ id, builtAt: new Date().toISOString() })}\n`);
swapIn();
prune();
if (!quiet) {
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".js"));
  const sizes = outputs.map(([file, o]) => `${path.basename(file)} ${(o.bytes / 1024).toFixed(0)} KB`).join(", ");
  console.log(`server bundled in ${Math.round(performance.now() - started)} ms: ${sizes}`);
}

/** Points `dist` at the new build in one rename (a running server keeps its own build's folder). */
function swapIn() {
  const tmpLink = path.join(root, `dist.tmp-${process.pid}`);
  fs.rmSync(tmpLink, { force: true });
  fs.symlinkSync(path.join("builds", id), tmpLink, "junction");
  const current = fs.lstatSync(distLink, { throwIfNoEntry: false });
  if (current?.isDirectory()) {
    // A `dist` folder from before builds were kept apart: a server started from it resolves its chunks
    // through the name `dist`, so they go into the new build too, and the folder moves aside.
    carryChunks(distLink, outdir);
    fs.renameSync(distLink, path.join(buildsDir, `00000000000000-${id}-old-dist`));
  }
  fs.renameSync(tmpLink, distLink);
}

function carryChunks(from, to) {
  const chunks = path.join(from, "chunks");
  if (!fs.existsSync(chunks)) return;
  fs.mkdirSync(path.join(to, "chunks"), { recursive: true });
  for (const name of fs.readdirSync(chunks)) {
    const target = path.join(to, "chunks", name);
    if (!fs.existsSync(target)) fs.copyFileSync(path.join(chunks, name), target);
  }
}

/** Whether a live process runs from this build (its marker in `running/`, see lib/build-lease.ts). */
function inUse(dir) {
  let pids;
  try {
    pids = fs.readdirSync(path.join(dir, "running"));
  } catch {
    return false;
  }
  return pids.some((name) => {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return err.code === "EPERM";
    }
  });
}

/** Removes builds beyond the newest few that no live process runs from. */
function prune() {
  const current = path.basename(fs.realpathSync(distLink));
  const builds = fs
    .readdirSync(buildsDir)
    .filter((name) => name !== current)
    .sort()
    .reverse();
  for (const name of builds.slice(KEEP_BUILDS - 1)) {
    const dir = path.join(buildsDir, name);
    if (!inUse(dir)) fs.rmSync(dir, { recursive: true, force: true });
  }
}
