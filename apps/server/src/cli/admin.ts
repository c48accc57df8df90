/**
 * `npm run admin -- create --email X --role admin|staff --first-name A [--last-name B]`
 * `npm run admin -- storage migrate` (copies DATA_DIR/uploads into the S3 bucket; see lib/storage/migrate.ts)
 * `npm run admin -- backup --out FILE`, `npm run admin -- restore FILE` (see lib/backup/backup.ts)
 * The password is read from a hidden prompt, or from standard input when it is not a terminal.
 * There is never a default password. While the server runs on the embedded database, the account
 * is made by the server itself, through its admin socket (see perform()).
 */
import path from "node:path";
import readline from "node:readline";
import { buildApp } from "../app.ts";
import { loadConfig, type Config } from "../config.ts";
import { callAdminSocket } from "../lib/admin-socket.ts";
import { DataDirLockedError } from "../lib/data-dir-lock.ts";
import { openRuntime, type Runtime } from "../runtime.ts";
import {
  ADMIN_USAGE,
  BACKUP_USAGE,
  parseAdminArgs,
  parseBackupArgs,
  runBackupCommand,
  parseStorageArgs,
  runAdminRequest,
  runStorageMigrate,
  STORAGE_USAGE,
  type AdminRequest,
  type AdminResponse,
} from "./admin-commands.ts";

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
  }
  const ask = (q: string) =>
    new Promise<string>((resolve) => {
      const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      const out = rl as unknown as { _writeToOutput: (s: string) => void };
      out._writeToOutput = (s: string) => {
        // Echo the prompt, hide the typed characters.
        if (s.startsWith(q)) process.stdout.write(q);
      };
      rl.question(q, (answer) => {
        rl.close();
        process.stdout.write("\n");
        resolve(answer);
      });
    });
  const first = await ask("Password: ");
  const second = await ask("Password (again): ");
  if (first !== second) throw new Error("The two passwords didn't match.");
  return first;
}

async function main(): Promise<number> {
  if (process.argv[2] === "storage") {
    if (!parseStorageArgs(process.argv.slice(2))) {
      console.error(STORAGE_USAGE);
      return 2;
    }
    return runStorageMigrate(loadConfig(process.env), (line) => console.log(line));
  }
  if (process.argv[2] === "backup" || process.argv[2] === "restore") {
    const command = parseBackupArgs(process.argv.slice(2));
    if (!command) {
      console.error(BACKUP_USAGE);
      return 2;
    }
    const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
    return runBackupCommand(config, command, (line) => console.log(line), (line) => console.error(line));
  }
  const args = parseAdminArgs(process.argv.slice(2));
  if (!args) {
    console.error(`${ADMIN_USAGE}\n${STORAGE_USAGE}\n${BACKUP_USAGE}`);
    return 2;
  }
  const password = await readPassword();
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
  const request: AdminRequest = { ...args, password };
  const response = await perform(config, request);
  if (response.ok) {
    console.log(response.message);
    return 0;
  }
  if ("fields" in response) {
    for (const [field, messages] of Object.entries(response.fields)) console.error(`${field}: ${messages.join(" ")}`);
  } else {
    console.error(response.error);
  }
  return 1;
}

/**
 * On the embedded database only one process may hold the folder: when the server holds it, the
 * request goes to the server through its admin socket, so the server's own database makes the
 * change (it signs in at once and survives restarts). With PostgreSQL, or when no server runs,
 * the command opens the database itself.
 */
async function perform(config: Config, request: AdminRequest): Promise<AdminResponse> {
  let runtime: Runtime;
  try {
    runtime = await openRuntime(config);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const socketPath = path.join(config.dataDir, "admin.sock");
    try {
      return (await callAdminSocket(socketPath, request)) as AdminResponse;
    } catch (socketErr) {
      const reason = (socketErr as NodeJS.ErrnoException).code ?? (socketErr as Error).message;
      return {
        ok: false,
        error: `${err.message}\nThe admin command passes its request to the running server through ${socketPath}, but it does not answer there (${reason}). Nothing was changed: stop the other process and run the command again.`,
      };
    }
  }
  try {
    const { services } = await buildApp({ config, ...runtime });
    return await runAdminRequest(services.auth, request);
  } finally {
    await runtime.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
