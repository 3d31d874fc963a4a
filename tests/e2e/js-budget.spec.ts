/**
 * JavaScript budget, measured in Chromium on the built site: each page is scrolled to its
 * end so that every island hydrates, and every /_astro/*.js file it loads (entries, static
 * imports and chunks loaded on demand by hydration) counts at its gzipped size. A page with
 * calculators loads at most 24 kB; a prose page loads none of ours.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { builtPages, expect, test } from "./fixtures.ts";

const DIST = join(import.meta.dirname, "../../dist");
const CALCULATOR_PAGE_BUDGET_GZ = 24 * 1024;

test.describe.configure({ mode: "parallel" });

for (const path of builtPages()) {
  test(`JS budget: ${path}`, async ({ page }) => {
    expect(existsSync(DIST), "dist/ is missing: run npm run build first").toBe(true);
    const scripts = new Set<string>();
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/_astro/") && url.pathname.endsWith(".js"))
        scripts.add(url.pathname);
    });
    await page.goto(path);
    const islands = await page.locator("astro-island").count();
    // Read to the end: bring every island into view so each one hydrates.
    for (const island of await page.locator("astro-island").all()) {
      await island.scrollIntoViewIfNeeded();
    }
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.locator("astro-island[ssr]").count()).toBe(0);
    await page.waitForLoadState("networkidle");
    const bytes = [...scripts].reduce(
      (sum, f) => sum + gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length,
      0,
    );
    console.log(`${path}: ${bytes} B gz in ${scripts.size} files${islands ? " (islands)" : ""}`);
    if (islands)
      expect(bytes, [...scripts].join(", ")).toBeLessThanOrEqual(CALCULATOR_PAGE_BUDGET_GZ);
    else expect(bytes, [...scripts].join(", ")).toBe(0);
  });
}
