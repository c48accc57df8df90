/**
 * One process per embedded database. PGlite keeps the database in the memory of the process that
 * opened the folder and writes it back on its own schedule: a second process opening the same
 * folder works on its own copy, and its writes are lost (or the folder is damaged). So whoever
 * opens the folder first holds `<folder>.lock` (created exclusively, holding its pid) until it
 * closes; anyone else is refused with the holder's pid. A lock left by a process that died is
 * taken over.
 */
import fs from "node:fs";
import os from "node:os";

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly owner: LockOwner | null,
  ) {
    super(
      `The embedded database in ${folder} is in use by ${owner ? `process ${owner.pid}${owner.host === os.hostname() ? "" : ` on ${owner.host}`}` : "another process"}. ` +
        "Only one process may open it at a time: stop the other process first (or set DATABASE_URL to use PostgreSQL, which any number of processes share). " +
        `If no such process is running, delete ${folder}.lock.`,
    );
  }
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(lockPath, "utf8")) as Partial<LockOwner>;
    return typeof owner.pid === "number" && typeof owner.host === "string" ? { pid: owner.pid, host: owner.host, startedAt: String(owner.startedAt) } : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Locks this process holds (a lock with our pid that is not here was left by an earlier process with the same pid, as in a restarted container). */
const held = new Set<string>();

/** Takes the lock of `folder` (the file `<folder>.lock`), or throws {@link DataDirLockedError}. */
export function lockDataDir(folder: string): DataDirLock {
  const lockPath = `${folder}.lock`;
  if (held.has(lockPath)) throw new DataDirLockedError(folder, { pid: process.pid, host: os.hostname(), startedAt: "" });
  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: "wx", mode: 0o600 });
      held.add(lockPath);
      let released = false;
      return {
        path: lockPath,
        release: () => {
          if (released) return;
          released = true;
          held.delete(lockPath);
          // Only remove our own lock (never one a later process took over).
          if (readOwner(lockPath)?.pid === me.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const owner = readOwner(lockPath);
    // A lock of this machine whose process is gone is stale; one of another machine (a shared
    // folder) cannot be checked and is respected. An unreadable lock may be half written: wait.
    if (owner && owner.host === me.host && (owner.pid === me.pid || !isAlive(owner.pid))) {
      fs.rmSync(lockPath, { force: true });
      continue;
    }
    if (!owner && attempt < 2) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      continue;
    }
    throw new DataDirLockedError(folder, owner);
  }
  throw new DataDirLockedError(folder, readOwner(lockPath));
}
