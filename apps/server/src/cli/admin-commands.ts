import { parseArgs } from "node:util";
import { ROLES, type FieldErrors, type Role } from "@atelier/contract";
import type { Config } from "../config.ts";
import { ValidationError } from "../lib/errors.ts";
import { localStorageRoot } from "../lib/storage/configured.ts";
import type { AuthService } from "../modules/auth/auth.service.ts";

/** What the admin command can ask for, run here or by the running server (admin socket). */
export type AdminRequest = { op: "create-account"; email: string; password: string; role: Role; firstName: string; lastName: string };
export type AdminResponse =
  | { ok: true; message: string }
  | { ok: false; fields: FieldErrors }
  | { ok: false; error: string };

export const ADMIN_USAGE = 'Usage: npm run admin -- create --email <address> --role <staff|admin> --first-name <name> [--last-name <name>]';

/**
 * The command line of `npm run admin`, everything but the password (read from a prompt or standard
 * input afterwards): null when it is not a valid `create` (the caller prints ADMIN_USAGE). A staff
 * account needs a name, as an invitation does, so their work is credited to them by name.
 */
export function parseAdminArgs(argv: string[]): Omit<AdminRequest, "password"> | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: "string" },
        role: { type: "string", default: "staff" },
        "first-name": { type: "string" },
        "last-name": { type: "string", default: "" },
      },
    });
  } catch {
    return null;
  }
  const { positionals, values } = parsed;
  const role = values.role as Role;
  const firstName = values["first-name"]?.trim() ?? "";
  if (positionals[0] !== "create" || positionals.length !== 1 || !values.email || !ROLES.includes(role) || role === "customer" || !firstName) return null;
  return { op: "create-account", email: values.email, role, firstName, lastName: values["last-name"].trim() };
}

export function isAdminRequest(value: unknown): value is AdminRequest {
  const v = value as Partial<AdminRequest> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    v.op === "create-account" &&
    typeof v.email === "string" &&
    typeof v.password === "string" &&
    typeof v.firstName === "string" &&
    typeof v.lastName === "string" &&
    ROLES.includes(v.role as Role) &&
    v.role !== "customer"
  );
}

export async function runAdminRequest(auth: Pick<AuthService, "createAccount">, request: unknown): Promise<AdminResponse> {
  if (!isAdminRequest(request)) return { ok: false, error: "Unknown request." };
  try {
    const user = await auth.createAccount({
      email: request.email,
      password: request.password,
      role: request.role,
      firstName: request.firstName,
      lastName: request.lastName,
    });
    const name = `${user.first_name} ${user.last_name}`.trim();
    return { ok: true, message: `Created ${user.role} account ${user.email} for ${name} (username ${user.username}).` };
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, fields: err.fields };
    throw err;
  }
}

// ---- npm run admin -- storage migrate ----

export const STORAGE_USAGE = "Usage: npm run admin -- storage migrate   (copies DATA_DIR/uploads into the S3_BUCKET bucket)";

/** True for exactly `storage migrate`; null for any other `storage ...` line (the caller prints STORAGE_USAGE). */
export function parseStorageArgs(argv: string[]): { op: "storage-migrate" } | null {
  return argv.length === 2 && argv[0] === "storage" && argv[1] === "migrate" ? { op: "storage-migrate" } : null;
}

/**
 * Copies the local files into the configured bucket (see migrateLocalToS3): prints one line per
 * file copied or failed and a count at the end; exit code 1 when any file failed.
 */
export async function runStorageMigrate(config: Pick<Config, "s3" | "dataDir">, print: (line: string) => void): Promise<number> {
  if (!config.s3) {
    print("S3_BUCKET is not set: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE as the store needs) to the bucket to copy the files into.");
    return 2;
  }
  const [{ createS3Storage }, { migrateLocalToS3, migrateSummary, BucketUnreachableError }] = await Promise.all([
    import("../lib/storage/s3.ts"),
    import("../lib/storage/migrate.ts"),
  ]);
  const target = createS3Storage(config.s3);
  const root = localStorageRoot(config.dataDir);
  print(`Copying ${root} into ${target.description}...`);
  try {
    const result = await migrateLocalToS3(root, target, print);
    print(migrateSummary(result, config.s3.bucket));
    return result.failed.length > 0 ? 1 : 0;
  } catch (err) {
    if (err instanceof BucketUnreachableError) {
      print(err.message);
      return 1;
    }
    throw err;
  } finally {
    target.client.destroy();
  }
}

// ---- npm run admin -- backup --out FILE / restore FILE ----

export const BACKUP_USAGE = "Usage: npm run admin -- backup --out <file.tar.gz>   |   npm run admin -- restore <file.tar.gz>";

export type BackupCommand = { op: "backup"; out: string } | { op: "restore"; file: string };

/** `backup --out FILE` or `restore FILE`; null for any other `backup`/`restore` line (the caller prints BACKUP_USAGE). */
export function parseBackupArgs(argv: string[]): BackupCommand | null {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: "string" } } });
  } catch {
    return null;
  }
  const { positionals, values } = parsed;
  if (positionals[0] === "backup" && positionals.length === 1 && values.out) return { op: "backup", out: values.out };
  if (positionals[0] === "restore" && positionals.length === 2 && values.out === undefined && positionals[1]) return { op: "restore", file: positionals[1] };
  return null;
}

/**
 * Runs a backup or a restore (lib/backup): exit code 0 when done, 2 when refused (the target is
 * not empty, a server holds the embedded database, a tool is missing), 1 when the archive is damaged.
 */
export async function runBackupCommand(config: Pick<Config, "dataDir" | "databaseUrl" | "s3">, command: BackupCommand, print: (line: string) => void, printError: (line: string) => void): Promise<number> {
  const { createBackup, restoreBackup, BackupRefusedError, BackupDamagedError } = await import("../lib/backup/backup.ts");
  try {
    if (command.op === "backup") await createBackup(config, command.out, print);
    else await restoreBackup(config, command.file, print);
    return 0;
  } catch (err) {
    if (err instanceof BackupRefusedError) {
      printError(err.message);
      return 2;
    }
    if (err instanceof BackupDamagedError) {
      printError(err.message);
      return 1;
    }
    throw err;
  }
}
