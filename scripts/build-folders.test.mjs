// builds/<id>/ folders and the `dist` link: `node --test scripts/*.test.mjs` (npm run test:scripts).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { abandonBuild, finishBuild, startBuild } from "./build-folders.mjs";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-builds-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

let clock = Date.parse("2026-01-01T00:00:00Z");
/** A finished build holding these files; ids one second apart so that they sort by age. */
function makeBuild(pkg, files) {
  const build = startBuild(pkg, new Date((clock += 1000)));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(build.dir, name)), { recursive: true });
    fs.writeFileSync(path.join(build.dir, name), content);
  }
  finishBuild(pkg, build);
  return build;
}
const builds = (pkg) => fs.readdirSync(path.join(pkg, "builds")).sort();
const read = (file) => fs.readFileSync(file, "utf8");

describe("build folders", () => {
  it("points dist at each new build with a link, leaving the one before untouched", () => {
    const pkg = path.join(tmp, "swap");
    const first = makeBuild(pkg, { "main.js": "1", "chunks/templates-AAA.js": "a" });
    assert.equal(fs.lstatSync(path.join(pkg, "dist")).isSymbolicLink(), true);
    assert.equal(read(path.join(pkg, "dist/main.js")), "1");
    makeBuild(pkg, { "main.js": "2", "chunks/templates-BBB.js": "b" });
    assert.equal(read(path.join(pkg, "dist/main.js")), "2");
    assert.equal(read(path.join(first.dir, "chunks/templates-AAA.js")), "a");
    assert.deepEqual(fs.readdirSync(pkg).sort(), ["builds", "dist"]);
  });

  it("keeps the newest three and any build a live process marks; removes the rest", () => {
    const pkg = path.join(tmp, "prune");
    const inUse = makeBuild(pkg, { "main.js": "in use" });
    fs.mkdirSync(path.join(inUse.dir, ".running"));
    fs.writeFileSync(path.join(inUse.dir, ".running", String(process.pid)), "");
    const stale = makeBuild(pkg, { "main.js": "stale mark" });
    // A process that has exited: its mark does not hold the build.
    const gone = spawnSync(process.execPath, ["-e", "process.pid"]).pid;
    fs.mkdirSync(path.join(stale.dir, ".running"));
    fs.writeFileSync(path.join(stale.dir, ".running", String(gone)), "");
    const plain = makeBuild(pkg, { "main.js": "plain" });
    const newer = [1, 2, 3].map((n) => makeBuild(pkg, { "main.js": `newer ${n}` }));
    assert.deepEqual(builds(pkg), [inUse.id, ...newer.map((b) => b.id)].sort());
    assert.equal(fs.existsSync(stale.dir) || fs.existsSync(plain.dir), false);
  });

  it("leaves dist as it was when a build fails", () => {
    const pkg = path.join(tmp, "failed");
    makeBuild(pkg, { "main.js": "good" });
    const broken = startBuild(pkg, new Date((clock += 1000)));
    fs.writeFileSync(path.join(broken.dir, "main.js"), "half written");
    abandonBuild(broken);
    assert.equal(read(path.join(pkg, "dist/main.js")), "good");
    assert.equal(fs.existsSync(broken.dir), false);
  });

  it("replaces a dist folder from before, carrying its chunks and assets into the new build", () => {
    const pkg = path.join(tmp, "legacy");
    fs.mkdirSync(path.join(pkg, "dist/chunks"), { recursive: true });
    fs.mkdirSync(path.join(pkg, "dist/assets"), { recursive: true });
    fs.writeFileSync(path.join(pkg, "dist/main.js"), "old");
    fs.writeFileSync(path.join(pkg, "dist/chunks/templates-OLD.js"), "old chunk");
    fs.writeFileSync(path.join(pkg, "dist/assets/app-OLD.js"), "old asset");
    makeBuild(pkg, { "main.js": "new", "chunks/templates-NEW.js": "new chunk" });
    assert.equal(fs.lstatSync(path.join(pkg, "dist")).isSymbolicLink(), true);
    assert.equal(read(path.join(pkg, "dist/main.js")), "new");
    // A server started from the old folder finds its chunks and its pages' assets through `dist`.
    assert.equal(read(path.join(pkg, "dist/chunks/templates-OLD.js")), "old chunk");
    assert.equal(read(path.join(pkg, "dist/assets/app-OLD.js")), "old asset");
  });
});
