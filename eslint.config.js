import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const processEnv = { object: "process", property: "env", message: "Read configuration through src/server/env.ts." };
const featuresApart = { regex: "^\\.\\./[a-z][a-z-]*/", message: "Features never import each other." };
const requestsInApi = {
  regex: "/lib/api-client(\\.ts)?$",
  importNames: ["apiRequest"],
  message: "Call the API from the feature's api.ts (ADR 025); components use its queries and mutation hooks.",
};
const mutationsInApi = {
  name: "@tanstack/react-query",
  importNames: ["useMutation", "useQueryClient"],
  message: "Mutations and cache writes live in the feature's api.ts (ADR 025); components call its hooks.",
};

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "test-results/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-hooks/set-state-in-effect": "off",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-properties": ["error", processEnv],
    },
  },
  {
    // Only the configuration module, tooling and tests read the environment directly.
    files: ["src/server/env.ts", "scripts/**", "e2e/**", "bench/**", "*.config.ts", "src/server/test-support/**"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // Features never import each other (house rules): share through src/shared or components.
    files: ["src/web/features/**", "src/server/features/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [featuresApart] }] },
  },
  {
    // ADR 025: a screen's requests and cache writes live in its feature's api.ts; components call its hooks.
    files: ["src/web/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [mutationsInApi], patterns: [requestsInApi] }] },
  },
  {
    files: ["src/web/features/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [mutationsInApi], patterns: [featuresApart, requestsInApi] }] },
  },
  {
    // ADR 025: a write refreshes what it changed through invalidateAfterWrite (src/web/lib/query-client.ts).
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["src/web/lib/**", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        processEnv,
        { property: "invalidateQueries", message: "Refresh after a write with invalidateAfterWrite (src/web/lib/query-client.ts)." },
      ],
    },
  },
);
