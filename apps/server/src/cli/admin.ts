/**
 * `npm run admin -- create --email X --role admin|staff`
 * The password is read from a hidden prompt, or from standard input when it is not a terminal.
 * There is never a default password.
 */
import readline from "node:readline";
import { parseArgs } from "node:util";
import { ROLES, type Role } from "@atelier/contract";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { ValidationError } from "../lib/errors.ts";
import { openRuntime } from "../runtime.ts";

const USAGE = "Usage: npm run admin -- create --email <address> --role <staff|admin>";

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
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: "string" }, role: { type: "string", default: "staff" } },
  });
  const role = values.role as Role;
  if (positionals[0] !== "create" || !values.email || !ROLES.includes(role) || role === "customer") {
    console.error(USAGE);
    return 2;
  }
  const password = await readPassword();
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
  const runtime = await openRuntime(config);
  try {
    const { services } = await buildApp({ config, ...runtime });
    const user = await services.auth.createAccount({ email: values.email, password, role });
    console.log(`Created ${user.role} account ${user.email} (username ${user.username}).`);
    return 0;
  } catch (err) {
    if (err instanceof ValidationError) {
      for (const [field, messages] of Object.entries(err.fields)) console.error(`${field}: ${messages.join(" ")}`);
      return 1;
    }
    throw err;
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
