import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through src/server/env.ts." }],
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
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^\\.\\./[a-z][a-z-]*/", message: "Features never import each other." }] },
      ],
    },
  },
);
