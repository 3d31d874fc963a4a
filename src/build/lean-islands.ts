/**
 * Build wiring that keeps island pages inside the 20 kB JavaScript budget (issue 4).
 *
 * - `leanPreact()` is `@astrojs/preact` with our own client renderer (src/islands/hydrate.ts):
 *   the server side, JSX transform and dev tooling stay the integration's own.
 * - `plainDynamicImport()` replaces Vite's preload helper (≈ 0.9 kB gzipped, loaded on
 *   every island page) with a plain call, and drops the dependency lists it would read
 *   (`modulePreload: false`). The helper only adds `<link rel=modulepreload>` for a lazy
 *   chunk's imports; our lazy chunks (model editor, config parser, share link, measured
 *   store, the fit table's inference mode) are small and load on user action, so one extra
 *   round trip is cheaper than shipping the helper up front.
 */
import { fileURLToPath } from "node:url";
import preact from "@astrojs/preact";
import type { AstroIntegration } from "astro";
import type { Plugin } from "vite";

const CLIENT_RENDERER = fileURLToPath(new URL("../islands/hydrate.ts", import.meta.url));

export function leanPreact(): AstroIntegration {
  const stock = preact();
  const setup = stock.hooks["astro:config:setup"];
  return {
    ...stock,
    hooks: {
      ...stock.hooks,
      "astro:config:setup": (params) =>
        setup?.({
          ...params,
          addRenderer: (renderer) =>
            params.addRenderer({ ...renderer, clientEntrypoint: CLIENT_RENDERER }),
        }),
    },
  };
}

/** Vite's id for the helper it injects around every dynamic `import()` in client code. */
const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

export function plainDynamicImport(): Plugin {
  return {
    name: "plain-dynamic-import",
    enforce: "pre",
    configEnvironment(name) {
      return name === "client" ? { build: { modulePreload: false } } : undefined;
    },
    load(id) {
      return id === PRELOAD_HELPER_ID
        ? "export const __vitePreload = (load) => load();"
        : undefined;
    },
  };
}
