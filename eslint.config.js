import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import boundaries from "./scripts/eslint/import-boundaries.js";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", ".tmp/", "test-results/", "playwright-report/", "server/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**", "../server/*"], message: "The browser never imports server code." },
          ],
        },
      ],
    },
  },
  {
    // Tests too: a feature's test that reaches into another feature couples them just the same.
    files: ["web/**/*.{ts,tsx}", "shared/**/*.ts", "server/**/*.ts"],
    plugins: { termvest: boundaries },
    rules: { "termvest/import-boundaries": "error" },
  },
  {
    files: ["server/**", "tests/**", "e2e/**", "bench/**", "scripts/**", "*.config.ts", "*.config.js"],
    languageOptions: { globals: globals.node },
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Playwright fixtures must destructure their (unused) dependencies object.
    files: ["e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
);
