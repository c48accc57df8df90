// `npm run build -w apps/web`: the app (Vite) and the prerendered public site (scripts/build-site.ts)
// into a new folder, builds/<id>/, then `dist` is pointed at it in one rename, so a running server
// never sees a half-written build and keeps the one it started with (scripts/build-folders.mjs).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { build } from "vite";
import { abandonBuild, finishBuild, startBuild } from "../../../scripts/build-folders.mjs";

const webDir = path.resolve(import.meta.dirname, "..");
const folder = startBuild(webDir);
try {
  await build({ root: webDir, build: { outDir: folder.dir, emptyOutDir: true } });
  const site = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-site.ts"], {
    cwd: webDir,
    stdio: "inherit",
    env: { ...process.env, WEB_OUT_DIR: folder.dir },
  });
  if (site.status !== 0) throw new Error(`the public site's build failed (exit ${site.status ?? site.signal})`);
} catch (err) {
  abandonBuild(folder);
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
finishBuild(webDir, folder);
console.log(`web app built into ${path.relative(webDir, folder.dir)} (dist points there)`);
