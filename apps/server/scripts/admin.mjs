// `npm run admin`: runs the admin command of the existing build (dist/admin.js). It never builds:
// rebuilding is a separate step (`npm run build`), so the command is safe to run beside a server.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const entry = path.join(root, "dist", "admin.js");

if (!fs.existsSync(entry)) {
  console.error(
    [
      "The server is not built, so there is no admin command to run (apps/server/dist/admin.js is missing).",
      "Build it first with `npm run build` (or `npm run build -w apps/server` for the server alone), then run this command again.",
      "`npm run admin` never builds by itself: building is a separate step, so the command is safe beside a running server.",
    ].join("\n"),
  );
  process.exit(1);
}
process.setSourceMapsEnabled(true);
// From the build's real folder: its chunks stay its own even if a new build replaces `dist` meanwhile.
await import(pathToFileURL(fs.realpathSync(entry)).href);
