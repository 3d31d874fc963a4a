/**
 * The fixture every test uses fails on a Content-Security-Policy violation and on a request
 * to another origin: here it is shown to catch both. Every page's policy meta elements are
 * checked in `every-page.spec.ts`.
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

test("a request to another origin is refused and fails the test", async ({
  page,
  pageProblems,
}) => {
  await page.goto("/en/");
  // The policy would block a fetch or an image from elsewhere first; a navigation is not
  // governed by it, so it shows the fixture's own refusal.
  await page.goto("http://127.0.0.1:9/elsewhere").catch(() => undefined);
  expect(pageProblems).toEqual(["request to another origin: http://127.0.0.1:9/elsewhere"]);
  pageProblems.length = 0;
});
