import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-lock-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("lockDataDir", () => {
  it("lets one holder at a time have a folder, and frees it on release", () => {
    const folder = path.join(root, "a");
    const lock = lockDataDir(folder);
    expect(() => lockDataDir(folder)).toThrow(DataDirLockedError);
    lock.release();
    lockDataDir(folder).release();
    expect(fs.existsSync(`${folder}.lock`)).toBe(false);
  });

  it("refuses while another live process holds it, naming that process", () => {
    const folder = path.join(root, "b");
    fs.writeFileSync(`${folder}.lock`, JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: "x" }));
    expect(() => lockDataDir(folder)).toThrow(`is in use by process ${process.ppid}`);
  });

  it("takes over a lock whose process is gone, or that an earlier process with our pid left", async () => {
    const child = spawn(process.execPath, ["-e", "0"]);
    const deadPid = await new Promise<number>((resolve) => child.on("exit", () => resolve(child.pid!)));
    const folder = path.join(root, "c");
    fs.writeFileSync(`${folder}.lock`, JSON.stringify({ pid: deadPid, host: os.hostname(), startedAt: "x" }));
    lockDataDir(folder).release();
    fs.writeFileSync(`${folder}.lock`, JSON.stringify({ pid: process.pid, host: os.hostname(), startedAt: "x" }));
    lockDataDir(folder).release();
  });
});
