import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The lint rules that keep the code's shape, run with the repository's real ESLint config on
 * fixture files written for the test: a feature importing another feature (through the `@/`
 * alias or a relative path), a server module importing app.ts and a dependency cycle must all
 * fail `npm run lint`.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const written: string[] = [];

function fixture(relative: string, text: string): string {
  const file = path.join(root, relative);
  fs.writeFileSync(file, text);
  written.push(file);
  return file;
}

afterAll(() => {
  for (const file of written) fs.rmSync(file, { force: true });
});

// One instance for the file: the import resolver caches per process, keyed on the working directory.
const eslint = new ESLint();

async function ruleIds(...files: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`));
}

describe("lint boundaries", () => {
  it("refuses a feature importing another feature, through the @/ alias and relatively", async () => {
    const viaAlias = fixture(
      "apps/web/src/features/gallery/zz-lint-fixture-alias.ts",
      'import { orderKeys } from "@/features/orders/api/keys";\nexport const keys = orderKeys;\n',
    );
    const viaPath = fixture(
      "apps/web/src/features/gallery/zz-lint-fixture-path.ts",
      'import { orderKeys } from "../orders/api/keys";\nexport const keys = orderKeys;\n',
    );
    const allowed = fixture(
      "apps/web/src/features/gallery/zz-lint-fixture-ok.ts",
      'import { cn } from "@/lib/cn";\nexport const join = cn;\n',
    );
    expect(await ruleIds(viaAlias)).toContain("import-x/no-restricted-paths");
    expect(await ruleIds(viaPath)).toContain("import-x/no-restricted-paths");
    expect(await ruleIds(allowed)).toEqual([]);
  }, 120_000);

  it("refuses importing app.ts from a module, lib/ or db/ (only the entry points build the app)", async () => {
    const fromModule = fixture(
      "apps/server/src/modules/health/zz-lint-fixture-app.ts",
      'import type { App } from "../../app.ts";\nexport type Built = App;\n',
    );
    const fromLib = fixture("apps/server/src/lib/zz-lint-fixture-app.ts", 'import { buildApp } from "../app";\nexport const build = buildApp;\n');
    const services = fixture(
      "apps/server/src/modules/health/zz-lint-fixture-services.ts",
      'import type { Services } from "../services.ts";\nexport type All = Services;\n',
    );
    expect(await ruleIds(fromModule)).toContain("no-restricted-imports");
    expect(await ruleIds(fromLib)).toContain("no-restricted-imports");
    expect(await ruleIds(services)).toEqual([]);
  }, 120_000);

  it("refuses a dependency cycle between modules", async () => {
    const a = fixture(
      "apps/server/src/lib/zz-lint-fixture-a.ts",
      'import { b } from "./zz-lint-fixture-b.ts";\nexport const a = (): unknown => b;\n',
    );
    fixture(
      "apps/server/src/lib/zz-lint-fixture-b.ts",
      'import { a } from "./zz-lint-fixture-a.ts";\nexport const b = (): unknown => a;\n',
    );
    expect(await ruleIds(a)).toContain("import-x/no-cycle");
  }, 120_000);
});
