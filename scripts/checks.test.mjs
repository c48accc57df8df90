// The repository checks on small made-up trees: `node --test scripts/` (npm run test:scripts).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { checkWorkspace, packageNameOf, specifiersOf } from "./check-imports.mjs";
import { enginesProblems } from "./check-engines.mjs";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-checks-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
}

describe("check-engines", () => {
  const dir = path.join(tmp, "engines");
  const installed = {
    "node_modules/needs-22": { engines: { node: ">=22" } },
    "node_modules/even-lines": { engines: { node: "20 || >=22" } },
    "node_modules/any": {},
    "node_modules/tool/node_modules/old-tool": { engines: { node: ">=22.12.0" }, dev: true },
  };
  for (const [where, { engines }] of Object.entries(installed)) {
    write(path.join(dir, where, "package.json"), { name: where.split("/").pop(), version: "1.0.0", ...(engines ? { engines } : {}) });
  }
  write(path.join(dir, "package-lock.json"), {
    packages: {
      "": { name: "root" },
      ...Object.fromEntries(Object.entries(installed).map(([where, { dev }]) => [where, dev ? { dev: true } : {}])),
      "node_modules/@img/other-platform": { optional: true }, // in the lockfile, not installed here
      "apps/server": { name: "server" },
      "node_modules/server": { link: true, resolved: "apps/server" },
    },
  });

  it("names each installed package that refuses part of the declared range, production apart from development", () => {
    const found = enginesProblems(dir, "^20.19.0 || ^22.13.0 || >=24");
    assert.deepEqual(
      found.map((p) => [p.name, p.production]),
      [
        ["needs-22", true],
        ["old-tool", false],
      ],
    );
  });

  it("counts Node 21 as declared by a bare >=20.19, which '20 || >=22' does not admit", () => {
    assert.deepEqual(
      enginesProblems(dir, ">=20.19").map((p) => p.name),
      ["needs-22", "even-lines", "old-tool"],
    );
  });

  it("passes when every package admits the declared range", () => {
    assert.deepEqual(enginesProblems(dir, "^24.1.0"), []);
  });
});

describe("check-imports", () => {
  it("reads static, side-effect, dynamic and require imports, not comments or strings that look alike", () => {
    const code = [
      'import { z } from "zod";',
      'import type { Sharp } from "sharp";',
      'export * from "./local.ts";',
      'import "dotenv/config";',
      'const pdf = await import("pdfkit");',
      'const x = require("pg");',
      '// import nothing from "commented-out";',
      'console.log(list.join(", "), Array.from("abc"));',
      "import {\n  a,\n  b,\n} from '@scope/pkg/sub';",
    ].join("\n");
    assert.deepEqual(specifiersOf(code).map(packageNameOf).filter(Boolean).sort(), [
      "@scope/pkg",
      "dotenv",
      "pdfkit",
      "pg",
      "sharp",
      "zod",
    ]);
  });

  it("ignores builtins, relative paths and the web's aliases", () => {
    assert.deepEqual(["node:fs", "fs/promises", "./x.ts", "../y", "@/lib/api", "virtual:pwa"].map(packageNameOf), [
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("wants code that ships to find its packages in dependencies; tests may use devDependencies and the root's tools", () => {
    const dir = path.join(tmp, "imports");
    write(path.join(dir, "src/app.ts"), 'import { z } from "zod";\nimport Fastify from "fastify";\nimport { fc } from "fast-check";\n');
    write(
      path.join(dir, "src/app.test.ts"),
      'import { it } from "vitest";\nimport { fc } from "fast-check";\nimport { x } from "undeclared-tool";\n',
    );
    write(path.join(dir, "src/types.ts"), 'import type { Transporter } from "nodemailer";\n');
    const manifest = {
      name: "@atelier/server",
      dependencies: { fastify: "^5" },
      devDependencies: { "fast-check": "^4", "@types/nodemailer": "^8" },
    };
    assert.deepEqual(checkWorkspace(dir, manifest, { rootDev: { vitest: "^4" } }), [
      '@atelier/server: src/app.test.ts imports "undeclared-tool", not in its dependencies or devDependencies',
      '@atelier/server: src/app.ts imports "zod", not in its dependencies',
      '@atelier/server: src/app.ts imports "fast-check", not in its dependencies',
    ]);
    assert.deepEqual(checkWorkspace(dir, manifest, { rootDev: { vitest: "^4" }, toolingOnly: true }), [
      '@atelier/server: src/app.test.ts imports "undeclared-tool", not in its dependencies or devDependencies',
      '@atelier/server: src/app.ts imports "zod", not in its dependencies or devDependencies',
    ]);
  });
});
