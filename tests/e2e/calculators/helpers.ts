/**
 * Shared steps for the calculator tests: open the guide that hosts a widget, hydrate every
 * island on it (they hydrate `client:visible`), read the figures a user sees, and run the
 * estimator in Node.
 */
import type { Page } from "@playwright/test";
import { expect } from "../fixtures.ts";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { PRESETS } from "../../../src/estimate/model/presets.ts";
import type { TaskId, TaskRequest, TaskResult } from "../../../src/estimate/registry.ts";
import { runRequest, runTyped } from "../../../src/estimate/registry.ts";
import type { CostState } from "../../../src/stores/cost.ts";
import type { JobState } from "../../../src/stores/job.ts";
import type { ServingState } from "../../../src/stores/serving.ts";
import type { TrainingState } from "../../../src/stores/training.ts";
import { loadExchangeRates, loadReferencePrices } from "../../../src/prices/load.ts";
import { LANG_CURRENCY } from "../../../src/i18n/lang.ts";
import { pinnedSiteDay } from "../../../src/catalog/site-date.ts";

export const GPUS = loadGpuSpecs();
/** The reference prices the command line and the pages price GPUs with. */
export const PRICES = loadReferencePrices();
/** The exchange rates the pages carry, so a plan converts as the page does. */
export const RATES = loadExchangeRates();
/** The day the build aged its prices to, when `npm test` pinned one (`SITE_TODAY`). */
export const TODAY = pinnedSiteDay();
export const WIDGETS = ["mp", "tm", "im", "tp", "ct", "cc", "gf"] as const;
export type WidgetId = (typeof WIDGETS)[number];
export type Lang = "en" | "zh-cn";

/** The guide that hosts each widget (the model picker sits beside every model-based one). */
export const GUIDE: Record<Exclude<WidgetId, "mp">, string> = {
  tm: "training-memory",
  im: "inference",
  tp: "inference",
  ct: "compute-time",
  cc: "total-cost",
  gf: "choosing-a-gpu",
};
/** Every guide with calculators, each once. */
export const CALCULATOR_GUIDES = [
  "training-memory",
  "fine-tuning",
  "inference",
  "compute-time",
  "total-cost",
  "single-vs-multi-gpu",
  "choosing-a-gpu",
] as const;

export const guidePath = (slug: string, lang: Lang = "en"): string =>
  lang === "en" ? `/en/guides/${slug}/` : `/guides/${slug}/`;

/** The page that hosts a widget. */
export const pagePath = (lang: Lang, widget: Exclude<WidgetId, "mp"> = "tm"): string =>
  guidePath(GUIDE[widget], lang);

/** Scrolls to each widget on the page and waits until its island has hydrated (controls enabled). */
export async function hydrateAll(page: Page): Promise<void> {
  await expect(page.locator("section.calc").first()).toBeAttached();
  for (const id of WIDGETS) {
    const section = page.locator(`section[aria-labelledby="${id}-title"]`);
    if ((await section.count()) === 0) continue;
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute("data-hydrated", "true");
  }
  // Stored inputs show once the engine has checked them; until then the built defaults do.
  await engineReady(page);
}

/** Opens the guide that hosts `widget` (training memory by default) and hydrates its islands. */
export async function openCalculators(
  page: Page,
  lang: Lang = "en",
  widget: Exclude<WidgetId, "mp"> = "tm",
): Promise<void> {
  await page.goto(pagePath(lang, widget));
  await hydrateAll(page);
}

/** Opens any guide by slug and hydrates its islands. */
export async function openGuide(page: Page, slug: string, lang: Lang = "en"): Promise<void> {
  await page.goto(guidePath(slug, lang));
  await hydrateAll(page);
}

export const figure = (page: Page, id: WidgetId, key: string) =>
  page.locator(`section[aria-labelledby="${id}-title"] [data-figure="${key}"]`);

/**
 * Waits until the estimation engine, which loads on the first edit, has arrived and the
 * results it computes are on the page (stores update islands synchronously once it is in).
 */
export async function engineReady(page: Page): Promise<void> {
  // Inputs equal to the initial ones need no engine: nothing then starts loading it.
  await page.waitForFunction(() => document.documentElement.dataset["engine"] !== "loading");
}

/** Opens the home page in `lang` and waits until its front door is live. */
export async function openHome(page: Page, lang: Lang): Promise<void> {
  await page.goto(lang === "en" ? "/en/" : "/");
  const door = page.locator('section[aria-labelledby="fd-title"]');
  await door.scrollIntoViewIfNeeded();
  await expect(door).toHaveAttribute("data-hydrated", "true");
  await engineReady(page);
}

