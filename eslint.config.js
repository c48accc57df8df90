import fs from "node:fs";
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/data/**", "apps/server/drizzle/**", "**/test-results/**", "**/playwright-report/**", "**/*.js", "**/*.mjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { "import-x": importX },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/only-throw-error": "error",
      "import-x/no-duplicates": "error",
      "import-x/first": "error",
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
      "import-x/no-restricted-paths": ["error", { zones: featureZones() }],
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
  const features = fs.existsSync(`${root}/features`) ? fs.readdirSync(`${root}/features`) : [];
  return [
    ...features.map((f) => ({ target: `${root}/features/${f}`, from: `${root}/features`, except: [`./${f}`] })),
    { target: [`${root}/features`, `${root}/components`, `${root}/lib`], from: [`${root}/app`, `${root}/routes`] },
    { target: [`${root}/components`, `${root}/lib`], from: `${root}/features` },
  ];
}
