/**
 * The site's own inline scripts and the Content-Security-Policy hashes that let them run.
 * They stay inline on purpose: the theme must apply before first paint, and prose pages ship
 * no script bundle of ours. Each lives in `src/inline-scripts/` as a plain browser script,
 * commented for whoever edits it; pages embed it minified, as every bundle of ours ships
 * (`inlineScript`, with Vite's minifier), and `astro.config.mjs` adds the hash of the same
 * bytes to `script-src`, so an edit to a script can never leave a stale hash. A browser test
 * fails on any CSP violation, which is what a mismatch would cause.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { minifySync } from "vite";

export const INLINE_SCRIPTS = [
  "theme-first-paint.js",
  "site-header.js",
  "catalog-table.js",
] as const;
export type InlineScript = (typeof INLINE_SCRIPTS)[number];

/**
 * The script a page embeds: its source (the file, imported `?raw` by the page), minified:
 * comments and whitespace gone. The same bytes every time, so the hash below matches.
 */
export function inlineScript(file: InlineScript, source: string): string {
  const out = minifySync(file, source, { compress: true, mangle: true });
  if (out.errors.length) throw new Error(`${file}: ${out.errors.map((e) => e.message).join("; ")}`);
  return out.code;
}

/** `sha256-…` of each inline script's UTF-8 bytes as pages embed them, as CSP writes a hash source. */
export function inlineScriptHashes(): `sha256-${string}`[] {
  return INLINE_SCRIPTS.map((file) => {
    const source = readFileSync(new URL(`../inline-scripts/${file}`, import.meta.url), "utf8");
    const bytes = inlineScript(file, source);
    return `sha256-${createHash("sha256").update(bytes, "utf8").digest("base64")}` as const;
  });
}
