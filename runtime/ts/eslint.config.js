// ESLint's recommended rules over the runtime and its tests, with the
// rules that catch what the type checker does not: loose equality,
// shadowed and unused names, and code that reads as a mistake.
import js from "@eslint/js";

export default [
  js.configs.recommended,
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      // what the runtime may use beyond ECMAScript: the Web APIs every
      // server runtime has, and Node's process (the conformance runner, the
      // environment); the tests run on Node
      globals: {
        TextEncoder: "readonly", TextDecoder: "readonly", Response: "readonly", fetch: "readonly", URL: "readonly",
        process: "readonly", console: "readonly", setTimeout: "readonly", clearTimeout: "readonly", structuredClone: "readonly",
      },
    },
    rules: {
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "error",
      "no-shadow": "error",
      "no-param-reassign": "off",
      "no-implicit-coercion": "error",
      "no-throw-literal": "error",
      "no-unused-vars": ["error", { args: "all", argsIgnorePattern: "^_" }],
      curly: ["error", "multi-line"],
    },
  },
  {
    files: ["**/test/**"],
    languageOptions: { globals: { Buffer: "readonly" } },
  },
];
