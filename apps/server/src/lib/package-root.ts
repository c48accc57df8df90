import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const PACKAGE_NAME = "@atelier/server";

/**
 * The server package's folder (where its package.json is), found by walking up from this module:
 * the same answer from the TypeScript sources (src/lib) and from the bundle (dist/).
 */
export function serverPackageRoot(from = import.meta.dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string };
      if (name === PACKAGE_NAME) return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`${PACKAGE_NAME}: package.json not found above ${from}`);
  }
}

/** The built web app: the `dist` folder of the @atelier/web package, as Node resolves it from the server. */
export function defaultWebDistDir(root = serverPackageRoot()): string {
  try {
    const manifest = createRequire(path.join(root, "package.json")).resolve("@atelier/web/package.json");
    return path.join(path.dirname(manifest), "dist");
  } catch {
    return path.join(root, "..", "web", "dist");
  }
}
