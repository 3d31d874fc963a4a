/** Every internal link in the built site resolves to a file in dist/ (runs after the build). */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { builtPages, DIST, pageHtml } from "./built-pages.ts";

function target(path: string): string {
  const clean = decodeURI(path.split(/[?#]/)[0] ?? "/");
  return clean.endsWith("/") ? join(DIST, clean, "index.html") : join(DIST, clean);
}

test("every internal link and asset reference resolves", () => {
  const broken: string[] = [];
  let checked = 0;
  for (const page of builtPages()) {
    const html = pageHtml(page);
    for (const match of html.matchAll(/\b(?:href|src)="(\/[^"]*)"/g)) {
      const href = match[1] ?? "";
      if (href.startsWith("//")) continue;
      checked += 1;
      if (!existsSync(target(href))) broken.push(`${page} → ${href}`);
    }
  }
  expect(checked).toBeGreaterThan(500);
  expect(broken).toEqual([]);
});

test("in-page anchors of the guides point at headings that exist", () => {
  const broken: string[] = [];
  for (const page of builtPages()) {
    const html = pageHtml(page);
    const ids = new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
    for (const match of html.matchAll(/\bhref="#([^"]+)"/g)) {
      const id = decodeURIComponent(match[1] ?? "");
      if (!ids.has(id)) broken.push(`${page} → #${id}`);
    }
  }
  expect(broken).toEqual([]);
});
