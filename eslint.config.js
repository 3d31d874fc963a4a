// @ts-check
/**
 * ESLint, flat config, zero warnings (`npm run lint`, part of `npm test`). Beside the
 * recommended and type-aware rules it keeps the estimation core off the DOM and islands to
 * rendering. The module graph (cycles, which layer imports which) is dependency-cruiser's
 * (`.dependency-cruiser.cjs`), which counts type-only imports.
 */
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      ".astro/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      ".stryker-tmp*/",
      "reports/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.closeTo) are typed `any`.
    files: ["tests/**"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["src/estimate/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "preact",
                "preact/*",
                "astro",
                "astro:*",
                "astro/*",
                "nanostores",
                "@nanostores/*",
              ],
              message: "The estimation core is pure: no UI framework or stores.",
            },
            {
              group: [
                "**/stores/**",
                "**/islands/**",
                "**/components/**",
                "**/i18n/**",
                "**/cli/**",
              ],
              message: "The estimation core imports nothing from the site or the command line.",
            },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        ...[
          "window",
          "document",
          "localStorage",
          "sessionStorage",
          "navigator",
          "location",
          "history",
        ].map((name) => ({ name, message: "The estimation core never touches the DOM." })),
      ],
    },
  },
  {
    // Calculator islands render their view (src/stores/views/) and call actions: nothing in
    // them ranks, filters, converts units or formats a number. Files stay small. The number
    // field's text parser is input, not output: what a person typed, read as a number.
    files: ["src/islands/calculators/**"],
    ignores: ["src/islands/calculators/parse-number.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "../../i18n/format.ts",
              importNames: ["num", "sci", "gb", "gib", "mib", "pct", "billions", "millions"],
              message: "Islands show a view's text (`say`); numbers are formatted in i18n/text.ts.",
            },
          ],
          patterns: [
            {
              group: ["**/estimate/**", "**/i18n/messages.ts", "**/stores/results/**"],
              allowTypeImports: true,
              message:
                "Islands render their view store (src/stores/views/): no estimator, result store or message builder.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        ...[
          "sort",
          "filter",
          "reduce",
          "find",
          "slice",
          "toFixed",
          "toPrecision",
          "toLocaleString",
        ].map((name) => ({
          selector: `CallExpression[callee.property.name="${name}"]`,
          message: `No .${name}() in an island: the view store chooses, ranks and formats.`,
        })),
        {
          selector: "MemberExpression[object.name=/^(Math|Intl)$/]",
          message: "No arithmetic or number formatting in an island: the view store does it.",
        },
        {
          selector: "NewExpression[callee.object.name='Intl']",
          message: "No number formatting in an island: the view store does it.",
        },
      ],
      "max-lines": ["error", { max: 150, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ["src/islands/analyzer/**"],
    plugins: { "react-hooks": reactHooks },
    // The classic hooks rules; the React Compiler's rules assume React's runtime, not Preact's.
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
);
