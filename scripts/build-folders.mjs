// Builds that never pull files from under a running server (the server's bundle, the web app).
//
// Each build is written to a folder of its own, <package>/builds/<id>/, and <package>/dist is a
// symbolic link to the newest, replaced in one rename: nothing is ever half written or missing at
// `dist`. A process started from `dist` resolves the link once (Node runs `node dist/main.js` from
// its real path; the server reads the web build from its real path) and keeps using its own build's
// folder, so the chunks it loads later are still there however often the package is rebuilt. While it
// runs, it marks that folder with its process id (`.running/<pid>`, apps/server/src/lib/build-lease.ts; both marks are dotfiles, which the server never serves).
// Old builds are removed, except the newest few and any folder a live process marks.
import fs from "node:fs";
import path from "node:path";

/** Builds kept besides any in use: the current one and the two before it. */
export const KEEP_BUILDS = 3;

/** A new, empty build folder: builds/<id>/ (sortable by time, unique per process). */
export function startBuild(packageDir, now = new Date()) {
  const id = `${now.toISOString().replace(/\D/g, "").slice(0, 14)}-${process.pid}`;
  const dir = path.join(packageDir, "builds", id);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return { id, dir };
}

/** A build that failed: its folder goes, the current build stays as it was. */
export function abandonBuild(build) {
  fs.rmSync(build.dir, { recursive: true, force: true });
}

/** Marks the build complete, points `dist` at it in one rename, and removes builds no longer wanted. */
export function finishBuild(packageDir, build, { keep = KEEP_BUILDS } = {}) {
  fs.writeFileSync(path.join(build.dir, ".build.json"), `${JSON.stringify({ id: build.id, builtAt: new Date().toISOString() })}\n`);
  swapIn(packageDir, build);
  return prune(packageDir, keep);
}

function swapIn(packageDir, build) {
  const dist = path.join(packageDir, "dist");
  const tmpLink = path.join(packageDir, `dist.tmp-${process.pid}`);
  fs.rmSync(tmpLink, { force: true });
  fs.symlinkSync(path.join("builds", build.id), tmpLink, "junction");
  const current = fs.lstatSync(dist, { throwIfNoEntry: false });
  if (current?.isDirectory()) {
    // A `dist` folder from before builds were kept apart. A process started from it finds its files
    // through the name `dist`: its chunks and assets are copied into the new build, then the folder
    // moves aside (the oldest name, so it is the first to go once nothing needs it).
    copyMissing(dist, build.dir, ["chunks", "assets"]);
    fs.renameSync(dist, path.join(packageDir, "builds", `00000000000000-${build.id}-previous-dist`));
  }
  fs.renameSync(tmpLink, dist);
}

function copyMissing(from, to, subdirs) {
  for (const sub of subdirs) {
    const source = path.join(from, sub);
    if (!fs.existsSync(source)) continue;
    fs.mkdirSync(path.join(to, sub), { recursive: true });
    for (const name of fs.readdirSync(source)) {
      const target = path.join(to, sub, name);
      if (!fs.existsSync(target)) fs.cpSync(path.join(source, name), target, { recursive: true });
    }
  }
}

/** Whether a live process marks this build folder as the one it runs from. */
export function inUse(dir) {
  let names;
  try {
    names = fs.readdirSync(path.join(dir, ".running"));
  } catch {
    return false;
  }
  return names.some((name) => {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return err.code === "EPERM"; // alive, another user's
    }
  });
}

/** Removes the builds beyond the newest `keep` that no live process uses; returns what it removed. */
export function prune(packageDir, keep = KEEP_BUILDS) {
  const buildsDir = path.join(packageDir, "builds");
  const current = path.basename(fs.realpathSync(path.join(packageDir, "dist")));
  const older = fs
    .readdirSync(buildsDir)
    .filter((name) => name !== current)
    .sort()
    .reverse()
    .slice(keep - 1);
  const removed = [];
  for (const name of older) {
    const dir = path.join(buildsDir, name);
    if (inUse(dir)) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
