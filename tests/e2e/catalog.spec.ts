import type { Page } from "@playwright/test";
import { loadGpuSpecs } from "../../src/catalog/load.ts";
import { expect, test } from "./fixtures.ts";

test("the catalog table sorts by a numeric column and filters by name", async ({ page }) => {
  await page.goto("/en/gpus/");
  const names = () => page.locator("#gpu-table tbody tr:not([hidden]) th").allInnerTexts();
  const memoryValues = () =>
    page
      .locator("#gpu-table tbody tr")
      .evaluateAll((rows) =>
        rows.map((r) => Number((r as HTMLTableRowElement).cells[1]?.dataset["value"])),
      );

  const sortBandwidth = page.getByRole("button", { name: "Bandwidth (GB/s)" });
  await sortBandwidth.click();
  await expect(page.getByRole("columnheader", { name: "Bandwidth (GB/s)" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  const bandwidths = await page
    .locator("#gpu-table tbody tr")
    .evaluateAll((rows) =>
      rows.map((r) => Number((r as HTMLTableRowElement).cells[3]?.dataset["value"])),
    );
  expect(bandwidths).toEqual([...bandwidths].sort((a, b) => a - b));
  await sortBandwidth.click();
  const first = (await names())[0] ?? "";
  expect(first).toContain("B200");

  await page.getByRole("button", { name: "Memory as sold (GB)" }).click();
  const memories = await memoryValues();
  expect(memories).toEqual([...memories].sort((a, b) => a - b));

  await page.getByLabel("Filter by name").fill("4090");
  const shown = await names();
  expect(shown.length).toBe(2);
  for (const name of shown) expect(name).toContain("4090");
});

test("the catalog shows dense datasheet figures with sources", async ({ page }) => {
  await page.goto("/gpus/");
  const row = page.locator("tr#rtx-4090");
  await expect(row.locator("td").nth(0)).toHaveText("24");
  await expect(row.locator("td").nth(3)).toHaveText("82.6");
  await expect(row.locator("td").nth(5)).toContainText("165.2");
  const a100 = page.locator("tr#a100-80gb-sxm");
  await expect(a100.locator("td").nth(3)).toHaveText("19.5");
  await expect(a100.locator("td").nth(5)).toContainText("312");
  await expect(page.locator("tr#h20 td").nth(3)).toContainText("?");
  await expect(page.getByRole("heading", { name: "原文 GPU 对比表中的错误" })).toBeVisible();
});

test("the catalog shows each GPU's link kind and bandwidth in both languages", async ({ page }) => {
  await page.goto("/en/gpus/");
  const h100 = page.locator("tr#h100-sxm .link-cell");
  await expect(h100).toContainText("NVLink through NVSwitch");
  await expect(h100).toContainText("900 GB/s per GPU, both directions");
  await expect(h100).toContainText("PCIe Gen5 x16");
  const rtx4090 = page.locator("tr#rtx-4090 .link-cell");
  await expect(rtx4090).toContainText("No GPU-to-GPU link: PCIe only");
  await expect(rtx4090).toContainText("no PCIe peer-to-peer with the stock driver");
  await expect(page.locator("tr#a100-40gb-pcie .link-cell")).toContainText("NVLink bridge");
  // A figure no document supports reads as unknown, not as a format the GPU lacks.
  await expect(page.locator("tr#ascend-910b td").nth(2)).toHaveText("?");

  await page.goto("/gpus/");
  await expect(page.locator("tr#h100-sxm .link-cell")).toContainText("NVLink 经 NVSwitch");
  await expect(page.locator("tr#h100-sxm .link-cell")).toContainText("900 GB/s（每卡，双向合计）");
  await expect(page.locator("tr#rtx-4090 .link-cell")).toContainText("没有卡间直连：仅 PCIe");
  await expect(page.locator("tr#mi300x .link-cell")).toContainText("AMD Infinity Fabric");
});

test("the catalog shows memory as sold beside the usable memory nvidia-smi reports", async ({
  page,
}) => {
  const usable = (id: string) => page.locator(`tr#${id} td`).nth(1);
  await page.goto("/en/gpus/");
  await expect(page.getByRole("columnheader", { name: "Usable (nvidia-smi, MiB)" })).toBeVisible();
  // Binary-sized chips; GDDR data-center cards keep 1/16 for ECC; HBM loses almost nothing.
  await expect(page.locator("tr#rtx-4090 td").nth(0)).toHaveText("24");
  await expect(usable("rtx-4090")).toHaveText("24,564");
  await expect(usable("t4")).toHaveText("15,360");
  await expect(usable("a100-80gb-sxm")).toHaveText("81,920");
  await expect(usable("rtx-4090")).toHaveAttribute("title", /RLinf/);
  // A total with no citable printout is marked, with how it was derived in its title.
  await expect(usable("v100-pcie")).toContainText("?");
  await expect(usable("v100-pcie")).toHaveAttribute("title", /derived/);
  await expect(page.locator("tr#a10g th small")).toContainText("AWS EC2 G5 instances only");

  await page.goto("/gpus/");
  await expect(
    page.getByRole("columnheader", { name: "可用显存（nvidia-smi，MiB）" }),
  ).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "标称显存（GB）" })).toBeVisible();
  await expect(usable("l40s")).toHaveText("46,068");
  // The figures' notes, the sources and the form factors in Chinese, names kept.
  await expect(usable("v100-pcie")).toHaveAttribute("title", /^推算：/);
  await expect(usable("rtx-4090")).toHaveAttribute("title", /RLinf/);
  await expect(page.locator("tr#a10g th small")).toContainText("仅见于 AWS EC2 G5 实例");
});
const CATALOG = loadGpuSpecs();
const LANGS = [
  { lang: "en", path: "/en/gpus/", none: "No GPU matches “zzz”.", shown: "of" },
  { lang: "zh-cn", path: "/gpus/", none: "没有与“zzz”匹配的 GPU。", shown: "显示" },
] as const;

