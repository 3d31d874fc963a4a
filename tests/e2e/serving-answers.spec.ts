/**
 * Serving answers a user can act on (issue #24, item 6), in both languages (flows alternate): the decision
 * table and the front door say which engine, weight precision and KV-cache precision a
 * serving answer assumes, offer each as a control beside it, and say nothing of a deadline
 * (serving has none); the context field says it holds prompt and output; the table says what
 * its billed hours count.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, flow } from "./fixtures.ts";
import { engineReady, openCalculators, openHome, pageRequest } from "./calculators/helpers.ts";

/** The page's words, written here rather than read from its dictionary. */
const WORDS = {
  en: {
    assumes: (engine: string, kv: number) =>
      `Assumes ${engine}, 16-bit FP16 / BF16 weights and a ${kv}-bit KV cache (change them above).`,
    deadline: /deadline/i,
    context: "Context per sequence (prompt + output tokens)",
    billed: "one hour of serving",
    noMinimum: "no minimum and no rounding up",
  },
  "zh-cn": {
    assumes: (engine: string, kv: number) =>
      `假设：${engine}，16 位 FP16 / BF16 权重，${kv} 位 KV 缓存（可在上方修改）。`,
    deadline: /截止时间/,
    context: "每条序列的上下文（提示词 + 输出 token）",
    billed: "一小时的部署",
    noMinimum: "不设最低时长、不向上取整",
  },
} as const;

const section = (page: Page, id: string): Locator =>
  page.locator(`section[aria-labelledby="${id}-title"]`);

flow(
  "en",
  `a serving question on the decision table names engine, precisions, no deadline`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    await openCalculators(page, lang, "gf");
    await page.selectOption("#gf-mode", "inference");
    await engineReady(page);
    const gf = section(page, "gf");
    await expect(gf.locator("[data-assumes]")).toHaveText(w.assumes("vLLM", 16));
    // Each assumption is a control right there, at the value the answer names.
    await expect(page.locator("#gf-engine")).toHaveValue("vllm");
    await expect(page.locator("#gf-weightBits")).toHaveValue("16");
    await expect(page.locator("#gf-kvBits")).toHaveValue("16");
    await expect(gf.getByText(w.context).first()).toBeVisible();
    // No deadline: no field, no line, no word of it.
    await expect(page.locator("#gf-deadlineHours")).toHaveCount(0);
    await expect(gf.locator("[data-limits]")).toHaveCount(0);
    await expect(gf).not.toContainText(w.deadline);
    expect(await pageRequest(page, "gf")).not.toHaveProperty("deadlineHours");
    // The billed hours say what they count.
    await expect(gf.locator('[data-billed="inference"]')).toContainText(w.billed);
    await expect(gf.locator('[data-billed="inference"]')).toContainText(w.noMinimum);

    // Changing the KV cache's precision changes the answer's words and its request.
    await page.selectOption("#gf-kvBits", "8");
    await engineReady(page);
    await expect(gf.locator("[data-assumes]")).toHaveText(w.assumes("vLLM", 8));
    await expect
      .poll(async () => (await pageRequest(page, "gf"))["workload"])
      .toMatchObject({ task: "serve", kvBits: 8 });
  },
);

flow(
  "zh-cn",
  `a serving question on the front door names engine, precisions, no deadline`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    await openHome(page, lang);
    await page.selectOption("#fd-goal", "serve");
    await engineReady(page);
    const fd = section(page, "fd");
    await expect(fd.locator("[data-assumes]")).toHaveText(w.assumes("vLLM", 16));
    await expect(page.locator("#fd-deadlineHours")).toHaveCount(0);
    await expect(fd).not.toContainText(w.deadline);
    await expect(fd.locator('[data-testid="fd-answer"] li').first()).toBeVisible();
    // The engine named is the control beside it: choosing another renames it.
    await page.selectOption("#fd-engine", "sglang");
    await engineReady(page);
    await expect(fd.locator("[data-assumes]")).toHaveText(w.assumes("SGLang", 16));
    await expect(fd).not.toContainText(w.deadline);
  },
);
