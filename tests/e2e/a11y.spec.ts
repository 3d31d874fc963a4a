import AxeBuilder from "@axe-core/playwright";
import { builtPages, expect, test } from "./fixtures.ts";

const pages = builtPages();

test("the built site has pages in both languages", () => {
  expect(pages).toContain("/");
  expect(pages).toContain("/en/");
});

for (const path of pages) {
  for (const scheme of ["light", "dark"] as const) {
    test(`axe: ${path} (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).analyze();
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      );
      expect(summary).toEqual([]);
    });
  }
}
