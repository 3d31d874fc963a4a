/**
 * Shared steps for the calculator tests: open the guide that hosts a widget, hydrate every
 * island on it (they hydrate `client:visible`), read the figures a user sees, and run the
 * estimator in Node.
 */
import type { Page } from "@playwright/test";
import { expect } from "../fixtures.ts";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { PRESETS } from "../../../src/estimate/presets.ts";
import { runRequest } from "../../../src/estimate/tasks/registry.ts";
import { loadReferencePrices } from "../../../src/prices/load.ts";

export const GPUS = loadGpuSpecs();
/** The reference prices the command line and the pages price GPUs with. */
export const PRICES = loadReferencePrices();
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

/** Replaces a field's text the way a user does: select all, type; then lets the engine compute. */
export async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  const input = page.locator(selector);
  await input.fill("");
  await input.pressSequentially(text);
  await engineReady(page);
}

/** The command line's result for a request (the same task code, run in Node). */
export function estimate<T>(request: Record<string, unknown>): T {
  const r = runRequest(request, { gpus: GPUS, presets: PRESETS, prices: PRICES });
  if (!r.ok) throw new Error(`the command line refuses the request: ${JSON.stringify(r.issues)}`);
  return r.result as unknown as T;
}

/** The request a widget shows under "Show the request", parsed. */
export async function pageRequest(page: Page, id: WidgetId): Promise<Record<string, unknown>> {
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
