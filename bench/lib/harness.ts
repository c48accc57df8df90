/**
 * The parent side of a bench that runs the real server in its own process: start it (its
 * `server.ts` answers `{port}` once listening, then takes commands over IPC), read JSON, and
 * print percentiles in a table.
 */
import { fork, type ChildProcess } from "node:child_process";

export interface BenchServer<Command> {
  child: ChildProcess;
  base: string;
  send<T>(command: Command): Promise<T>;
}

/** Forks `script` (a bench's server.ts) with BENCH_DATA_DIR; commands are answered one at a time. */
export async function startBenchServer<Command>(script: string, dataDir: string): Promise<BenchServer<Command>> {
  const child = fork(script, [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: { port: number }) => resolve(m.port));
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  let queue = Promise.resolve<unknown>(undefined);
  const send = <T>(command: Command) => {
    const next = queue.then(
      () =>
        new Promise<T>((resolve, reject) => {
          child.once("message", (m: T & { error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m)));
          child.send(command as never);
        }),
    );
    queue = next.catch(() => undefined);
    return next;
  };
  return { child, base: `http://127.0.0.1:${port}`, send };
}

export async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** A Markdown table: the first column left-aligned, the others right-aligned. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  const sep = `|${widths.map((w, i) => (i === 0 ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [line(cells[0]!), sep, ...cells.slice(1).map(line)].join("\n");
}
