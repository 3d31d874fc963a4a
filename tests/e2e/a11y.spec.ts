import { axe, axeViolations, EXTRA_RULES } from "./axe.ts";
import { builtPages, expect, hydrateIslands, test } from "./fixtures.ts";

const pages = builtPages();
// axe over a calculator page with every island hydrated takes a while on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("the built site has pages in both languages", () => {
  expect(pages).toContain("/");
  expect(pages).toContain("/en/");
});

test("axe runs every default rule and label-in-name", async ({ page }) => {
  await page.goto("/en/");
  const results = await axe(page).analyze();
  const ran = [
    ...results.passes,
    ...results.violations,
    ...results.incomplete,
    ...results.inapplicable,
  ].map((r) => r.id);
  for (const id of EXTRA_RULES) expect(ran).toContain(id);
  // Every rule axe enables by default ran: none was switched off.
  const defaults = await page.evaluate(() =>
    (window as unknown as { axe: { getRules: () => { ruleId: string; enabled: boolean }[] } }).axe
      .getRules()
      .filter((r) => r.enabled)
      .map((r) => r.ruleId),
  );
  for (const id of defaults) expect(ran).toContain(id);
});

for (const path of pages) {
  for (const scheme of ["light", "dark"] as const) {
    test(`axe: ${path} (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      // Every island hydrated: what a reader who scrolled through the page has in front of them.
      await hydrateIslands(page);
      expect(await axeViolations(axe(page))).toEqual([]);
    });
  }
}
