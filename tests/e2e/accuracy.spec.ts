import { loadGpuSpecs } from "../../src/catalog/load.ts";
import { accuracyTable } from "../../src/accuracy/cases.ts";
import { expect, test } from "./fixtures.ts";

const all = accuracyTable(loadGpuSpecs());

for (const [path, locale] of [
  ["/en/guides/accuracy/", "en"],
  ["/guides/accuracy/", "zh-CN"],
] as const) {
  test(`the accuracy page shows the estimator's table (${path})`, async ({ page }) => {
    await page.goto(path);
    const percent = new Intl.NumberFormat(locale, {
      style: "percent",
      maximumFractionDigits: 1,
      signDisplay: "exceptZero",
    });
    // Validation rows in one table, the rows the decode constants were fitted to in another;
    // the serving runs in two tables of their own, validation and calibration apart.
    for (const [id, role, serving] of [
      ["#accuracy-table", "validation", false],
      ["#calibration-table", "calibration", false],
      ["#serving-validation-table", "validation", true],
      ["#serving-calibration-table", "calibration", true],
    ] as const) {
      const table = page.locator(id);
      const rows = all.filter((r) => r.role === role && (r.kind === "serving") === serving);
      expect(rows.length, id).toBeGreaterThan(serving && role === "calibration" ? 4 : 14);
      await expect(table.locator("tbody tr")).toHaveCount(rows.length);
      for (const row of rows) {
        const cells = table.locator(`tr[data-row="${row.id}"] td`);
        await expect(cells.nth(5)).toHaveText(percent.format(row.signedError));
      }
    }
    await expect(page.locator("main")).not.toContainText(/NaN|Infinity|undefined/);
  });
}
