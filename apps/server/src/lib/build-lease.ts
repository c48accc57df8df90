import fs from "node:fs";
import path from "node:path";

/**
 * Marks the build folder this process runs from (`builds/<id>/`, made by scripts/build.mjs) with the
 * process id while it runs, so that later builds keep that folder: the chunks it loads on first use
 * (e-mail templates, the PDF, the extractor) stay where it looks for them. Does nothing when the
 * process does not run from a build (the TypeScript sources through tsx, tests).
 */
export function holdBuildFolder(dir: string, pid = process.pid): () => void {
  if (!fs.existsSync(path.join(dir, "build.json"))) return () => undefined;
  const marker = path.join(dir, "running", String(pid));
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
