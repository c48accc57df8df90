#!/usr/bin/env node
// Every package a workspace imports is declared in that workspace's package.json. npm hoists
// packages to the root node_modules, so an undeclared import works by accident until the package
// that brought it in changes. Code that ships (sources that are not tests) must find its package
// in `dependencies`; tests, scripts and config may also use `devDependencies`. The root's
// devDependencies (vitest, typescript, @types/node: the monorepo's shared tooling) count as
// declared for every workspace's tests and tooling, never for code that ships.
//
// Usage: node scripts/check-imports.mjs   (exit 1 and a list when something is undeclared)
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const rootManifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const builtins = new Set(builtinModules);
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIP_DIRS = new Set([
  "node_modules",
  "dist",
  "build",
  "builds",
  "coverage",
  "fixtures",
  "test-results",
  "playwright-report",
  ".vite",
]);
// Test files and tooling: anything the shipped program does not load.
const TOOLING = /(?:[.-]test\.|\.spec\.|(?:^|\/)(?:test|tests|testing|scripts)\/|(?:^|\/)[^/]*\.config\.[cm]?[jt]s$|setup-tests)/;
// Workspaces whose code never ships (browser journeys, benchmarks): all of it is tooling.
const TOOLING_WORKSPACES = new Set(["e2e", "bench"]);

// `import x from "p"`, `export … from "p"`, `import "p"`, `import("p")`, `require("p")`.
const SPECIFIERS = [
  /(?:^|[;}\n])\s*(?:import|export)\s[^;'"`]*?\bfrom\s*["']([^"'\n]+)["']/g,
  /(?:^|[;}\n])\s*import\s*["']([^"'\n]+)["']/g,
  /\bimport\s*\(\s*["']([^"'\n]+)["']\s*[,)]/g,
  /\brequire\s*\(\s*["']([^"'\n]+)["']\s*\)/g,
];

/** "lodash/fp" → "lodash", "@scope/pkg/x" → "@scope/pkg"; null for relative, absolute, builtin or virtual ids. */
export function packageNameOf(specifier) {
  if (/^[./]/.test(specifier) || specifier.startsWith("node:") || specifier.includes(":")) return null;
  if (specifier.startsWith("virtual:") || specifier.startsWith("~") || specifier.startsWith("@/")) return null;
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  if (builtins.has(name) || builtins.has(specifier)) return null;
  return name;
}

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".") && !entry.name.startsWith("dist."))
        yield* sourceFiles(path.join(dir, entry.name));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      yield path.join(dir, entry.name);
    }
  }
}

/** Import specifiers of one file's text, with comments removed (a comment may quote an import). */
export function specifiersOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  return SPECIFIERS.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]));
}

/** Types-only packages (`@types/x`) count as declared for `x` when only types are imported. */
function declares(deps, name) {
  return name in deps || `@types/${name.replace(/^@([^/]+)\/(.+)$/, "$1__$2")}` in deps;
}

export function checkWorkspace(dir, manifest, { rootDev = {}, toolingOnly = false } = {}) {
  const runtime = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
  const tooling = { ...runtime, ...manifest.devDependencies, ...rootDev };
  const problems = [];
  for (const file of sourceFiles(dir)) {
    const rel = path.relative(dir, file).split(path.sep).join("/");
    const shipped = !toolingOnly && !TOOLING.test(rel);
    const text = fs.readFileSync(file, "utf8");
    for (const specifier of specifiersOf(text)) {
      const name = packageNameOf(specifier);
      if (name === null || name === manifest.name) continue;
      const typeOnly = new RegExp(`import\\s+type\\b[^;]*?from\\s*["']${specifier.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["']`).test(text);
      const allowed = shipped && !typeOnly ? runtime : tooling;
      if (!declares(allowed, name)) {
        const where = shipped && !typeOnly ? "dependencies" : "dependencies or devDependencies";
        problems.push(`${manifest.name}: ${rel} imports "${name}", not in its ${where}`);
      }
    }
  }
  return problems;
}

function main() {
  const problems = [];
  for (const ws of rootManifest.workspaces) {
    const dir = path.join(root, ws);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    problems.push(...checkWorkspace(dir, manifest, { rootDev: rootManifest.devDependencies, toolingOnly: TOOLING_WORKSPACES.has(ws) }));
  }
  // The root's own files (lint config, these scripts): root devDependencies only.
  for (const file of ["eslint.config.js", ...fs.readdirSync(path.join(root, "scripts")).map((f) => `scripts/${f}`)]) {
    if (!SOURCE.test(file) || file.includes(".test.")) continue; // the tests quote imports as data
    for (const specifier of specifiersOf(fs.readFileSync(path.join(root, file), "utf8"))) {
      const name = packageNameOf(specifier);
      if (name !== null && !(name in { ...rootManifest.dependencies, ...rootManifest.devDependencies })) {
        problems.push(`${rootManifest.name}: ${file} imports "${name}", not in the root package.json`);
      }
    }
  }
  const unique = [...new Set(problems)];
  if (unique.length > 0) {
    console.error(`Undeclared imports (declare each in the workspace that imports it):\n  ${unique.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`imports: every package imported is declared by its workspace (${rootManifest.workspaces.length} workspaces)`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
