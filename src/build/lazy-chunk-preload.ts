/**
 * How the browser fetches a chunk we load with `import()` (the engine on the first edit, the
 * share link, the weights-file reader): Vite's public `build.modulePreload` option, set for
 * the client build. Vite wraps every `import()` in its preload helper (about 0.6 kB gzipped,
 * on every calculator page); with dependency lists, each call also carries the names of the
 * chunk's imports to fetch beside it. Our lazy chunks load on a user's action and import
 * little that the page has not loaded already, so the lists are left empty
 * (`resolveDependencies`): the helper then only calls `import()`, and a chunk's own imports
 * load after it, one round trip later. A failed load still rejects, which `src/stores/lazy.ts`
 * turns into a retry message.
 *
 * `polyfill: true` is Vite's default: the helper writes `rel="modulepreload"` instead of
 * testing support for it at run time. Vite adds the polyfill itself only to HTML entries it
 * builds, which an Astro site has none of.
 *
 * Astro sets `build.modulePreload` for every environment of its build, over the user's
 * `vite.build`, so the setting goes in through the public `configEnvironment` plugin hook.
 */
import type { Plugin } from "vite";

export function lazyChunkPreload(): Plugin {
  return {
    name: "lazy-chunk-preload",
    configEnvironment(name) {
      if (name !== "client") return undefined;
      return { build: { modulePreload: { polyfill: true, resolveDependencies: () => [] } } };
    },
  };
}
