/**
 * The deadline as a limit, in both languages (flows alternate): the question (QLoRA of Qwen2.5-32B on
 * 1 B tokens within 24 h) answers on the front door with options that meet the deadline,
 * or says none does and then names the fastest option and the longest deadline it needs;
 * the decision table says the same above its rows, and a row that misses it says so in the
 * row. The plan each page shows is the command line's for a request this test writes.
 */
import type { Page } from "@playwright/test";
import type { TaskRequest, TaskResult } from "../../src/estimate/registry.ts";
import { DEADLINE_VERDICT, inUnit, plain } from "../support/shown-text.ts";
import { expect, flow } from "./fixtures.ts";
import type { Lang } from "./calculators/helpers.ts";
import {
  engineReady,
  estimate,
  openCalculators,
  OPENING,
  pageRequest,
  typeInto,
  openHome,
} from "./calculators/helpers.ts";
import { bestRows } from "../../src/stores/views/plan-rows.ts";

type Row = TaskResult<"plan">["rows"][number];

/** The page's words, written here rather than read from its dictionary. */
const WORDS = {
  en: {
    none: (h: string) => `No priced option meets the deadline of ${h}.`,
    first: (h: string) => `Options that meet the deadline of ${h} come first`,
    longer: (h: string) => `Or with a deadline of at least ${h}.`,
    fastest: "Fastest",
    misses: "misses the deadline",
  },
  "zh-cn": {
    none: (h: string) => `没有有价格的方案能满足截止时间（${h}）。`,
    first: (h: string) => `满足截止时间（${h}）的方案排在前面`,
    longer: (h: string) => `或者把截止时间放宽到至少 ${h}。`,
    fastest: "最快",
    misses: "赶不上截止时间",
  },
} as const;

/** A training time with its likely range, and the deadline verdict, as each language words them. */
const RANGE = {
  en: (h: string, low: string, high: string) => `${h}, likely ${low}–${high}`,
  "zh-cn": (h: string, low: string, high: string) => `${h}，可能 ${low}–${high}`,
} as const;
const CELL = {
  en: (low: string, high: string) => `(${low}–${high})`,
  "zh-cn": (low: string, high: string) => `（${low}–${high}）`,
} as const;

/** QLoRA (a 4-bit base) of Qwen2.5-32B on 1 B tokens, as the front door's inputs set it. */
const question = (deadlineHours: number): TaskRequest<"plan"> => ({
  task: "plan",
  counts: "best",
  workload: {
    task: "train-memory",
    model: { preset: "qwen2.5-32b" },
    ...OPENING.training,
    lora: { ...OPENING.training.lora, baseBits: 4 },
  },
  deadlineHours,
  tokens: 1e9,
});

async function ask(page: Page, lang: Lang, deadlineHours: number): Promise<void> {
  await openHome(page, lang);
  await page.selectOption("#fd-goal", "fine-tune");
  await engineReady(page);
  await page.selectOption("#fd-method", "qlora");
  await page.selectOption("#fd-model", "qwen2.5-32b");
  await typeInto(page, "#fd-tokens", "1e9");
  await typeInto(page, "#fd-deadlineHours", String(deadlineHours));
}

const answers = (page: Page) => page.locator('[data-testid="fd-answer"] li');
const limitLines = (page: Page, id: string) =>
  page.locator(`section[aria-labelledby="${id}-title"] [data-limits]`);
const runs = (r: Row) => r.verdict !== "does-not-fit";

flow(
  "zh-cn",
  `each option's hours carry their likely range and the deadline verdict`,
  async ({ page }, lang) => {
    await ask(page, lang, 24);
    const best = bestRows(estimate(question(24)));
    const shownFirst = best.filter(runs).slice(0, 3);
    await expect(answers(page)).toHaveCount(shownFirst.length);
    for (const [i, r] of shownFirst.entries()) {
      const range = r.hoursRange;
      const verdict = r.deadlineVerdict;
      expect(range, r.gpu).toBeTruthy();
      expect(verdict, r.gpu).toBeTruthy();
      if (!range || !verdict) continue;
      // The fast end never above the estimate, the slow end never below.
      expect(range.low).toBeLessThanOrEqual(r.hours ?? 0);
      expect(range.high).toBeGreaterThanOrEqual(r.hours ?? 0);
      const line = answers(page).nth(i);
      await expect(line).toContainText(
        RANGE[lang](
          inUnit(lang, r.hours, "hours", 1),
          plain(lang, range.low, 1),
          inUnit(lang, range.high, "hours", 1),
        ),
      );
      await expect(line).toContainText(DEADLINE_VERDICT[lang][verdict]);
    }
    // The decision table: each row's billed hours with the range beside them.
    await openCalculators(page, lang, "gf");
    for (const r of shownFirst) {
      const range = r.hoursRange;
      if (!range) continue;
      await expect(
        page.locator(`[data-table="fit"] tbody tr[data-gpu="${r.gpu}"]`).first(),
      ).toContainText(CELL[lang](plain(lang, range.low, 2), plain(lang, range.high, 2)));
    }
  },
);

