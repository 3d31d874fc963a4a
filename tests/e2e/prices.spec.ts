/**
 * The reference-price page in both languages: a known row with its date and currency, the
 * statements beside the tables, and tables that scroll in their own box on a phone. axe runs
 * on both in every-page.spec.ts.
 */
import { loadCatalog } from "../../src/catalog/load.ts";
import { loadPrices } from "../../src/prices/load.ts";
import { expect, test } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };
const prices = loadPrices();
const catalog = loadCatalog();
const unpriced = catalog.filter((g) => !prices.some((p) => p.gpuId === g.id));

for (const { path, kind, date, unpricedTitle } of [
  {
    path: "/en/guides/reference-prices/",
    kind: "On-demand",
    date: "Date read",
    unpricedTitle: "GPUs with no sourced price",
  },
  {
    path: "/guides/reference-prices/",
    kind: "按量",
    date: "读取日期",
    unpricedTitle: "没有来源价格的 GPU",
  },
]) {
  test(`the price table shows a sourced, dated row (${path})`, async ({ page }) => {
    await page.goto(path);
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
    await expect(row.locator("td").nth(6).getByRole("link")).toHaveAttribute(
      "href",
      /^https:\/\/raw\.githubusercontent\.com\/datareceipts\//,
    );
    // Every GPU without a sourced price is named.
    await expect(page.getByRole("heading", { name: unpricedTitle })).toBeVisible();
    const named = page.locator("[data-unpriced]");
    for (const gpu of unpriced) await expect(named).toContainText(gpu.name);
    // The only CNY rows are old list prices, and the page says which and how old.
    await expect(page.locator("#cny")).toBeVisible();
    await expect(page.locator("[data-cny]")).toContainText("Tencent Cloud");
    await expect(page.locator("[data-cny]")).toContainText("2021-05-25");
    const cny = page.locator('table[data-gpu="v100-sxm2-32gb"] tbody tr', { hasText: "CNY" });
    await expect(cny.first().locator(".price")).toHaveText("11.98 CNY");
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
