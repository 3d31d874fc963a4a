/**
 * Your prices, in both languages: a fresh visit to the decision table and to the front door
 * never calls any price "your price" (the cost page's example options are not the user's
 * quote); a price typed for a GPU is shown as such in that GPU's row and in the plan's
 * request with its currency, survives a reload, reaches the front door, and clearing removes
 * it; a CNY price in a US-dollar plan is refused next to that price's currency field.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
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
    mismatch: "is in another currency than the plan (USD)",
  },
  "zh-cn": {
    // Not the bare words: a row with no price asks "请填入你的价格" (enter your price).
    yours: "（你的价格）",
    door: "（按你的价格）",
    cell: "0.05（你的价格）",
    add: "添加价格",
    clear: "清除我的价格",
    mismatch: "与方案的币种（USD）不同",
  },
} as const;

const table = (page: Page) => page.locator('[data-table="fit"]');
const row = (page: Page, gpu: string) => table(page).locator(`tbody tr[data-gpu="${gpu}"]`);
const answers = (page: Page) => page.locator('[data-testid="fd-answer"]');

for (const lang of ["en", "zh-cn"] as const) {
  const w = WORDS[lang];

  test(`a fresh visit shows no price as yours, on the decision table and the front door (${lang})`, async ({
    page,
  }) => {
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
  });

  test(`a typed price is yours in its row, survives a reload, reaches the front door and clears (${lang})`, async ({
    page,
  }) => {
    await openCalculators(page, lang, "gf");
    // A batch job timed on the RTX 4090 (the example the table opens on) fits on one card.
    await page.selectOption("#gf-mode", "batch");
    await page.getByRole("button", { name: w.add }).click();
    await page.selectOption("#gf-p0-gpu", "rtx-4090");
    await page.selectOption("#gf-p0-currency", "USD");
    // Far below any published price, so the RTX 4090 is the cheapest option that runs.
    await typeInto(page, "#gf-p0-pricePerGpuHour", "0.05");
    await expect(row(page, "rtx-4090")).toContainText(w.cell);
    await expect
      .poll(async () => (await pageRequest(page, "gf"))["prices"])
      .toEqual({ "rtx-4090": { pricePerGpuHour: 0.05, currency: "USD" } });
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
  });

  test(`a CNY price in a US-dollar plan is refused beside its currency (${lang})`, async ({
    page,
  }) => {
    await openCalculators(page, lang, "gf");
    await page.selectOption("#gf-currency", "USD");
    await page.getByRole("button", { name: w.add }).click();
    await page.selectOption("#gf-p0-gpu", "rtx-4090");
    await page.selectOption("#gf-p0-currency", "CNY");
    await typeInto(page, "#gf-p0-pricePerGpuHour", "12");
    await expect(page.locator("#gf-p0-currency-err")).toContainText(w.mismatch);
    await expect(page.locator("#gf-p0-currency")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#gf-p0-pricePerGpuHour-err")).not.toContainText(w.mismatch);
    // With the plan's currency left to the prices, the plan is in yuan and the price is used.
    await page.selectOption("#gf-currency", "");
    await engineReady(page);
    await expect(page.locator("#gf-p0-currency-err")).not.toContainText(w.mismatch);
    await expect(row(page, "rtx-4090")).toContainText(
      lang === "en" ? "12 (your price)" : "12（你的价格）",
    );
    await expect(table(page).locator("caption")).toContainText("CNY");
  });
}
