#!/usr/bin/env node
// The root package.json's `engines.node` is a promise: the product installs, builds, tests and runs
// on every Node version it admits. It is true only if every installed package admits at least that
// range, so this check fails when one does not (`semver.subset(declared, theirs)`). Production
// packages (what `npm start` loads) and development packages (what builds and tests it) are both
// checked and listed apart; packages listed in the lockfile but not installed here (another
// platform's optional binaries) are skipped.
//
// Usage: node scripts/check-engines.mjs   (exit 1 and a list when a package asks for more)
import fs from "node:fs";
import path from "node:path";
import semver from "semver";

const root = path.resolve(import.meta.dirname, "..");

/** The installed packages whose `engines.node` does not admit every version of `declared`. */
export function enginesProblems(rootDir, declared) {
  const lock = JSON.parse(fs.readFileSync(path.join(rootDir, "package-lock.json"), "utf8"));
  const problems = [];
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (where === "" || entry.link || !where.includes("node_modules/")) continue;
    let manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(rootDir, where, "package.json"), "utf8"));
    } catch {
      continue; // not installed on this platform
    }
    const wanted = manifest.engines?.node;
    if (typeof wanted !== "string" || wanted.trim() === "") continue;
    let admits;
    try {
      admits = semver.subset(declared, wanted, { includePrerelease: false });
    } catch {
      admits = false; // an engines range semver cannot read admits nothing we can promise
    }
    if (!admits) {
      problems.push({ name: manifest.name, version: manifest.version, where, wanted, production: !entry.dev && !entry.devOptional });
    }
  }
  return problems;
}

function main() {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const declared = manifest.engines?.node;
  if (typeof declared !== "string" || semver.validRange(declared) === null) {
    console.error(`package.json: engines.node must be a semver range (found ${JSON.stringify(declared)})`);
    process.exit(1);
  }
  // The Node running this check (CI's) must be one the project says it supports.
  if (!semver.satisfies(process.version, declared)) {
    console.error(`engines: this is Node ${process.version}, which package.json's engines.node (${declared}) does not admit`);
    process.exit(1);
  }
  const problems = enginesProblems(root, declared);
  if (problems.length === 0) {
    console.log(`engines: every installed package admits Node ${declared}`);
    return;
  }
  const line = (p) => `  ${p.name}@${p.version} wants node ${p.wanted}  (${p.where})`;
  const prod = problems.filter((p) => p.production);
  const dev = problems.filter((p) => !p.production);
  console.error(`engines: package.json declares node ${declared}, but these packages do not admit all of it.`);
  if (prod.length > 0) console.error(`production:\n${prod.map(line).join("\n")}`);
  if (dev.length > 0) console.error(`development:\n${dev.map(line).join("\n")}`);
  console.error("Pin a version that admits the declared range (package.json `overrides` for a transitive one), or replace the package.");
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
