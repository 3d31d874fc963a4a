/**
 * The reference-price page in both languages: a known row with its date, age and currency,
 * every CNY row with its date and source kind, the statements beside the tables, and tables
 * that scroll in their own box on a phone. axe runs on both in every-page.spec.ts.
 */
import { loadCatalog } from "../../src/catalog/load.ts";
import { loadPrices } from "../../src/prices/load.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };
const prices = loadPrices();
const catalog = loadCatalog();
const unpriced = catalog.filter((g) => !prices.some((p) => p.gpuId === g.id));
const cnyRows = prices.filter((p) => p.currency === "CNY");

/**
 * Whole days from a row's date to the day the page says it was built (its CNY table's caption
 * names it): the page counts ages to its build day, and the tests may run on a later one.
 */
const builtOn = async (page: Page) => {
  const caption = await page.locator("table[data-cny-table] caption").textContent();
  const day = /\d{4}-\d{2}-\d{2}/.exec(caption ?? "")?.[0];
  expect(day, "the CNY table's caption names the build day").toBeDefined();
  return (date: string) => Math.round((Date.parse(day!) - Date.parse(date)) / 86_400_000);
};

for (const {
  path,
  kind,
  date,
  age,
  days,
  unpricedTitle,
  sourceKind,
  stale,
  reference,
  rates,
  ecbSource,
  priceNote,
} of [
  {
    path: "/en/guides/reference-prices/",
    kind: "On-demand",
    date: "Date read",
    age: "Age",
    days: (n: number) => `${n} days`,
    unpricedTitle: "GPUs with no sourced price",
    sourceKind: { primary: "Provider page", copy: "Dated copy" },
    stale: "history: never used in a ranking",
    reference: "reference price",
    rates: "Exchange rates",
    ecbSource: "ECB euro foreign exchange reference rates (USD and CNY against EUR, then cross)",
    priceNote: "Billed per second. Unchanged since 2026-09-25.",
  },
  {
    path: "/guides/reference-prices/",
    kind: "按量",
    date: "读取日期",
    age: "距今",
    days: (n: number) => `${n} 天`,
    unpricedTitle: "没有来源价格的 GPU",
    sourceKind: { primary: "服务商页面", copy: "带日期副本" },
    stale: "历史价格：不参与排名",
    reference: "参考价",
    rates: "汇率",
    ecbSource: "欧洲央行（ECB）欧元外汇参考汇率（USD 与 CNY 对 EUR，再交叉换算）",
    priceNote: "按秒计费。自 2026-09-25 起未变。",
  },
]) {
  test(`the price table shows a sourced, dated row (${path})`, async ({ page }) => {
    await page.goto(path);
    const daysSince = await builtOn(page);
    const table = page.locator('table[data-gpu="h100-sxm"]');
    await expect(table.getByRole("columnheader", { name: date })).toBeVisible();
    // AWS p5.48xlarge: 55.04 USD per 8-GPU instance-hour, read on 2026-11-09.
    const row = table.locator('tr[data-price="aws-p5-48xlarge-us-east-1"]');
    await expect(row.locator("th")).toHaveText("AWS");
    await expect(row.locator("td").nth(0)).toHaveText("us-east-1");
    await expect(row.locator("td").nth(2)).toHaveText("8");
    await expect(row.locator("td").nth(3).locator(".price")).toHaveText("6.88 USD");
    await expect(row.locator("td").nth(3)).toContainText("55.04 USD");
    await expect(row.locator("td").nth(4)).toContainText(kind);
    await expect(row.locator("time")).toHaveAttribute("datetime", "2026-11-09");
    await expect(row.locator("time")).toHaveText("2026-11-09");
    await expect(table.getByRole("columnheader", { name: age })).toBeVisible();
    await expect(row.locator("td").nth(6)).toHaveText(days(daysSince("2026-11-09")));
    await expect(row.locator("td").nth(7).getByRole("link")).toHaveAttribute(
      "href",
      /^https:\/\/raw\.githubusercontent\.com\/datareceipts\//,
    );
    // A row's caveat, in the page's language.
    await expect(
      page.locator('tr[data-price="runpod-h100-pcie-secure-cloud"] .product small'),
    ).toHaveText(priceNote);
    // Every GPU without a sourced price is named.
    await expect(page.getByRole("heading", { name: unpricedTitle })).toBeVisible();
    const named = page.locator("[data-unpriced]");
    for (const gpu of unpriced) await expect(named).toContainText(gpu.name);
    // The CNY section names the providers; the V100's 2021 Tencent row is still listed.
    await expect(page.locator("#cny")).toBeVisible();
    await expect(page.locator("[data-cny]")).toContainText("Tencent Cloud");
    const tencent = page
      .locator('table[data-gpu="v100-sxm2-32gb"] tbody tr', { hasText: "CNY" })
      .filter({ hasText: "Tencent Cloud" });
    await expect(tencent.first().locator(".price")).toHaveText("11.98 CNY");
  });

  test(`every CNY row is listed with its date, age and source kind (${path})`, async ({ page }) => {
    await page.goto(path);
    const daysSince = await builtOn(page);
    const table = page.locator("table[data-cny-table]");
    await expect(table.locator("tbody tr")).toHaveCount(cnyRows.length);
    expect(cnyRows.length).toBeGreaterThan(3);
    for (const p of cnyRows) {
      const row = table.locator(`tr[data-cny-row="${p.id}"]`);
      await expect(row.locator("th")).toHaveText(catalog.find((g) => g.id === p.gpuId)!.name);
      await expect(row.locator("time")).toHaveAttribute("datetime", p.date);
      await expect(row.locator("time")).toHaveText(p.date);
      await expect(row.locator("td").nth(3)).toContainText(days(daysSince(p.date)));
      const link = row.locator("td").nth(4).getByRole("link");
      await expect(link).toHaveText(sourceKind[p.sourceKind]);
      await expect(link).toHaveAttribute("href", p.url);
      // Rows older than a year are history; current ones are not.
      if (daysSince(p.date) > 365) await expect(row).toContainText(stale);
      else await expect(row).not.toContainText(stale);
    }
    // No history row is a reference price in the tables by GPU: none is used in a ranking.
    for (const p of cnyRows.filter((r) => daysSince(r.date) > 365)) {
      const row = page.locator(`table[data-gpu] tr[data-price="${p.id}"]`);
      await expect(row).toContainText(stale);
      await expect(row).not.toContainText(reference);
    }
    // A known current row, as listed: 算家云's RTX 4090 at 1.24 CNY per GPU-hour.
    await expect(table.locator('tr[data-cny-row="suanjiayun-rtx-4090-cny"] .price')).toHaveText(
      "1.24 CNY",
    );
  });

  test(`the exchange rates are listed with their date and source (${path})`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: rates, exact: true })).toBeVisible();
    const table = page.locator("table[data-rates-table]");
    // The ECB cross of 2026-05-08: 1 USD = 6.8012 CNY, the newest reading, listed first.
    const ecb = table.locator('tr[data-rate="usd-cny-2026-05-08-ecb-cross"]');
    await expect(ecb.locator("time")).toHaveText("2026-05-08");
    await expect(ecb).toContainText("1 USD = 6.8012 CNY");
    // The source and its note in the page's language.
    await expect(ecb.getByRole("link")).toHaveText(ecbSource);
    await expect(ecb.getByRole("link")).toHaveAttribute(
      "href",
      "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml",
    );
    await expect(table.locator("tbody tr").first()).toHaveAttribute(
      "data-rate",
      "usd-cny-2026-05-08-ecb-cross",
    );
  });

  test(`the price tables scroll in their own box at 390 px (${path})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    const sizes = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      const box = document.querySelector('table[data-gpu="h100-sxm"]')?.parentElement;
      return {
        page: root.scrollWidth - root.clientWidth,
        box: box ? box.scrollWidth - box.clientWidth : 0,
      };
    });
    expect(sizes.page).toBeLessThanOrEqual(0);
    expect(sizes.box).toBeGreaterThan(0);
  });
}
