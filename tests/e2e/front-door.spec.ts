/**
 * The home page's front door, in both languages: a fine-tuning question and a serving
 * question each get the decision table's top options, and the detailed calculators open
 * on the same state (their request gives the same plan on the command line).
 */
import type { Page } from "@playwright/test";
import { expect, hydrateIslands, test } from "./fixtures.ts";
import { estimate, openCalculators, pageRequest, typeInto } from "./calculators/helpers.ts";

interface Row {
  gpu: string;
  gpus: number;
  verdict: string;
  hours: number | null;
  cost: number | null;
  tokensPerSecondPerUser?: number;
}

/** The first three GPUs that run, each at its best count, as the front door lists them. */
const top = (best: Row[]) =>
  best
    .filter((r) => r.verdict !== "does-not-fit")
    .slice(0, 3)
    .map((r) => `${r.gpus}×${r.gpu}`);

/** Waits until the stores have saved what was typed, so the next page opens on it. */
async function saved(page: Page, ...texts: string[]): Promise<void> {
  for (const text of texts)
    await expect
      .poll(() => page.evaluate(() => Object.values(localStorage).join(" ")))
      .toContain(text);
}

/** The first option's hours and cost, as the front door prints them. */
async function expectFirstFigures(page: Page, lang: string, best: Row[]): Promise<void> {
  const first = best.find((r) => r.verdict !== "does-not-fit");
  if (!first || first.hours === null || first.cost === null) throw new Error("no priced option");
  const li = page.locator('[data-testid="fd-answer"] li').first();
  // Hours to one decimal, cost to two, in the page's locale.
  const fixed = (v: number, digits: number) =>
    new Intl.NumberFormat(lang === "en" ? "en" : "zh-CN", { maximumFractionDigits: digits }).format(
      v,
    );
  await expect(li).toContainText(`${fixed(first.hours, 1)} `);
  await expect(li).toContainText(`${fixed(first.cost, 2)} USD`);
}

const shown = (page: Page) =>
  page
    .locator('[data-testid="fd-answer"] li')
    .evaluateAll((lis) =>
      lis.map((li) => `${li.getAttribute("data-gpus")}×${li.getAttribute("data-gpu")}`),
    );

for (const lang of ["en", "zh-cn"] as const) {
  const home = lang === "en" ? "/en/" : "/";

  test(`front door answers a fine-tuning question as the decision table does (${lang})`, async ({
    page,
  }) => {
    await page.goto(home);
    await hydrateIslands(page);
    await page.selectOption("#fd-goal", "fine-tune");
    await page.selectOption("#fd-model", "qwen2.5-7b");
    await typeInto(page, "#fd-tokens", "5e8");
    await expect(page.locator('[data-testid="fd-answer"] li')).toHaveCount(3);
    const answer = await shown(page);
    await saved(page, "qwen2.5-7b", "500000000");

    await openCalculators(page, lang, "gf");
    const request = await pageRequest(page, "gf");
    expect(request).toMatchObject({
      task: "plan",
      tokens: 5e8,
      workload: { task: "train-memory", model: { preset: "qwen2.5-7b" }, lora: {} },
    });
    const { best } = estimate<{ best: Row[] }>(request);
    expect(answer).toEqual(top(best));
    await page.goto(home);
    await hydrateIslands(page);
    await expectFirstFigures(page, lang, best);
  });

  test(`front door answers a serving question with each user's rate (${lang})`, async ({
    page,
  }) => {
    await page.goto(home);
    await hydrateIslands(page);
    await page.selectOption("#fd-goal", "serve");
    await page.selectOption("#fd-model", "llama-3.1-8b");
    await typeInto(page, "#fd-users", "20");
    await typeInto(page, "#fd-outputTokensPerSecondPerUser", "20");
    await expect(page.locator('[data-testid="fd-answer"] li').first()).toBeVisible();
    const answer = await shown(page);
    await saved(page, "inference", '"users":20');
    await expect(page.locator('[data-testid="fd-answer"]')).toContainText(
      lang === "en" ? "tokens/s per user" : "每位用户",
    );

    await openCalculators(page, lang, "gf");
    const request = await pageRequest(page, "gf");
    expect(request).toMatchObject({
      workload: { task: "serve", users: 20, outputTokensPerSecondPerUser: 20 },
    });
    const { rows, best } = estimate<{ rows: Row[]; best: Row[] }>(request);
    expect(answer).toEqual(top(best));
    for (const r of rows.filter((x) => x.verdict !== "does-not-fit"))
      expect(r.tokensPerSecondPerUser).toBeGreaterThanOrEqual(20);
  });

  test(`front door answers a rendering question from a time per frame (${lang})`, async ({
    page,
  }) => {
    await page.goto(home);
    await hydrateIslands(page);
    await page.selectOption("#fd-goal", "batch");
    // A batch job has no model to choose.
    await expect(page.locator("#fd-model")).toHaveCount(0);
    await typeInto(page, "#fd-secondsPerFrame", "20");
    await typeInto(page, "#fd-frames", "2000");
    await page.selectOption("#fd-measuredOn", "rtx-3090");
    await expect(page.locator('[data-testid="fd-answer"] li')).toHaveCount(3);
    const answer = await shown(page);
    await saved(page, '"mode":"batch"', '"frames":2000', "rtx-3090");
    await expect(page.locator('[data-testid="fd-answer"]')).toContainText(
      lang === "en" ? "hours" : "小时",
    );

    await openCalculators(page, lang, "gf");
    const request = await pageRequest(page, "gf");
    expect(request).toMatchObject({
      workload: { task: "render", secondsPerFrame: 20, frames: 2000 },
      measuredOn: "rtx-3090",
    });
    const { best } = estimate<{ best: Row[] }>(request);
    expect(answer).toEqual(top(best));
    await expect(page.locator("#gf-mode")).toHaveValue("batch");
    await page.goto(home);
    await hydrateIslands(page);
    await expectFirstFigures(page, lang, best);
  });
}
