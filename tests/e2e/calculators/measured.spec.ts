/**
 * Measurements from the run-log analyzer (`$measured`, in localStorage) flow into the GPU
 * decision table: a toggle plans on the measured peak, labelled as measured, and back.
 */
import { test, expect } from "../fixtures.ts";
import { GPUS, pageEstimate, pageRequest } from "./helpers.ts";
import { bestRows } from "../../../src/stores/views/plan-rows.ts";

const GIB = 2 ** 30;
const MEASURED = {
  gpuName: "NVIDIA A100-SXM4-40GB",
  gpuCount: 1,
  peakMemoryBytes: 30 * GIB,
  recommendedBytes: 36 * GIB,
  headroom: 0.2,
  throughputPerHour: 0,
  workUnit: "",
  sourceFile: "run-a100.csv",
  savedAt: 1,
};

test("GPU fit: use the measured peak instead of the estimate, and back", async ({ page }) => {
  await page.addInitScript((m) => {
    localStorage.setItem("gpu-calc:measured:v2", JSON.stringify(m));
  }, MEASURED);
  await page.goto("/en/guides/choosing-a-gpu/");
  const section = page.locator('section[aria-labelledby="gf-title"]');
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute("data-hydrated", "true");
  const toggle = section.getByLabel("Use your measurements (from run-a100.csv)");
  await expect(toggle).not.toBeChecked();
  await expect(section.locator("[data-basis]")).toHaveAttribute("data-basis", "estimate");
  const verdictOf = (id: string) =>
    section.locator(`tr[data-gpu="${id}"]`).getAttribute("data-verdict");

  await toggle.check();
  const basis = section.locator("[data-basis]");
  await expect(basis).toHaveAttribute("data-basis", "measured");
  await expect(basis).toContainText("MEASURED");
  await expect(basis).toContainText("NVIDIA A100-SXM4-40GB");
  // The request carries the measurement, and the command line's ranking decides every row.
  const req = await pageRequest(page, "gf");
  expect(req).toMatchObject({
    measured: { peakBytes: MEASURED.peakMemoryBytes, gpus: 1, headroom: 0.2 },
  });
  // Each GPU's first row in the plan's order is its best count; its verdict is the table's.
  const best = bestRows(await pageEstimate(page, "gf", "plan"));
  let fitting = 0;
  for (const row of best) {
    if (row.verdict !== "does-not-fit") fitting += 1;
    await expect.poll(() => verdictOf(row.gpu), row.gpu).toBe(row.verdict);
  }
  expect(fitting).toBeGreaterThan(0);
  expect(fitting).toBeLessThan(GPUS.length);

  await toggle.uncheck();
  await expect(basis).toHaveAttribute("data-basis", "estimate");
});

test("GPU fit: no toggle without measurements", async ({ page }) => {
  await page.goto("/en/guides/choosing-a-gpu/");
  const section = page.locator('section[aria-labelledby="gf-title"]');
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute("data-hydrated", "true");
  await expect(section.locator("#gf-measured")).toHaveCount(0);
});
