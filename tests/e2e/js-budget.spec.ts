/**
 * JavaScript budget over the built site (runs after `npm run build`): a page with islands
 * loads at most 20 kB gzipped of /_astro/*.js in all (island components, renderers and
 * every static import they pull in); a prose page loads none of ours.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

const DIST = process.env["DIST_DIR"] ?? join(import.meta.dirname, "../../dist");
const CALCULATOR_PAGE_BUDGET_GZ = 20 * 1024;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "_astro" || e.name === "pagefind" ? [] : htmlFiles(path);
    return e.name.endsWith(".html") ? [path] : [];
  });
}

/** /_astro/ scripts a page loads directly: module scripts and island component/renderer URLs. */
function entryScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="(\/_astro\/[^"]+\.js)"/g))
    if (m[1]) urls.add(m[1]);
  for (const m of html.matchAll(/\b(?:component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g))
    if (m[1]) urls.add(m[1]);
  for (const m of html.matchAll(/\bimport\s*(?:[^"'()]*from\s*)?["'](\/_astro\/[^"']+\.js)["']/g))
    if (m[1]) urls.add(m[1]);
  return [...urls];
}

/** Follows static imports (not dynamic `import()`, which loads only on demand). */
function withStaticImports(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const url = queue.pop() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(join(DIST, url), "utf8");
    for (const m of code.matchAll(
      /(?:^|[;}\s])(?:import|export)\s*(?:[\w${},*\s]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    )) {
      if (m[1]) queue.push(new URL(m[1], `http://x${url}`).pathname);
    }
  }
  return seen;
}

function pageJsGzipBytes(htmlPath: string): {
  bytes: number;
  files: string[];
  islands: boolean;
} {
  const html = readFileSync(htmlPath, "utf8");
  const files = [...withStaticImports(entryScripts(html))].sort();
  const bytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length,
    0,
  );
  return { bytes, files, islands: html.includes("<astro-island") };
}

test("calculator pages ≤ 20 kB gzipped JS; prose pages ship none of ours", () => {
  expect(existsSync(DIST), "dist/ is missing: run npm run build first").toBe(true);
  const report: string[] = [];
  const over: string[] = [];
  for (const file of htmlFiles(DIST).sort()) {
    const page = `/${relative(DIST, file)}`;
    const { bytes, files, islands } = pageJsGzipBytes(file);
    report.push(`${page}: ${bytes} B gz in ${files.length} files${islands ? " (islands)" : ""}`);
    if (islands ? bytes > CALCULATOR_PAGE_BUDGET_GZ : bytes > 0)
      over.push(`${page}: ${bytes} B gz (${files.join(", ")})`);
  }
  // The whole table is printed, so a failure shows every page's size, not just the first.
  console.log(report.join("\n"));
  expect(over, `pages over budget (islands ≤ ${CALCULATOR_PAGE_BUDGET_GZ} B gz, prose 0)`).toEqual(
    [],
  );
});
