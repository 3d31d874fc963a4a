/**
 * Saved ticks are on the page as soon as it loads, in every checklist group, before anyone
 * scrolls: printing right after a reload shows exactly what was ticked (both languages).
 */
import { expect, test } from "./fixtures.ts";

for (const path of ["/guides/pre-rental-checklist/", "/en/guides/pre-rental-checklist/"]) {
  test(`saved ticks in every group are on the page and on paper without scrolling: ${path}`, async ({
    page,
  }) => {
    await page.goto(path);
    // Tick the first item of every group as a stored state, the way the page saves it.
    const groups = await page.locator("fieldset[data-checklist]").evaluateAll((sets) =>
      sets.map((s) => ({
        id: (s as HTMLElement).dataset["checklist"] ?? "",
        first: s.querySelector<HTMLInputElement>("input[data-item]")?.dataset["item"] ?? "",
      })),
    );
    expect(groups.length).toBeGreaterThan(4);
    await page.evaluate((gs) => {
      for (const g of gs)
        localStorage.setItem(`checklist:${g.id}`, JSON.stringify({ v: 1, checked: [g.first] }));
    }, groups);
    await page.reload();
    await page.emulateMedia({ media: "print" });
    // No scrolling: the last group, far below the fold, shows its saved tick too.
    for (const g of groups) {
      const set = page.locator(`fieldset[data-checklist="${g.id}"]`);
      await expect(set.locator(`input[data-item="${g.first}"]`)).toBeChecked();
      await expect(set.locator("input:checked")).toHaveCount(1);
    }
  });
}
