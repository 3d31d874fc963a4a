/**
 * The home page's front door, in both languages (flows alternate): a fine-tuning, a serving and a rendering
 * question each get the top options of the plan this test writes for them (the page's
 * opening state and what was typed), with the hours and cost the command line gives; and
 * the decision table opens on the same state, showing that same request.
 */
import type { Page } from "@playwright/test";
import type { TaskRequest, TaskResult } from "../../src/estimate/registry.ts";
import { inUnit, plain } from "../support/shown-text.ts";
import { expect, flow } from "./fixtures.ts";
import { LANG_CURRENCY } from "../../src/i18n/lang.ts";
import type { Lang } from "./calculators/helpers.ts";
import {
  estimate,
  openCalculators,
  OPENING,
  pageRequest,
  typeInto,
  openHome,
} from "./calculators/helpers.ts";
import { bestRows } from "../../src/stores/views/plan-rows.ts";

type Row = TaskResult<"plan">["rows"][number];

/** The first three GPUs that run, each at its best count, as the front door lists them. */
const top = (best: readonly Row[]) =>
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

const answers = (page: Page) => page.locator('[data-testid="fd-answer"] li');
const shown = (page: Page) =>
  answers(page).evaluateAll((lis) =>
    lis.map((li) => `${li.getAttribute("data-gpus")}×${li.getAttribute("data-gpu")}`),
  );

/** The plan's first options on the front door, the first with its hours and cost. */
async function expectAnswer(page: Page, lang: Lang, best: readonly Row[]): Promise<void> {
  await expect.poll(() => shown(page)).toEqual(top(best));
  const first = best.find((r) => r.verdict !== "does-not-fit");
  if (!first || first.hours === null || first.cost === null) throw new Error("no priced option");
  await expect(answers(page).first()).toContainText(inUnit(lang, first.hours, "hours", 1));
  // In the page's currency: yuan on the Chinese site, dollars on the English one.
  await expect(answers(page).first()).toContainText(
    `${plain(lang, first.cost, 2)} ${LANG_CURRENCY[lang]}`,
  );
}

/** The decision table, opened after the front door, shows the request the test wrote. */
async function expectTable(page: Page, lang: Lang, request: TaskRequest<"plan">) {
  await openCalculators(page, lang, "gf");
  await expect.poll(() => pageRequest(page, "gf")).toEqual(request);
}

/** What every plan of the page takes beside its workload, as the page opens. */
const OPTIONS = {
  deadlineHours: OPENING.job.deadlineHours,
} as const;

flow(
  "en",
  `front door answers a fine-tuning question with the plan's options`,
  async ({ page }, lang) => {
    await openHome(page, lang);
    await page.selectOption("#fd-goal", "fine-tune");
    await page.selectOption("#fd-model", "qwen2.5-7b");
    await typeInto(page, "#fd-tokens", "5e8");
    const request: TaskRequest<"plan"> = {
      task: "plan",
      counts: "best",
      workload: {
        task: "train-memory",
        model: { preset: "qwen2.5-7b" },
        ...OPENING.training,
        // Fine-tuning is LoRA on a 16-bit base, with the adapters the page opened with.
        lora: { ...OPENING.training.lora, baseBits: 16 },
      },
      ...OPTIONS,
      tokens: 5e8,
    };
    const best = bestRows(estimate(request, lang));
    await expectAnswer(page, lang, best);
    await saved(page, "qwen2.5-7b", "500000000");
    await expectTable(page, lang, request);
  },
);

flow(
  "zh-cn",
  `front door answers a serving question with each user's rate`,
  async ({ page }, lang) => {
    await openHome(page, lang);
    await page.selectOption("#fd-goal", "serve");
    await page.selectOption("#fd-model", "llama-3.1-8b");
    await typeInto(page, "#fd-users", "20");
    await typeInto(page, "#fd-outputTokensPerSecondPerUser", "20");
    const request: TaskRequest<"plan"> = {
      task: "plan",
      counts: "best",
      workload: {
        task: "serve",
        model: { preset: "llama-3.1-8b" },
        ...OPENING.serving,
        users: 20,
        outputTokensPerSecondPerUser: 20,
      },
      // Serving has no deadline: the page's 24 h is the training and batch plans'.
    };
    const best = bestRows(estimate(request, lang));
    await expect.poll(() => shown(page)).toEqual(top(best));
    const first = best.find((r) => r.verdict !== "does-not-fit")!;
    expect(first.tokensPerSecondPerUser).toBeGreaterThanOrEqual(20);
    await expect(answers(page).first()).toContainText(
      inUnit(lang, first.tokensPerSecondPerUser, "tokens-per-second", 1),
    );
    await expect(answers(page).first()).toContainText(lang === "en" ? "per user" : "每位用户");
    await saved(page, "inference", '"users":20');
    await expectTable(page, lang, request);
  },
);

flow(
  "en",
  `front door answers a rendering question from a time per frame`,
  async ({ page }, lang) => {
    await openHome(page, lang);
    await page.selectOption("#fd-goal", "batch");
    // A batch job has no model to choose.
    await expect(page.locator("#fd-model")).toHaveCount(0);
    await typeInto(page, "#fd-secondsPerFrame", "20");
    await typeInto(page, "#fd-frames", "2000");
    await page.selectOption("#fd-measuredOn", "rtx-3090");
    const request: TaskRequest<"plan"> = {
      task: "plan",
      counts: "best",
      workload: { task: "render", secondsPerFrame: 20, frames: 2000 },
      ...OPTIONS,
      measuredOn: "rtx-3090",
    };
    const best = bestRows(estimate(request, lang));
    await expectAnswer(page, lang, best);
    await saved(page, '"mode":"batch"', '"frames":2000', "rtx-3090");
    await expectTable(page, lang, request);
    await expect(page.locator("#gf-mode")).toHaveValue("batch");
  },
);
