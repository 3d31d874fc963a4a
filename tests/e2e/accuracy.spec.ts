/**
 * The accuracy page, in both languages: the validation rows and the calibration rows each in
 * their own table, every case once, and each row's error what its own estimate and
 * measurement give, (estimate − measured) / measured, worked out here from the figures shown.
 */
import { loadGpuSpecs } from "../../src/catalog/load.ts";
import { accuracyTable } from "../../src/accuracy/cases.ts";
import { expect, test } from "./fixtures.ts";

const all = accuracyTable(loadGpuSpecs());

/** A number as the page writes it: grouping commas, a sign, a trailing % for a fraction. */
function parseShown(text: string): number {
  const t = text.trim().replace(/,/g, "").replace("−", "-");
  return t.endsWith("%") ? Number(t.slice(0, -1)) / 100 : Number(t);
}

for (const path of ["/en/guides/accuracy/", "/guides/accuracy/"]) {
  test(`the accuracy page shows each case's error against its measurement (${path})`, async ({
    page,
  }) => {
    await page.goto(path);
    // Validation rows in one table, the rows the decode constants were fitted to in another;
    // the serving runs in two tables of their own, validation and calibration apart.
    for (const [id, role, serving] of [
      ["#accuracy-table", "validation", false],
      ["#calibration-table", "calibration", false],
      ["#serving-validation-table", "validation", true],
      ["#serving-calibration-table", "calibration", true],
    ] as const) {
      const shown = await page
        .locator(`${id} tbody tr`)
        .evaluateAll((trs) =>
          trs.map((tr) => [
            tr.getAttribute("data-row") ?? "",
            ...[...tr.querySelectorAll("td")].map((td) => td.textContent ?? ""),
          ]),
        );
      expect(shown.map((r) => r[0]).sort()).toEqual(
        all
          .filter((r) => r.role === role && (r.kind === "serving") === serving)
          .map((r) => r.id)
          .sort(),
      );
      for (const [rowId, , , estimateText, measuredText, , errorText] of shown) {
        const estimate = parseShown(estimateText ?? "");
        const measured = parseShown(measuredText ?? "");
        const error = parseShown(errorText ?? "");
        expect(Number.isFinite(estimate) && Number.isFinite(measured), rowId).toBe(true);
        // Both figures are shown to 4 significant digits and the error to 0.1%, so the error
        // worked out from what is shown may differ from the one printed by that rounding.
        const expected = (estimate - measured) / measured;
        expect(Math.abs(error - expected), `${rowId}: ${errorText}`).toBeLessThanOrEqual(
          0.0006 + 0.0011 * Math.abs(1 + expected),
        );
      }
    }
    await expect(page.locator("main")).not.toContainText(/NaN|Infinity|undefined/);
  });
}
