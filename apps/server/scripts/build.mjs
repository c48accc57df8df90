// Bundles the server into dist/ (main.js: the server; admin.js: the admin command) so that it runs
// on plain `node`, with no TypeScript loader. The workspace contract (@atelier/contract, TypeScript
// source) is inlined; packages from node_modules stay external and are loaded by Node as installed
// (native addons, PGlite's WebAssembly and Swagger UI's assets live beside their own code).
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const quiet = process.argv.includes("--quiet");
const started = performance.now();

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

// Chunk names change with their content: last build's must not pile up.
fs.rmSync(path.join(root, "dist"), { recursive: true, force: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { main: "src/main.ts", admin: "src/cli/admin.ts" },
  outdir: "dist",
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
if (!quiet) {
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".js"));
  const sizes = outputs.map(([file, o]) => `${path.basename(file)} ${(o.bytes / 1024).toFixed(0)} KB`).join(", ");
  console.log(`server bundled in ${Math.round(performance.now() - started)} ms: ${sizes}`);
}
