// Bundles the server into dist/ (main.js: the server; admin.js: the admin command) so that it runs
// on plain `node`, with no TypeScript loader. The workspace contract (@atelier/contract, TypeScript
// source) is inlined; packages from node_modules stay external and are loaded by Node as installed
// (native addons, PGlite's WebAssembly and Swagger UI's assets live beside their own code).
//
// A build never pulls files from under a running server: it is written to builds/<id>/ and `dist`
// is a link swapped in one rename (scripts/build-folders.mjs at the repository's root).
import path from "node:path";
import { build } from "esbuild";
import { abandonBuild, finishBuild, startBuild } from "../../../scripts/build-folders.mjs";

const root = path.resolve(import.meta.dirname, "..");
const quiet = process.argv.includes("--quiet");
const started = performance.now();
const folder = startBuild(root);
const outdir = folder.dir;

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
  abandonBuild(folder);
  throw err;
}
finishBuild(root, folder);
if (!quiet) {
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".js"));
  const sizes = outputs.map(([file, o]) => `${path.basename(file)} ${(o.bytes / 1024).toFixed(0)} KB`).join(", ");
  console.log(`server bundled in ${Math.round(performance.now() - started)} ms: ${sizes}`);
}
