/**
 * `npm run admin -- backup --out FILE` and `npm run admin -- restore FILE`.
 *
 * One archive (tar.gz) holds:
 * - `manifest.json`: format version, created_at, app version, engine, migration level, counts, and
 *   the size and sha256 of every other part (checked before a restore writes anything);
 * - `database/pglite-datadir.tar.gz` (PGlite's own dump, `dumpDataDir`) or `database/postgres.dump`
 *   (`pg_dump --format=custom`);
 * - `keys/secret-key`, `keys/unsubscribe-key`: the data folder's generated keys, so signed file
 *   links and unsubscribe links made before the backup work after a restore;
 * - `files/<key>`: the stored files (local storage), or `storage/s3-objects.json`: the key and
 *   size of every object the bucket must hold (S3; the bucket itself is not copied).
 *
 * The embedded database is backed up only while no server holds it: PGlite lives in the memory of
 * the process that opened it, so a copy taken beside a running server could be inconsistent; the
 * command refuses and says to stop the server.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import pg from "pg";
import * as tar from "tar";
import type { Config } from "../../config.ts";
import { MIGRATIONS_DIR } from "../../db/client.ts";
import { DataDirLockedError, lockDataDir, type DataDirLock } from "../data-dir-lock.ts";
import { serverPackageRoot } from "../package-root.ts";
import { createLocalStorage, type Storage } from "../storage.ts";
import { localStorageRoot, openStorage } from "../storage/configured.ts";

export const BACKUP_FORMAT = "atelier-backup";
export const BACKUP_FORMAT_VERSION = 1;
/** The data folder's generated keys (see resolveFileUrlSecret). */
export const KEY_FILES = ["secret-key", "unsubscribe-key"] as const;

const PGLITE_PART = "database/pglite-datadir.tar.gz";
const POSTGRES_PART = "database/postgres.dump";
const S3_LIST_PART = "storage/s3-objects.json";

export interface BackupPart {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  app_version: string;
  engine: "pglite" | "postgres";
  /** Migrations applied to the backed-up database: how many, and the newest one's tag. */
  migrations: { applied: number; latest: string | null };
  storage: { kind: "local"; files: number; bytes: number } | { kind: "s3"; bucket: string; objects: number; bytes: number };
  keys: string[];
  counts: TableCounts;
  parts: BackupPart[];
}

export interface TableCounts {
  users: number;
  designs: number;
  orders: number;
  uploads: number;
}

/** A refusal the operator can act on (exit code 2): the sentence says what to do. Nothing was written. */
export class BackupRefusedError extends Error {}
/** The archive is damaged or not a backup (exit code 1). Nothing was written. */
export class BackupDamagedError extends Error {}

/** "1 order", "2 orders". */
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

type BackupConfig = Pick<Config, "dataDir" | "databaseUrl" | "s3">;
type Print = (line: string) => void;

const execFileAsync = promisify(execFile);

// ---------------------------------------------------------------- backup