for (const c of LANGS) {
  test.describe(c.lang, () => {
    const visibleIds = (page: Page) =>
      page
        .locator("#gpu-table tbody tr:not([hidden])")
        .evaluateAll((rows) => rows.map((r) => r.id));

    test("the filter matches memory sizes and vendors as well as names", async ({ page }) => {
      await page.goto(c.path);
      const filter = page.locator("#gpu-filter");
      const with80 = CATALOG.filter((g) => g.memoryGB === 80).map((g) => g.id);
      expect(with80).toEqual(expect.arrayContaining(["h100-pcie", "h800-sxm"]));
      for (const query of ["80GB", "80 GB", "80gb"]) {
        await filter.fill(query);
        expect((await visibleIds(page)).sort()).toEqual([...with80].sort());
      }
      // A bare number is a memory size or part of a name.
      await filter.fill("80");
      const bare = await visibleIds(page);
      for (const id of with80) expect(bare).toContain(id);
      await filter.fill("amd");
      expect((await visibleIds(page)).sort()).toEqual(
        CATALOG.filter((g) => g.vendor === "AMD")
          .map((g) => g.id)
          .sort(),
      );
      await filter.fill("nvidia 24gb");
      expect((await visibleIds(page)).sort()).toEqual(
        CATALOG.filter((g) => g.vendor === "NVIDIA" && g.memoryGB === 24)
          .map((g) => g.id)
          .sort(),
      );
      await expect(page.locator("#gpu-filter-status")).toContainText(c.shown);
    });

    test("an empty result says so, and clearing the filter brings every GPU back", async ({
      page,
    }) => {
      await page.goto(c.path);
      const filter = page.locator("#gpu-filter");
      await filter.fill("zzz");
      expect(await visibleIds(page)).toEqual([]);
      await expect(page.getByRole("status").filter({ hasText: c.none })).toBeVisible();
      await filter.fill("");
      expect(await visibleIds(page)).toHaveLength(CATALOG.length);
      await expect(page.locator("#gpu-filter-status")).toBeEmpty();
    });

    test("on a phone the name column stays in view and headings never stack letters", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(c.path);
      const box = page.locator(".table-scroll").first();
      await box.evaluate((el) => (el.scrollLeft = 400));
      const left = await box.evaluate((el) => el.getBoundingClientRect().left);
      const name = page.locator("#gpu-table tbody th").first();
      expect(await name.evaluate((el) => el.getBoundingClientRect().left)).toBeCloseTo(left, 0);
      // Opaque, so the figures that slide under it do not show through.
      expect(await name.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
        "rgba(0, 0, 0, 0)",
      );
      await expectHeadingsReadable(page, "#gpu-table thead th");
    });
  });
}

/** No heading wraps a character per line: every line of its text holds two or more. */
async function expectHeadingsReadable(page: Page, selector: string): Promise<void> {
  const headings = await page.locator(selector).evaluateAll((cells) =>
    cells.map((cell) => {
      // Where each visible character lands: characters sharing a top share a line.
      const perLine = new Map<number, number>();
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let i = 0; i < text.length; i++) {
          if (/\s/.test(text[i] ?? "")) continue;
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top / 4);
          perLine.set(top, (perLine.get(top) ?? 0) + 1);
        }
      }
      return { text: cell.textContent ?? "", shortest: Math.min(...perLine.values()) };
    }),
  );
  for (const h of headings)
    if (h.text.trim().length > 1) expect(h.shortest, h.text).toBeGreaterThanOrEqual(2);
}

for (const [lang, path] of [
  ["en", "/en/guides/choosing-a-gpu/"],
  ["zh-cn", "/guides/choosing-a-gpu/"],
] as const) {
  test(`the fit table's headings never stack letters, on a phone (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const table = page.locator('table[data-table="fit"]');
    await table.scrollIntoViewIfNeeded();
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await expectHeadingsReadable(page, 'table[data-table="fit"] thead th');
  });
}
