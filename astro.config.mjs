// @ts-check
import { defineConfig } from "astro/config";
import mdx from "@astrojs/mdx";
import preact from "@astrojs/preact";
import { plainDynamicImport } from "./src/build/plain-dynamic-import.ts";
import { CHUNK_GROUPS } from "./src/build/chunk-groups.ts";

export default defineConfig({
  // The site is static: `npm run build` writes dist/, which any static host serves.
  site: "https://gpu-sizing.example",
  trailingSlash: "always",
  build: { format: "directory" },
  i18n: {
    locales: ["zh-cn", "en"],
    defaultLocale: "zh-cn",
    routing: { prefixDefaultLocale: false },
  },
  integrations: [mdx(), preact()],
  markdown: {
    shikiConfig: { themes: { light: "github-light", dark: "github-dark" } },
  },
  vite: {
    plugins: [plainDynamicImport()],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: { codeSplitting: { groups: CHUNK_GROUPS } },
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
});