export async function createBackup(config: BackupConfig, outFile: string, print: Print, now = new Date()): Promise<BackupManifest> {
  const out = path.resolve(outFile);
  if (fs.existsSync(out)) throw new BackupRefusedError(`${out} already exists: choose a new file name (a backup never overwrites another).`);
  await fsp.mkdir(path.dirname(out), { recursive: true });
  // Staged beside the archive (same disk: files are hard-linked, not copied), removed at the end.
  const staging = await fsp.mkdtemp(path.join(path.dirname(out), ".backup-staging-"));
  try {
    const engine = config.databaseUrl ? "postgres" : "pglite";
    let dbInfo: { migrations: BackupManifest["migrations"]; counts: TableCounts };
    let releaseLock: (() => void) | undefined;
    await fsp.mkdir(path.join(staging, "database"));
    if (config.databaseUrl) {
      dbInfo = await dumpPostgres(config.databaseUrl, path.join(staging, POSTGRES_PART));
    } else {
      const dumped = await dumpPglite(config.dataDir, path.join(staging, PGLITE_PART));
      dbInfo = dumped.info;
      releaseLock = dumped.release;
    }
    try {
      print(`Database (${engine}): ${count(dbInfo.counts.users, "account")}, ${count(dbInfo.counts.designs, "design")}, ${count(dbInfo.counts.orders, "order")}; ${count(dbInfo.migrations.applied, "migration")} applied.`);
      const keys: string[] = [];
      for (const name of KEY_FILES) {
        const source = path.join(config.dataDir, name);
        if (!fs.existsSync(source)) continue;
        await fsp.mkdir(path.join(staging, "keys"), { recursive: true });
        await fsp.copyFile(source, path.join(staging, "keys", name));
        keys.push(name);
      }
      let storage: BackupManifest["storage"];
      if (config.s3) {
        const store = await openStorage(config);
        const objects: { key: string; size: number }[] = [];
        try {
          for await (const o of store.list()) objects.push({ key: o.key, size: o.size });
        } finally {
          closeStore(store);
        }
        await fsp.mkdir(path.join(staging, "storage"));
        await fsp.writeFile(path.join(staging, S3_LIST_PART), JSON.stringify({ bucket: config.s3.bucket, objects }, null, 1));
        storage = { kind: "s3", bucket: config.s3.bucket, objects: objects.length, bytes: objects.reduce((n, o) => n + o.size, 0) };
        print(`S3 bucket ${config.s3.bucket}: ${objects.length} objects listed (not copied; keep the bucket's versioning on).`);
      } else {
        const root = localStorageRoot(config.dataDir);
        let files = 0;
        let bytes = 0;
        if (fs.existsSync(root)) {
          for await (const o of createLocalStorage(root).list()) {
            const target = path.join(staging, "files", ...o.key.split("/"));
            await fsp.mkdir(path.dirname(target), { recursive: true });
            // A hard link (a copy across disks). The store writes every file under its own temporary
            // name and renames it, so no two keys share an inode and each goes in the tar as a file.
            await fsp.link(path.join(root, ...o.key.split("/")), target).catch(() => fsp.copyFile(path.join(root, ...o.key.split("/")), target));
            files += 1;
            bytes += o.size;
          }
        }
        storage = { kind: "local", files, bytes };
        print(`Stored files: ${count(files, "file")}, ${bytes} bytes.`);
      }
      const parts: BackupPart[] = [];
      for (const rel of await listFilesUnder(staging)) parts.push({ path: rel, ...(await sizeAndHash(path.join(staging, rel))) });
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        format_version: BACKUP_FORMAT_VERSION,
        created_at: now.toISOString(),
        app_version: appVersion(),
        engine,
        migrations: dbInfo.migrations,
        storage,
        keys,
        counts: dbInfo.counts,
        parts,
      };
      await fsp.writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      const partial = `${out}.partial`;
      await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, ["manifest.json", ...parts.map((p) => p.path)]);
      await fsp.rename(partial, out);
      print(`Wrote ${out} (${(await fsp.stat(out)).size} bytes, ${parts.length} parts).`);
      return manifest;
    } finally {
      releaseLock?.();
    }
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    await fsp.rm(`${out}.partial`, { force: true });
  }
}

/** Opens the folder's PGlite (holding its lock, so no server starts meanwhile) and writes its dump. */
async function dumpPglite(dataDir: string, target: string): Promise<{ info: { migrations: BackupManifest["migrations"]; counts: TableCounts }; release: () => void }> {
  const dir = path.join(dataDir, "db");
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) throw new BackupRefusedError(`There is no database in ${dir} to back up (check DATA_DIR).`);
  let lock: DataDirLock;
  try {
    lock = lockDataDir(dir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new BackupRefusedError(
        `A server is using the embedded database in ${dir}, and a copy taken beside it could be inconsistent. Stop the server, run the backup, then start the server again.`,
      );
    }
    throw err;
  }
  try {
    const client = await openPglite(dir);
    try {
      const info = await readDatabaseInfo((q) => client.query<Record<string, unknown>>(q).then((r) => r.rows));
      await client.query("checkpoint");
      const dump = await client.dumpDataDir("gzip");
      await fsp.writeFile(target, Buffer.from(await dump.arrayBuffer()));
      return { info, release: () => lock.release() };
    } finally {
      await client.close();
    }
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** Closes the S3 driver's connections (the local driver holds none). */
function closeStore(store: Storage): void {
  (store as Partial<{ client: { destroy(): void } }>).client?.destroy();
}

async function openPglite(dir: string, loadDataDir?: Blob) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import("@electric-sql/pglite"), import("@electric-sql/pglite/contrib/pg_trgm")]);
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  return client;
}

