/**
 * Your prices, in both languages (flows alternate): a fresh visit to the decision table and to the front door
 * never calls any price "your price" (the cost page's example options are not the user's
 * quote); a price typed for a GPU is shown as such in that GPU's row and in the plan's
 * request with its currency, survives a reload, reaches the front door, and clearing removes
 * it; prices typed in both currencies give priced answers, the one in the other currency
 * converted and marked with the rate, its date and source; the same workload ranks the same
 * hardware in USD and in CNY.
 */
import type { Page } from "@playwright/test";
import type { Lang } from "./calculators/helpers.ts";
import { expect, flow } from "./fixtures.ts";
import {
  engineReady,
  hydrateAll,
  openCalculators,
  pageRequest,
  typeInto,
  openHome,
} from "./calculators/helpers.ts";

/** What each language calls a price the user entered, and its controls (the dictionaries' words). */
const WORDS = {
  en: {
    // How a price cell and a front-door cost say they rest on the user's price.
    yours: "(your price)",
    door: "(your price)",
    // "{price} (your price)", at most two decimals.
    cell: "0.05 (your price)",
    add: "Add a price",
    clear: "Clear my prices",
    own: (price: string) => `${price} (your price)`,
    converted: (price: string, typed: string) =>
      `${price} (your price, converted from ${typed} ${typed === "1.8" ? "CNY" : "USD"} at`,
    // The rate's source, in the page's language.
    rateSource: "ECB euro foreign exchange reference rates",
    // A front-door option priced in the other currency, and the one line that gives the rate.
    doorConverted: "(your price, converted from CNY)",
    doorRate: "Converted at 6.8012 CNY per USD (ECB euro foreign exchange reference rates",
  },
  "zh-cn": {
    // Not the bare words: a row with no price asks "请填入你的价格" (enter your price).
    yours: "（你的价格）",
    door: "（按你的价格）",
    cell: "0.05（你的价格）",
    add: "添加价格",
    clear: "清除我的价格",
    own: (price: string) => `${price}（你的价格）`,
    converted: (price: string, typed: string) =>
      `${price}（你的价格，由 ${typed} ${typed === "1.8" ? "CNY" : "USD"} 按`,
    rateSource: "欧洲央行（ECB）欧元外汇参考汇率",
    doorConverted: "（按你的价格，由 CNY 换算）",
    doorRate: "换算汇率：6.8012 CNY/USD（欧洲央行（ECB）欧元外汇参考汇率",
  },
} as const;

const table = (page: Page) => page.locator('[data-table="fit"]');
const row = (page: Page, gpu: string) => table(page).locator(`tbody tr[data-gpu="${gpu}"]`);
const answers = (page: Page) => page.locator('[data-testid="fd-answer"]');

/** A batch plan in US dollars on the decision table, with the RTX 4090 priced in yuan. */
async function usdPlanWithYuanPrice(page: Page, lang: Lang, price: string): Promise<void> {
  await openCalculators(page, lang, "gf");
  await page.selectOption("#gf-mode", "batch");
  await page.selectOption("#gf-currency", "USD");
  await page.getByRole("button", { name: WORDS[lang].add }).click();
  await page.selectOption("#gf-p0-gpu", "rtx-4090");
  await page.selectOption("#gf-p0-currency", "CNY");
  await typeInto(page, "#gf-p0-pricePerGpuHour", price);
}

flow(
  "en",
  `a fresh visit shows no price as yours, on the decision table and the front door`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    await openCalculators(page, lang, "gf");
    await expect(row(page, "rtx-4090")).toBeVisible();
    await expect(table(page)).not.toContainText(w.yours);
    // Nor does any row give "your price" as a reason (its Why column).
    if (lang === "en") await expect(table(page)).not.toContainText("your price");
    await expect(page.locator("#gf-p0-gpu")).toHaveCount(0);
    expect((await pageRequest(page, "gf"))["prices"]).toBeUndefined();
    for (const goal of ["fine-tune", "serve", "batch"]) {
      await openHome(page, lang);
      await page.selectOption("#fd-goal", goal);
      await engineReady(page);
      await expect(answers(page).locator("li").first()).toBeVisible();
      await expect(answers(page)).not.toContainText(w.door);
    }
  },
);

