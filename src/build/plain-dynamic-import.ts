/**
 * Replaces Vite's preload helper (`vite/preload-helper`, about 0.9 kB gzipped on every page
 * with a dynamic `import()`) with a plain call. The helper only adds
 * `<link rel="modulepreload">` for a lazy chunk's imports, and `modulePreload: false` turns
 * those lists off anyway. Our lazy chunks (the share link, the config.json reader) load on
 * user action and are small, so one extra round trip costs less than shipping the helper.
 * A failed load rejects as a plain `import()` does; `src/stores/lazy.ts` turns that into a
 * retry message. A build test checks that the helper in `dist/` is this one.
 *
 * The module id is Vite's (`\0vite/preload-helper.js`, in its importAnalysisBuild plugin);
 * if a Vite release renames it, this plugin stops matching and the test fails.
 */
import type { Plugin } from "vite";

export const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";
/** The body that replaces the helper; the build test looks for it in the output. */
export const PLAIN_PRELOAD = "export const __vitePreload = (load) => load();";

export function plainDynamicImport(): Plugin {
  return {
    name: "plain-dynamic-import",
    enforce: "pre",
    configEnvironment(name) {
      return name === "client" ? { build: { modulePreload: false } } : undefined;
    },
    load(id) {
      return id === PRELOAD_HELPER_ID ? PLAIN_PRELOAD : undefined;
    },
  };
}
