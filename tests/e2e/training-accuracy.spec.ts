/**
 * The accuracy page's training-throughput tables show what the estimator gives for every
 * published run (the same task code, run here in Node), calibration and validation apart,
 * with their median and 90th-percentile errors, in both languages.
 */
import { loadGpuSpecs } from "../../src/catalog/load.ts";
import {
  errorSpread,
  scoreRows,
  trainingThroughputTable,
} from "../../src/accuracy/training-throughput.ts";
import { loadHoldout, loadThroughput } from "../../src/accuracy/training-throughput-rows.ts";
import { heldOutRows, leaveOneSourceOut } from "../../src/accuracy/source-holdout.ts";
import { expect, test } from "./fixtures.ts";

const gpus = loadGpuSpecs();
const all = trainingThroughputTable(loadThroughput(gpus), gpus);

for (const [path, locale] of [
  ["/en/guides/accuracy/", "en"],
  ["/guides/accuracy/", "zh-CN"],
] as const) {
  test(`the accuracy page shows training throughput against published runs (${path})`, async ({
    page,
  }) => {
    await page.goto(path);
    const percent = new Intl.NumberFormat(locale, {
      style: "percent",
      maximumFractionDigits: 1,
      signDisplay: "exceptZero",
    });
    const unsigned = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
    for (const [id, role] of [
      ["#training-validation-table", "validation"],
      ["#training-calibration-table", "calibration"],
    ] as const) {
      const table = page.locator(id);
      const rows = all.filter((r) => r.role === role);
      await expect(table.locator("tbody tr")).toHaveCount(rows.length);
      for (const row of rows) {
        const cells = table.locator(`tr[data-row="${row.id}"] td`);
        await expect(cells.nth(5)).toHaveText(percent.format(row.signedError));
      }
      const s = errorSpread(rows);
      await expect(page.locator("main")).toContainText(unsigned.format(s.median));
      await expect(page.locator("main")).toContainText(unsigned.format(s.p90));
    }
    // Why each published run was not used, in the page's language.
    await expect(page.locator("main")).toContainText(
      locale === "en"
        ? "its reference mapping (128 GPUs, TP 4, EP 2, PP 8, VP 7) comes with no throughput"
        : "只给了参考并行布局（128 张卡，TP 4、EP 2、PP 8、VP 7），没有给吞吐",
    );
    await expect(page.locator("main")).not.toContainText(/NaN|Infinity|undefined/);
  });
}

const held = leaveOneSourceOut(loadThroughput(gpus), gpus);
const holdout = scoreRows(loadHoldout(gpus), gpus);

for (const [path, locale] of [
  ["/en/guides/accuracy/", "en"],
  ["/guides/accuracy/", "zh-CN"],
] as const) {
  test(`the accuracy page scores every publication without its own source, and the later holdout apart (${path})`, async ({
    page,
  }) => {
    await page.goto(path);
    const unsigned = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
    const table = page.locator("#training-loso-table");
    await expect(table.locator("tbody tr")).toHaveCount(held.length);
    for (const h of held) {
      const cells = table.locator(`tr[data-source="${h.source}"] td`);
      await expect(cells.nth(1)).toHaveText(String(h.spread.count));
      await expect(cells.nth(2)).toHaveText(unsigned.format(h.spread.median));
      await expect(cells.nth(3)).toHaveText(unsigned.format(h.spread.p90));
    }
    const all = errorSpread(heldOutRows(held));
    await expect(page.locator("main")).toContainText(unsigned.format(all.median));
    await expect(page.locator("#training-holdout-table tbody tr")).toHaveCount(holdout.length);
    await expect(page.locator("main")).toContainText(unsigned.format(errorSpread(holdout).median));
  });
}
