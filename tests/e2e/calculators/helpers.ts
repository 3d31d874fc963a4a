/**
 * Shared steps for the calculator tests: open the demo page, hydrate every island (they
 * hydrate `client:visible`), read the figures a user sees, and run the estimator in Node.
 */
import type { Page } from "@playwright/test";
import { expect } from "../fixtures.ts";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { runRequest } from "../../../src/estimate/run.ts";
import type { EstimateRequest } from "../../../src/estimate/request.ts";

export const GPUS = loadGpuSpecs();
export const WIDGETS = ["mp", "tm", "im", "tp", "ct", "cc", "gf"] as const;
export type WidgetId = (typeof WIDGETS)[number];

export const pagePath = (lang: "en" | "zh-cn"): string =>
  lang === "en" ? "/en/guides/calculators/" : "/guides/calculators/";

/** Scrolls to each widget and waits until its island has hydrated (controls enabled). */
export async function hydrateAll(page: Page): Promise<void> {
  for (const id of WIDGETS) {
    const section = page.locator(`section[aria-labelledby="${id}-title"]`);
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute("data-hydrated", "true");
  }
}

export async function openCalculators(page: Page, lang: "en" | "zh-cn" = "en"): Promise<void> {
  await page.goto(pagePath(lang));
  await hydrateAll(page);
}

export const figure = (page: Page, id: WidgetId, key: string) =>
  page.locator(`section[aria-labelledby="${id}-title"] [data-figure="${key}"]`);

/** Replaces a field's text the way a user does: select all, type. */
export async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  const input = page.locator(selector);
  await input.fill("");
  await input.pressSequentially(text);
}

/** The estimator, called directly in Node on the same inputs. */
export function estimate<T>(request: Record<string, unknown>): T {
  return runRequest(request as unknown as EstimateRequest, GPUS) as T;
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
