import fs from "node:fs";
import path from "node:path";

/**
 * Marks a build folder this process uses (`builds/<id>/`, made by scripts/build-folders.mjs at the
 * repository's root: the server bundle it runs, the web build it serves) with the process id while it
 * runs, so that later builds keep that folder: the chunks it loads on first use (e-mail templates, the
 * PDF, the extractor) and the assets its pages name stay where they are. Does nothing for a folder that
 * is not such a build (the TypeScript sources through tsx, tests, a web build made elsewhere).
 */
export function holdBuildFolder(dir: string, pid = process.pid): () => void {
  if (!fs.existsSync(path.join(dir, ".build.json"))) return () => undefined;
  const marker = path.join(dir, ".running", String(pid));
  try {
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    fs.writeFileSync(marker, "");
  } catch {
    // A read-only install is never rebuilt in place: nothing to protect.
    return () => undefined;
  }
  const release = () => fs.rmSync(marker, { force: true });
  process.once("exit", release);
  return release;
}