flow(
  "zh-cn",
  `a typed price is yours in its row, survives a reload, reaches the front door and clears`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    await openCalculators(page, lang, "gf");
    // Added on the table as built (no result computed yet), a price is in the page's
    // currency: yuan on the Chinese site.
    await page.getByRole("button", { name: w.add }).click();
    await expect(page.locator("#gf-p0-currency")).toHaveValue(lang === "en" ? "USD" : "CNY");
    // A batch job timed on the RTX 4090 (the example the table opens on) fits on one card.
    await page.selectOption("#gf-mode", "batch");
    await page.selectOption("#gf-p0-gpu", "rtx-4090");
    // In the page's currency (yuan on the Chinese site), so the price is used as typed.
    await page.selectOption("#gf-p0-currency", lang === "en" ? "USD" : "CNY");
    // Far below any published price, so the RTX 4090 is the cheapest option that runs.
    await typeInto(page, "#gf-p0-pricePerGpuHour", "0.05");
    await expect(row(page, "rtx-4090")).toContainText(w.cell);
    await expect
      .poll(async () => (await pageRequest(page, "gf"))["prices"])
      .toEqual({
        "rtx-4090": { pricePerGpuHour: 0.05, currency: lang === "en" ? "USD" : "CNY" },
      });
    // Only that GPU's row rests on the user's price.
    await expect(table(page).locator("tbody tr").filter({ hasText: w.yours })).toHaveCount(1);

    await page.reload();
    await hydrateAll(page);
    await expect(page.locator("#gf-p0-pricePerGpuHour")).toHaveValue("0.05");
    await expect(row(page, "rtx-4090")).toContainText(w.cell);

    await openHome(page, lang);
    const first = answers(page).locator("li").first();
    await expect(first).toHaveAttribute("data-gpu", "rtx-4090");
    await expect(first).toContainText(w.door);
    await expect(answers(page).locator("li").filter({ hasText: w.door })).toHaveCount(1);

    await openCalculators(page, lang, "gf");
    await page.getByRole("button", { name: w.clear }).click();
    await engineReady(page);
    await expect(page.locator("#gf-p0-gpu")).toHaveCount(0);
    await expect(row(page, "rtx-4090")).toBeVisible();
    await expect(table(page)).not.toContainText(w.yours);
    expect((await pageRequest(page, "gf"))["prices"]).toBeUndefined();
    await page.reload();
    await hydrateAll(page);
    await expect(page.locator("#gf-p0-gpu")).toHaveCount(0);
    await expect(table(page)).not.toContainText(w.yours);
  },
);

flow("en", `prices in both currencies give priced, converted answers`, async ({ page }, lang) => {
  const w = WORDS[lang];
  await usdPlanWithYuanPrice(page, lang, "1.8");
  await page.getByRole("button", { name: w.add }).click();
  await page.selectOption("#gf-p1-gpu", "h100-sxm");
  await page.selectOption("#gf-p1-currency", "USD");
  await typeInto(page, "#gf-p1-pricePerGpuHour", "2.2");
  await engineReady(page);
  // Nothing typed is refused: no message beside either price, and the table answers.
  await expect(page.locator("#gf-p0-currency-err")).toHaveText("");
  await expect(page.locator("#gf-p0-currency")).not.toHaveAttribute("aria-invalid", "true");
  await expect(table(page).locator("caption")).toContainText("USD");
  // 1.8 CNY at the ECB cross of 2026-05-08 (6.8012 CNY per USD): 1.8 / 6.8012 = 0.2647
  // USD, shown as 0.26, marked converted with what was typed, the rate, its date and source.
  const r4090 = row(page, "rtx-4090").locator('[data-k="price"]');
  await expect(r4090).toContainText(w.converted("0.26", "1.8"));
  await expect(r4090).toContainText("6.8012");
  await expect(r4090).toContainText("2026-05-08");
  await expect(r4090).toContainText(w.rateSource);
  await expect(row(page, "h100-sxm").locator('[data-k="price"]')).toHaveText(w.own("2.2"));
  // The same prices in a CNY plan: the dollar price is the one converted (2.2 x 6.8012 =
  // 14.96264, shown 14.96), the yuan price is used as typed.
  await page.selectOption("#gf-currency", "CNY");
  await engineReady(page);
  await expect(table(page).locator("caption")).toContainText("CNY");
  await expect(row(page, "h100-sxm").locator('[data-k="price"]')).toContainText(
    w.converted("14.96", "2.2"),
  );
  await expect(row(page, "rtx-4090").locator('[data-k="price"]')).toHaveText(w.own("1.8"));
  // The front door answers with them too: priced options, no message about the inputs.
  await openHome(page, lang);
  await page.selectOption("#fd-goal", "batch");
  await engineReady(page);
  await expect(answers(page).locator("li").first()).toBeVisible();
  await expect(answers(page)).toContainText(w.door);
});

flow(
  "zh-cn",
  `the front door marks a converted cost on its option and gives the rate once`,
  async ({ page }, lang) => {
    const w = WORDS[lang];
    await usdPlanWithYuanPrice(page, lang, "0.01");
    await openHome(page, lang);
    await page.selectOption("#fd-goal", "batch");
    await engineReady(page);
    // 0.01 CNY an hour makes the RTX 4090 the cheapest option, shown first.
    await expect(answers(page).locator('li[data-gpu="rtx-4090"]')).toContainText(w.doorConverted);
    // The ECB cross of 2026-05-08 in force on the pinned day: one line under the options,
    // however many of them were converted.
    const rates = page.locator("[data-rates]");
    await expect(rates).toHaveCount(1);
    await expect(rates).toContainText(w.doorRate);
    await expect(rates).toContainText("2026-05-08");
  },
);

flow(
  "en",
  `the same workload ranks the same hardware in USD and in CNY`,
  async ({ page }, lang) => {
    await openCalculators(page, lang, "gf");
    // The question: Llama 3.1 70B served to 50 users.
    await page.selectOption("#gf-mode", "inference");
    await page.selectOption("#mp-preset", "llama-3.1-70b");
    await typeInto(page, "#gf-users", "50");
    const order = async (currency: "USD" | "CNY") => {
      await page.selectOption("#gf-currency", currency);
      await engineReady(page);
      await expect(table(page).locator("caption")).toContainText(currency);
      return table(page)
        .locator("tbody tr")
        .evaluateAll((rows) =>
          rows.map(
            (r) =>
              `${r.getAttribute("data-gpu")} ${r.querySelector('[data-k="gpus"]')?.textContent}`,
          ),
        );
    };
    const usd = await order("USD");
    const cny = await order("CNY");
    expect(usd.length).toBeGreaterThan(3);
    expect(cny).toEqual(usd);
  },
);
