/**
 * The site's own inline scripts and the Content-Security-Policy hashes that let them run.
 * They stay inline on purpose: the theme must apply before first paint, and prose pages ship
 * no script bundle of ours. Each lives in `src/inline-scripts/` as a plain browser script;
 * pages embed it byte for byte (`?raw` + `set:html`) and `astro.config.mjs` adds the hash of
 * the same bytes to `script-src`, so an edit to a script can never leave a stale hash. A
 * browser test fails on any CSP violation, which is what a mismatch would cause.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

export const INLINE_SCRIPTS = ["theme-first-paint.js", "site-header.js", "catalog-table.js"];

/** `sha256-…` of each inline script's UTF-8 bytes, as CSP writes a hash source. */
export function inlineScriptHashes(): `sha256-${string}`[] {
  return INLINE_SCRIPTS.map((file) => {
    const bytes = readFileSync(new URL(`../inline-scripts/${file}`, import.meta.url));
    return `sha256-${createHash("sha256").update(bytes).digest("base64")}` as const;
  });
}