flow(
  "en",
  `a 24 h deadline: options that meet it come first, on the front door and the table`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    await ask(page, lang, 24);
    const request = question(24);
    const result = estimate(request, lang);
    const best = bestRows(result);
    const { limits } = result;
    const shownFirst = best.filter(runs).slice(0, 3);
    await expect
      .poll(() =>
        answers(page).evaluateAll((lis) =>
          lis.map((li) => `${li.getAttribute("data-gpus")}×${li.getAttribute("data-gpu")}`),
        ),
      )
      .toEqual(shownFirst.map((r) => `${r.gpus}×${r.gpu}`));
    const h = inUnit(lang, 24, "hours", 1);
    if (limits.met) {
      await expect(limitLines(page, "fd").first()).toContainText(w.first(h));
      // Meeting options come first: none shown before one that meets misses the deadline.
      const firstMiss = shownFirst.findIndex((r) => r.meetsDeadline === false);
      const lastMeet = shownFirst.map((r) => r.meetsDeadline).lastIndexOf(true);
      expect(firstMiss === -1 || firstMiss > lastMeet).toBe(true);
    } else await expect(limitLines(page, "fd").first()).toHaveText(w.none(h));
    // Every shown option that misses the deadline says so in its own line.
    for (const [i, r] of shownFirst.entries())
      if (r.meetsDeadline === false) await expect(answers(page).nth(i)).toContainText(w.misses);

    await openCalculators(page, lang, "gf");
    await expect.poll(() => pageRequest(page, "gf")).toEqual(request);
    await expect(limitLines(page, "gf").first()).toContainText(limits.met ? w.first(h) : w.none(h));
    for (const r of best.filter((x) => runs(x) && x.meetsDeadline === false).slice(0, 3))
      await expect(page.locator(`[data-table="fit"] tbody tr[data-gpu="${r.gpu}"]`)).toContainText(
        w.misses,
      );
  },
);

flow(
  "zh-cn",
  `a deadline no option meets: the answer says so, then the fastest and the deadline it needs`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    await ask(page, lang, 0.5);
    const { limits } = estimate(question(0.5), lang);
    // Hand check: 1 B tokens of a 32 B model is 6 x 32e9 x 1e9 = 1.9e20 FLOPs, hours even
    // on thousands of today's GPUs, before setup alone (0.5 h by default) is billed.
    expect(limits.met).toBe(false);
    const fastest = limits.fastest!;
    const lines = limitLines(page, "fd");
    await expect(lines.first()).toHaveText(w.none(inUnit(lang, 0.5, "hours", 1)));
    await expect(lines.nth(1)).toContainText(w.fastest);
    await expect(lines.nth(1)).toContainText(fastest.gpuName);
    await expect(lines.nth(1)).toContainText(inUnit(lang, fastest.hours, "hours", 1));
    // The deadline suggested is never below the fastest option's hours: rounded up to a tenth.
    const longer = Math.ceil((fastest.hours ?? 0) * 10 - 1e-9) / 10;
    await expect(lines.last()).toHaveText(w.longer(inUnit(lang, longer, "hours", 1)));
    // The decision table answers the same, naming each option by its count and GPU.
    await openCalculators(page, lang, "gf");
    const table = limitLines(page, "gf");
    await expect(table.first()).toHaveText(w.none(inUnit(lang, 0.5, "hours", 1)));
    await expect(table.nth(1)).toContainText(fastest.gpuName);
    await expect(table.nth(1)).not.toContainText("fd.");
  },
);

flow(
  "en",
  `on a 390 px phone the decision table reads as one card per option, none wider than the screen`,
  async ({ page }, lang) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCalculators(page, lang, "gf");
    const table = page.locator('[data-table="fit"]');
    await expect(table.locator("tbody tr").first()).toBeVisible();
    const box = await table.evaluate((t) => ({
      width: t.scrollWidth,
      scroller: (t.parentElement as HTMLElement).clientWidth,
      cellLabel: getComputedStyle(t.querySelector("tbody td") as Element, "::before").content,
      head: (t.querySelector("thead") as HTMLElement).getBoundingClientRect().width,
    }));
    expect(box.width).toBeLessThanOrEqual(box.scroller);
    expect(box.width).toBeLessThanOrEqual(390);
    // Each cell names its column: the first cell after the GPU is the verdict.
    expect(box.cellLabel).toBe(`"${lang === "en" ? "Verdict" : "结论"}"`);
    // The column heads are for screen readers only: each card names its own.
    expect(box.head).toBeLessThanOrEqual(1);
  },
);
