/**
 * The fixture every test uses fails on a Content-Security-Policy violation: here it is shown
 * to catch one, in both languages. Every page's policy meta elements are checked in
 * `every-page.spec.ts`.
 */
import { expect, test } from "./fixtures.ts";

for (const path of ["/", "/en/"]) {
  test(`an inline script the policy does not list is blocked and fails the test: ${path}`, async ({
    page,
    pageProblems,
  }) => {
    await page.goto(path);
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "document.body.dataset.injected = 'ran'";
      document.body.append(script);
    });
    await expect
      .poll(() => pageProblems.filter((p) => p.startsWith("CSP violation: script-src")).length)
      .toBe(1);
    expect(await page.evaluate(() => document.body.dataset["injected"])).toBeUndefined();
    // The violation is the point of this test; any other problem still fails it.
    const others = pageProblems.filter(
      (p) => !p.startsWith("CSP violation: script-src") && !p.includes("Content Security Policy"),
    );
    pageProblems.length = 0;
    expect(others).toEqual([]);
  });
}
