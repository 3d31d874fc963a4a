import { loadGpuSpecs } from "../../src/catalog/load.ts";
import { accuracyTable } from "../../src/accuracy/cases.ts";
import { expect, test } from "./fixtures.ts";

const rows = accuracyTable(loadGpuSpecs());

for (const [path, locale] of [
  ["/en/guides/accuracy/", "en"],
  ["/guides/accuracy/", "zh-CN"],
] as const) {
  test(`the accuracy page shows the estimator's table (${path})`, async ({ page }) => {
    await page.goto(path);
    const table = page.locator("#accuracy-table");
    await expect(table.locator("tbody tr")).toHaveCount(rows.length);
    const percent = new Intl.NumberFormat(locale, {
      style: "percent",
      maximumFractionDigits: 1,
      signDisplay: "exceptZero",
    });
    for (const row of rows) {
      const cells = table.locator(`tr[data-row="${row.id}"] td`);
      await expect(cells.nth(5)).toHaveText(percent.format(row.signedError));
    }
    await expect(page.locator("main")).not.toContainText(/NaN|Infinity|undefined/);
  });
}
