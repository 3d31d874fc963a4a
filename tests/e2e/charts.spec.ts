/**
 * Charts, in both themes, the checks alternating between the languages: every part of the
 * memory breakdown bar has its own colour and the legend beside it shows that colour next to
 * the part's name; the cost chart names its axes with their units; removing a cost option is
 * a secondary action.
 */
import type { Page } from "@playwright/test";
import { expect, hydrateIslands, testsInTurn } from "./fixtures.ts";

const LANGS = [
  {
    lang: "en",
    memory: "/en/guides/training-memory/",
    cost: "/en/guides/total-cost/",
    costAxis: (currency: string) => `Total cost (${currency})`,
    gpuAxis: "Number of GPUs",
  },
  {
    lang: "zh-cn",
    memory: "/guides/training-memory/",
    cost: "/guides/total-cost/",
    costAxis: (currency: string) => `总费用（${currency}）`,
    gpuAxis: "GPU 数量（张）",
  },
] as const;

/** Each part's bar colour and legend swatch colour, as the browser computes them. */
function partColours(page: Page) {
  return page
    .locator(".calc-bar")
    .first()
    .evaluate((bar) =>
      [...bar.querySelectorAll("rect[data-part]")].map((rect) => {
        const key = rect.getAttribute("data-part") ?? "";
        const swatch = bar.querySelector(`tr[data-part="${key}"] .calc-swatch`);
        return {
          key,
          bar: getComputedStyle(rect).fill,
          legend: swatch ? getComputedStyle(swatch).backgroundColor : "",
        };
      }),
    );
}

// Each chart check runs once, the checks taking turns between the two pages.
const inTurn = testsInTurn(LANGS);
for (const scheme of ["light", "dark"] as const) {
  inTurn(
    `memory breakdown: a colour of its own for every part (${scheme})`,
    async ({ page }, c) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(c.memory);
      await hydrateIslands(page);
      const parts = await partColours(page);
      // The default training breakdown has more parts than the old seven colours.
      expect(parts.length).toBeGreaterThan(7);
      expect(new Set(parts.map((p) => p.bar)).size).toBe(parts.length);
      for (const p of parts) expect(p.legend, p.key).toBe(p.bar);
    },
  );
}

inTurn("cost chart: axis titles with units, secondary remove buttons", async ({ page }, c) => {
  await page.goto(c.cost);
  await hydrateIslands(page);
  const titles = page.locator(".calc-chart svg text.calc-axis-title");
  const cc = page.locator('section[aria-labelledby="cc-title"]');
  // The cost axis names the currency the page's totals carry.
  const total = await cc.locator("[data-figure]").first().innerText();
  const currency = /\b(USD|CNY)\b/.exec(total)?.[1] ?? "none";
  await expect(titles).toHaveText([c.gpuAxis, c.costAxis(currency)]);
  const remove = cc.locator("button.calc-secondary").first();
  await expect(remove).toBeVisible();
  const background = (el: Element) => getComputedStyle(el).backgroundColor;
  expect(await remove.evaluate(background)).toBe("rgba(0, 0, 0, 0)");
  // The calculator's own actions keep the filled style.
  const main = cc.locator("button:not(.calc-secondary)").first();
  expect(await main.evaluate(background)).not.toBe("rgba(0, 0, 0, 0)");
});