/** Replaces a field's text the way a user does: select all, type; then lets the engine compute. */
export async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  const input = page.locator(selector);
  await input.fill("");
  await input.pressSequentially(text);
  await engineReady(page);
}

/**
 * The command line's result for a request (the same task code, run in Node); with a page's
 * language, in that page's currency when the request names none, as the page computes it.
 */
export function estimate<Id extends TaskId>(
  request: { task: Id } & TaskRequest<NoInfer<Id>>,
  lang?: Lang,
): TaskResult<Id> {
  const r = runTyped(request, {
    gpus: GPUS,
    presets: PRESETS,
    prices: PRICES,
    rates: RATES,
    ...(lang ? { currency: LANG_CURRENCY[lang] } : {}),
    ...(TODAY ? { today: TODAY } : {}),
  });
  if (!r.ok) throw new Error(`the command line refuses the request: ${JSON.stringify(r.issues)}`);
  return r.result;
}

/**
 * The command line's result for the request a widget shows (checked to be of `task`): for
 * tests about what a widget does with a result, not about how it builds its request.
 */
export async function pageEstimate<Id extends TaskId>(
  page: Page,
  widget: WidgetId,
  task: Id,
): Promise<TaskResult<Id>> {
  const request = await pageRequest(page, widget);
  expect(request["task"]).toBe(task);
  // The page's currency, from its language, as the page's own catalog gives it.
  const lang: Lang =
    (await page.evaluate(() => document.documentElement.lang)) === "en" ? "en" : "zh-cn";
  const r = runRequest(request, {
    gpus: GPUS,
    presets: PRESETS,
    prices: PRICES,
    rates: RATES,
    currency: LANG_CURRENCY[lang],
    ...(TODAY ? { today: TODAY } : {}),
  });
  if (!r.ok) throw new Error(`the command line refuses the request: ${JSON.stringify(r.issues)}`);
  // The registry ran the task the request names, checked above.
  return r.result as TaskResult<Id>;
}

/**
 * What the calculators hold when a page opens in a fresh browser, as the pages describe it:
 * Llama 3.1 8B; a QLoRA fine-tune (rank 16 on every projection, a 4-bit base) of 2,048-token
 * sequences one at a time with full recomputation on an RTX 4090; served by vLLM in 16 bits,
 * 4,096 tokens of context, one sequence, 1,024 tokens in and 256 out; a billion training
 * tokens (or 10⁸ samples of 10⁹ FLOPs) due within a day; and the seed's cost example, 72 h on
 * one RTX 4090 at 2.5 an hour against four at 10 an hour and 75% scaling.
 */
export const OPENING = {
  model: { preset: "llama-3.1-8b" },
  training: {
    microBatch: 1,
    seqLen: 2048,
    recompute: "full",
    flashAttention: true,
    lora: { rank: 16, targets: ["q", "k", "v", "o", "gate", "up", "down"], baseBits: 4 },
    gpu: "rtx-4090",
  },
  serving: {
    engine: "vllm",
    weightBits: 16,
    kvBits: 16,
    contextTokens: 4096,
    sequences: 1,
    promptTokens: 1024,
    outputTokens: 256,
    gpu: "rtx-4090",
  },
  job: { work: "tokens", tokens: 1e9, samples: 1e8, flopsPerSample: 1e9, deadlineHours: 24 },
  cost: {
    options: [
      { gpu: "rtx-4090", gpus: 1, pricePerHour: 2.5 },
      { gpu: "rtx-4090", gpus: 4, pricePerHour: 10, scaling: 0.75 },
    ],
    singleGpuHours: 72,
  },
} satisfies {
  model: { preset: string };
  training: TrainingState;
  serving: ServingState;
  job: JobState;
  cost: CostState;
};

/** The request a widget shows under "Show the request", parsed. */
export async function pageRequest(
  page: Page,
  id: WidgetId | "fd",
): Promise<Record<string, unknown>> {
  const text = await page.locator(`#${id}-request`).textContent();
  if (!text) throw new Error(`${id} shows no request`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Page text must never show what a broken computation prints. */
export async function expectNoBrokenNumbers(page: Page): Promise<void> {
  const text = await page.locator("main, body").first().innerText();
  expect(text).not.toMatch(/\bNaN\b|\bInfinity\b|\bundefined\b/);
}

export const LLAMA_8B = { preset: "llama-3.1-8b" };
export const QLORA_ALL = {
  rank: 16,
  targets: ["q", "k", "v", "o", "gate", "up", "down"],
  baseBits: 4,
};