async function dumpPostgres(url: string, target: string): Promise<{ migrations: BackupManifest["migrations"]; counts: TableCounts }> {
  const info = await withPgClient(url, (query) => readDatabaseInfo(query));
  await runTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${target}`, `--dbname=${url}`]);
  return info;
}

async function runTool(tool: "pg_dump" | "pg_restore", args: string[]): Promise<void> {
  try {
    await execFileAsync(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT") throw new BackupRefusedError(`${tool} was not found: install the PostgreSQL client tools (the same major version as the server or newer) and put them on PATH.`);
    throw new Error(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

async function withPgClient<T>(url: string, fn: (query: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (sql) => (await client.query(sql)).rows as Record<string, unknown>[]);
  } finally {
    await client.end();
  }
}

async function readDatabaseInfo(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<{ migrations: BackupManifest["migrations"]; counts: TableCounts }> {
  const [m] = await query("select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations");
  const journal = readJournal();
  const latestWhen = m?.latest == null ? null : Number(m.latest);
  const latest = latestWhen === null ? null : (journal.find((e) => e.when === latestWhen)?.tag ?? String(latestWhen));
  const [c] = await query(
    "select (select count(*) from users)::int as users, (select count(*) from designs)::int as designs, (select count(*) from orders)::int as orders, (select count(*) from uploads)::int as uploads",
  );
  return {
    migrations: { applied: Number(m?.applied ?? 0), latest },
    counts: { users: Number(c?.users), designs: Number(c?.designs), orders: Number(c?.orders), uploads: Number(c?.uploads) },
  };
}

function readJournal(): { when: number; tag: string }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { when: number; tag: string }[] };
  return journal.entries;
}

function appVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverPackageRoot(), "package.json"), "utf8")) as { version?: string };
  return manifest.version ?? "unknown";
}

/** Every file under `dir`, as sorted slash-separated relative paths. */
async function listFilesUnder(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fsp.readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFilesUnder(dir, rel)));
    else if (entry.isFile()) out.push(rel);
    else throw new BackupDamagedError(`The archive holds ${rel}, which is not a plain file.`);
  }
  return out.sort();
}

async function sizeAndHash(file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash("sha256");
  let size = 0;
  await pipeline(fs.createReadStream(file), async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      size += chunk.length;
      hash.update(chunk);
    }
    yield* [];
  });
  return { size, sha256: hash.digest("hex") };
}

// ---------------------------------------------------------------- restore

export interface RestoreResult {
  manifest: BackupManifest;
  counts: TableCounts;
  files: number;
  keys: string[];
  /** S3 only: listed objects the bucket does not hold (or holds with another size). */
  missingObjects: string[];
}

/**
 * Fills an empty data folder (PGlite) or an empty database (PostgreSQL) from an archive. Every
 * check comes first (the archive's checksums, the engine, the target being empty); only then is
 * anything written.
 */
export async function restoreBackup(config: BackupConfig, archive: string, print: Print): Promise<RestoreResult> {
  const file = path.resolve(archive);
  if (!fs.existsSync(file)) throw new BackupRefusedError(`${file} does not exist.`);
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), "atelier-restore-"));
  try {
    try {
      // Plain files and folders only (node-tar already keeps every path inside `work`): a link
      // or device in the archive is left out, and the manifest check then reports its part missing.
      await tar.x({ file, cwd: work, strict: true, filter: (_path, entry) => "type" in entry && (entry.type === "File" || entry.type === "Directory") });
    } catch (err) {
      throw new BackupDamagedError(`${file} is not a readable backup archive (${(err as Error).message}). Nothing was restored.`);
    }
    const manifest = await verifyArchive(work, file);
    print(`Archive of ${manifest.created_at} (app ${manifest.app_version}, ${manifest.engine}, ${manifest.parts.length} parts): checksums verified.`);

    const engine = config.databaseUrl ? "postgres" : "pglite";
    if (manifest.engine !== engine) {
      throw new BackupRefusedError(
        manifest.engine === "pglite"
          ? "This archive holds the embedded database (PGlite): restore it with DATABASE_URL unset, into an empty DATA_DIR."
          : "This archive holds a PostgreSQL dump: restore it with DATABASE_URL set to an empty database.",
      );
    }
    const known = readJournal().length;
    if (manifest.migrations.applied > known) {
      throw new BackupRefusedError(`This archive was made by a newer version of the app (${manifest.migrations.applied} migrations, this one knows ${known}): restore it with that version or a later one.`);
    }
    if ((manifest.storage.kind === "s3") !== Boolean(config.s3)) {
      throw new BackupRefusedError(
        manifest.storage.kind === "s3"
          ? `This archive was made with S3 storage (bucket ${manifest.storage.bucket}): set S3_BUCKET (and the other S3 settings) before restoring.`
          : "This archive holds local files, but S3_BUCKET is set: restore with S3_BUCKET unset, then copy the files with `npm run admin -- storage migrate`.",
      );
    }
    await assertTargetEmpty(config);

    // Everything checked: from here on the target is written.
    let lock: DataDirLock | undefined;
    if (engine === "pglite") {
      await fsp.mkdir(path.join(config.dataDir, "db"), { recursive: true, mode: 0o700 });
      lock = lockDataDir(path.join(config.dataDir, "db"));
    }
    try {
      await fsp.mkdir(config.dataDir, { recursive: true });
      for (const name of manifest.keys) {
        await fsp.copyFile(path.join(work, "keys", name), path.join(config.dataDir, name));
        await fsp.chmod(path.join(config.dataDir, name), 0o600);
      }
      let files = 0;
      const missingObjects: string[] = [];
      if (manifest.storage.kind === "local") {
        const root = localStorageRoot(config.dataDir);
        for (const part of manifest.parts) {
          if (!part.path.startsWith("files/")) continue;
          const target = path.join(root, ...part.path.slice("files/".length).split("/"));
          await fsp.mkdir(path.dirname(target), { recursive: true });
          await fsp.copyFile(path.join(work, part.path), target);
          files += 1;
        }
      } else {
        const listed = JSON.parse(await fsp.readFile(path.join(work, S3_LIST_PART), "utf8")) as { objects: { key: string; size: number }[] };
        const store = await openStorage(config);
        const held = new Map<string, number>();
        try {
          for await (const o of store.list()) held.set(o.key, o.size);
        } finally {
          closeStore(store);
        }
        for (const o of listed.objects) if (held.get(o.key) !== o.size) missingObjects.push(o.key);
        files = listed.objects.length - missingObjects.length;
      }
      let counts: TableCounts;
      if (engine === "pglite") {
        const dump = await fsp.readFile(path.join(work, PGLITE_PART));
        const client = await openPglite(path.join(config.dataDir, "db"), new Blob([dump]));
        try {
          counts = (await readDatabaseInfo((q) => client.query<Record<string, unknown>>(q).then((r) => r.rows))).counts;
        } finally {
          await client.close();
        }
      } else {
        await runTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${config.databaseUrl}`, path.join(work, POSTGRES_PART)]);
        counts = (await withPgClient(config.databaseUrl!, (query) => readDatabaseInfo(query))).counts;
      }
      print(`Restored ${count(counts.users, "account")}, ${count(counts.designs, "design")}, ${count(counts.orders, "order")}, ${count(counts.uploads, "upload")}.`);
      if (manifest.storage.kind === "local") print(`Restored ${count(files, "stored file")} into ${localStorageRoot(config.dataDir)}.`);
      else print(`S3 bucket: ${files} of ${manifest.storage.objects} listed objects are there${missingObjects.length ? `; missing or changed: ${missingObjects.join(", ")} (restore them from the bucket's versions)` : ""}.`);
      print(manifest.keys.length ? `Restored the keys ${manifest.keys.join(", ")}.` : "The archive holds no data-folder keys (the secrets come from the configuration: set the same APP_SECRET, or FILE_URL_SECRET and UNSUBSCRIBE_SECRET, as before).");
      return { manifest, counts, files, keys: manifest.keys, missingObjects };
    } finally {
      lock?.release();
    }
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** Reads the manifest and checks that the archive holds exactly its parts, each with its size and sha256. */
async function verifyArchive(work: string, file: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(work, "manifest.json"), "utf8")) as BackupManifest;
  } catch {
    throw new BackupDamagedError(`${file} has no readable manifest.json: it is not a backup made by \`npm run admin -- backup\`. Nothing was restored.`);
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.parts)) throw new BackupDamagedError(`${file} is not a backup made by \`npm run admin -- backup\`. Nothing was restored.`);
  if (manifest.format_version > BACKUP_FORMAT_VERSION) {
    throw new BackupRefusedError(`${file} has backup format ${manifest.format_version}; this version of the app reads up to ${BACKUP_FORMAT_VERSION}. Restore it with a newer version.`);
  }
  const present = (await listFilesUnder(work)).filter((p) => p !== "manifest.json");
  const listed = new Set(manifest.parts.map((p) => p.path));
  const extra = present.filter((p) => !listed.has(p));
  const problems: string[] = [];
  if (extra.length) problems.push(`not in the manifest: ${extra.join(", ")}`);
  for (const part of manifest.parts) {
    const full = path.join(work, part.path);
    if (!present.includes(part.path)) {
      problems.push(`${part.path} is missing`);
      continue;
    }
    const actual = await sizeAndHash(full);
    if (actual.sha256 !== part.sha256 || actual.size !== part.size) problems.push(`${part.path} does not match its checksum`);
  }
  if (problems.length) throw new BackupDamagedError(`${file} is damaged (${problems.join("; ")}). Nothing was restored.`);
  return manifest;
}

