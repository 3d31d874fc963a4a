/**
 * The `test` every browser test uses: it fails a test when the page logs a console error,
 * throws, breaks its Content-Security-Policy, or requests anything from another origin (the
 * site must work offline).
 */
import type { BrowserContext, Page } from "@playwright/test";
import { test as base, expect } from "@playwright/test";
import type { Lang } from "../../src/i18n/lang.ts";

export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page, baseURL }, use) => {
      const problems: string[] = [];
      const origin = new URL(baseURL ?? "http://localhost").origin;
      page.on("console", (msg) => {
        if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      // Chromium logs a blocked script or style as a console error too; the event names the
      // directive and catches what the console might word differently.
      await page.exposeFunction("__reportCspViolation", (text: string) =>
        problems.push(`CSP violation: ${text}`),
      );
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          const report = (window as unknown as { __reportCspViolation: (t: string) => void })
            .__reportCspViolation;
          report(
            `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
          );
        });
      });
      // Only requests to other origins are routed: the browser matches the pattern itself, so
      // the site's own requests are not paused for a round trip to the test runner.
      const otherOrigin = new RegExp(`^(?!${origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/)`);
      await page.route(otherOrigin, (route) => {
        const url = new URL(route.request().url());
        if (url.protocol === "data:" || url.protocol === "blob:") return route.continue();
        problems.push(`request to another origin: ${url.href}`);
        return route.abort();
      });
      await use(problems);
      expect(problems, "console errors, page errors and off-site requests").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A behaviour flow, run once in one language: `flow("zh-cn", title, body)` is the test
 * "title (zh-cn)". The other language's words for the same inputs and results are proven at
 * unit level (tests/unit/views/parity.test.ts: every label, unit and choice each widget shows,
 * in both languages; tests/unit/i18n/: every message), and a file's flows alternate their
 * language, so both sites are driven end to end without running each flow twice. The fixtures
 * are named here because Playwright reads the ones a test needs from its parameter list.
 */
export function flow(
  lang: Lang,
  title: string,
  body: (fixtures: { page: Page; context: BrowserContext }, lang: Lang) => Promise<void>,
): void {
  test(`${title} (${lang})`, async ({ page, context }) => body({ page, context }, lang));
}

/**
 * Takes turns through a spec's cases (its two languages, or a case per language): each call
 * gives the next, so a file's flows alternate between the sites and each runs once.
 */
export function takingTurns<T>(cases: readonly T[]): () => T {
  let n = 0;
  return () => {
    const c = cases[n++ % cases.length];
    if (c === undefined) throw new Error("takingTurns needs at least one case");
    return c;
  };
}

/**
 * Declares tests that take turns through a spec's cases (one per language): `const inTurn =
 * testsInTurn(CASES)`, then `inTurn(title, ({ page }, c) => …)` is the test "title (c.lang)"
 * on the next case, so the file's flows alternate between the sites and each runs once.
 */
export function testsInTurn<C extends { lang: string }>(cases: readonly C[]) {
  const next = takingTurns(cases);
  return (
    title: string,
    body: (fixtures: { page: Page; context: BrowserContext }, c: C) => Promise<void>,
  ): void => {
    const c = next();
    test(`${title} (${c.lang})`, async ({ page, context }) => body({ page, context }, c));
  };
}

/**
 * Brings every island into view so each hydrates, then waits until none is left unhydrated:
 * Astro removes an island's `ssr` attribute once its component has loaded and rendered.
 */
export async function hydrateIslands(page: Page): Promise<void> {
  for (const island of await page.locator("astro-island").all()) {
    await island.scrollIntoViewIfNeeded();
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.locator("astro-island[ssr]").count()).toBe(0);
}
