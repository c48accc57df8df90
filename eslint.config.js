import fs from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** no-restricted-imports: a module reaches another module through its service, never its repository. */
const NO_OTHER_REPOSITORY = {
  group: ["../*/*.repository*", "**/modules/*/*.repository*"],
  message: "Call the other module's service, not its repository.",
};

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/data/**",
      "apps/server/drizzle/**",
      "**/test-results/**",
      "**/playwright-report/**",
      "**/*.js",
      "**/*.mjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { "import-x": importX },
    // Imports resolve as TypeScript resolves them (the web's `@/` alias, `.ts` extensions, workspaces),
    // so the import rules below see through aliases.
    settings: {
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["apps/web", "apps/server", "packages/contract", "e2e", "bench"].map(
            (dir) => `${import.meta.dirname}/${dir}/tsconfig.json`,
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/only-throw-error": "error",
      "import-x/no-duplicates": "error",
      "import-x/first": "error",
      // Modules depend on each other one way; a cycle (even through types) means wiring is tangled.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["**/*.test.ts", "apps/server/src/test/**"],
    rules: {
      // A module reaches another module through its service, never its repository.
      "no-restricted-imports": ["error", { patterns: [NO_OTHER_REPOSITORY] }],
    },
  },
  {
    // Only the entry points (main.ts, cli/) build the app: a module, lib/ or db/ file importing
    // app.ts would tie it to the whole server (and make a cycle). Modules get what they need
    // from modules/services.ts (the composition root) and the plugin options app.ts hands them.
    files: ["apps/server/src/{modules,lib,db}/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_OTHER_REPOSITORY,
            { regex: "(^|/)app(\\.ts)?$", message: "Only main.ts and cli/ import app.ts; take what you need as a plugin option or from modules/services.ts." },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "jsx-a11y/no-autofocus": "off",
      // Imports flow shared → features → app; features never import each other.
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: featureZones() }],
    },
  },
  {
    files: ["**/*.test.{ts,tsx}", "e2e/**/*.ts", "bench/**/*.ts", "**/test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
    },
  },
);

function featureZones() {
  const root = "./apps/web/src";
  // Read from the config's folder, not the working directory (ESLint also runs from a workspace's folder).
  const dir = `${import.meta.dirname}/apps/web/src/features`;
  const features = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  return [
    ...features.map((f) => ({ target: `${root}/features/${f}`, from: `${root}/features`, except: [`./${f}`] })),
    { target: [`${root}/features`, `${root}/components`, `${root}/lib`], from: [`${root}/app`, `${root}/routes`] },
    { target: [`${root}/components`, `${root}/lib`], from: `${root}/features` },
  ];
}