/** Refuses (exit code 2) unless the data folder, or the PostgreSQL database, holds nothing yet. */
async function assertTargetEmpty(config: BackupConfig): Promise<void> {
  if (!config.databaseUrl) {
    const entries = fs.existsSync(config.dataDir) ? (await fsp.readdir(config.dataDir)).filter((e) => e !== "lost+found") : [];
    if (entries.length) {
      throw new BackupRefusedError(
        `The data folder ${config.dataDir} is not empty (it holds ${entries.slice(0, 5).join(", ")}${entries.length > 5 ? ", ..." : ""}). A restore only fills an empty data folder: point DATA_DIR at a new folder (or move this one away) and run the restore again.`,
      );
    }
    return;
  }
  const [row] = await withPgClient(config.databaseUrl, (query) =>
    query(
      "select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r','p','v','m','S') and n.nspname not in ('pg_catalog','information_schema') and n.nspname not like 'pg_toast%'",
    ),
  );
  if (Number(row?.n) > 0) {
    throw new BackupRefusedError(`The database of DATABASE_URL is not empty (it holds ${String(row?.n)} tables or sequences). A restore only fills an empty database: create a new one, point DATABASE_URL at it, and run the restore again.`);
  }
  if (!config.s3) {
    const root = localStorageRoot(config.dataDir);
    const keys = KEY_FILES.filter((k) => fs.existsSync(path.join(config.dataDir, k)));
    const hasFiles = fs.existsSync(root) && (await listFilesUnder(root)).length > 0;
    if (hasFiles || keys.length) {
      throw new BackupRefusedError(`The data folder ${config.dataDir} already holds ${hasFiles ? "stored files" : keys.join(" and ")}. A restore only fills an empty data folder: point DATA_DIR at a new folder and run the restore again.`);
    }
  }
}
