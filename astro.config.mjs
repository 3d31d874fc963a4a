// @ts-check
import { defineConfig } from "astro/config";
import mdx from "@astrojs/mdx";
import preact from "@astrojs/preact";
import { pageWeightContract } from "./src/build/page-weight-contract.ts";
import { inlineScriptHashes } from "./src/build/inline-scripts.ts";

export default defineConfig({
  // The site is static: `npm run build` writes dist/, which any static host serves.
  site: "https://gpu-sizing.example",
  trailingSlash: "always",
  // Stylesheets as files, never inline <style>: the Content-Security-Policy below allows styles
  // from this site, and Astro does not hash the styles of components used inside MDX guides.
  build: { format: "directory", inlineStylesheets: "never" },
  i18n: {
    locales: ["zh-cn", "en"],
    defaultLocale: "zh-cn",
    routing: { prefixDefaultLocale: false },
  },
  integrations: [mdx(), preact(), pageWeightContract()],
  markdown: {
    shikiConfig: { themes: { light: "github-light", dark: "github-dark" } },
  },
  devToolbar: { enabled: false },
  // Every page declares its policy in a <meta http-equiv> (a static host may send no headers):
  // scripts and styles only from this site, plus the hashes Astro computes for the scripts and
  // styles it inlines and ours (src/build/inline-scripts.ts). 'wasm-unsafe-eval' because
  // Pagefind's search runs as WebAssembly. Style attributes stay allowed: Shiki colours code
  // with them and islands set swatch colours with them; attribute styles cannot run script.
  // frame-ancestors and report-uri are ignored in a meta element, so they are not set.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: {
        resources: ["'self'", "'wasm-unsafe-eval'"],
        hashes: inlineScriptHashes(),
      },
      styleDirective: {
        resources: ["'self'", { resource: "'unsafe-inline'", kind: "attribute" }],
      },
    },
  },
});
