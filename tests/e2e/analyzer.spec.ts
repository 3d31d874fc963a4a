/**
 * The run-log analyzer page: upload fixture logs and check the numbers a user sees; malformed
 * lines, probe JSON, the two-node verdict, "Use these measurements", the size refusal, axe,
 * keyboard use and both languages. Expected figures are worked out by hand from the fixtures
 * (tests/fixtures/run-logs/) and the catalog's figures, as each comment says.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page, Route } from "@playwright/test";
import { MAX_LOG_BYTES } from "../../src/run-log/index.ts";
import { axe } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const EN = "/en/guides/analyze-a-run/";
const ZH = "/guides/analyze-a-run/";
const fixturePath = (name: string) =>
  fileURLToPath(new URL(`../fixtures/run-logs/${name}`, import.meta.url));

async function open(page: Page, path = EN) {
  await page.goto(path);
  const island = page.locator("section.an");
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute("data-hydrated", "true");
  return island;
}

async function upload(page: Page, name: string, input = "#an-a-file") {
  await page.setInputFiles(input, fixturePath(name));
}

interface Row {
  peak: string;
  rec: string;
  warmup: string;
  window: string;
}

async function expectGpuRows(page: Page, expected: Row[]) {
  const rows = page.getByTestId("gpu-table").locator("tbody tr");
  await expect(rows).toHaveCount(expected.length);
  for (const [i, r] of expected.entries()) {
    const row = rows.nth(i);
    for (const k of ["peak", "rec", "warmup", "window"] as const)
      await expect(row.locator(`[data-k="${k}"]`)).toHaveText(r[k]);
  }
}

/**
 * single-gpu-warmup.csv (and the probe file's samples): peak 18944 MiB; × 1.2 = 22732.8 MiB
 * = 23.84 GB, rented as 23.9 GB (rounded up to 0.1 GB, as every calculator does). Warm-up
 * ends at the first busy sample, 12:01:30.125 (90 s after 12:00:00.124); the steady window
 * ends at the last busy one, 12:14:29.126 (869 s), 779.001 s long.
 */
const SINGLE: Row = { peak: "18,944", rec: "23.9", warmup: "90", window: "90–869" };
const STEADY_SECONDS = 779.001;
const perHour = (work: number, seconds: number) => (work / seconds) * 3600;
const fmt = (v: number, digits: number, locale = "en") =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v);

test("server HTML: instructions and disabled inputs, no results", async ({ page }) => {
  await page.route("**/_astro/*.js", (route) => route.abort());
  await page.goto(EN);
  await expect(page.getByRole("heading", { name: "Analyze a run log", level: 2 })).toBeVisible();
  await expect(page.locator("#an-a-file")).toBeDisabled();
  await expect(page.getByTestId("results")).toHaveCount(0);
});

test("single GPU with warm-up: peak, memory to rent, warm-up and steady window", async ({
  page,
}) => {
  await open(page);
  await upload(page, "single-gpu-warmup.csv");
  await expectGpuRows(page, [SINGLE]);
  const row = page.getByTestId("gpu-table").locator("tbody tr").first();
  // × 1.15 = 22.84 GB and × 1.25 = 24.83 GB, rounded up. The catalog's smallest memory.total
  // over 22732.8 MiB is the A10's (and A10G's) 23028 MiB (content/gpus.json; the T4 has
  // 15360, the L4 23034).
  await expect(row.locator('[data-k="range"]')).toHaveText("22.9–24.9");
  await expect(row.locator('[data-k="fit"]')).toHaveText("NVIDIA A10 (24 GB, 23,028 MiB)");
  const summary = page.getByTestId("timeline-summary");
  await expect(summary).toContainText("warm-up of 90 s excluded");
  await expect(summary).toContainText("peak 18,944 MiB");
  await expect(page.getByTestId("malformed")).toHaveText("No malformed lines.");
  await expect(page.locator("svg.an-chart rect.an-warmup")).toHaveCount(1);
  // Headroom 25% re-analyses without re-parsing: 18944 × 1.25 = 23680 MiB = 24.83 GB → 24.9.
  await page.getByLabel("Headroom (%)").fill("25");
  await expect(row.locator('[data-k="rec"]')).toHaveText("24.9");
  await expect(page.getByTestId("gpu-table").locator("th").nth(3)).toHaveText(
    "To rent with 25% headroom (GB)",
  );
  // Throughput over the steady window: 100,000 samples in 779.001 s.
  await page.getByLabel("Work done").fill("100000");
  await expect(page.getByTestId("throughput")).toContainText(
    `${fmt(perHour(100000, STEADY_SECONDS), 0)} samples per hour`,
  );
  await expect(page.getByTestId("throughput")).toContainText("462,130 samples per hour");
  await expect(page.locator("section.an")).not.toContainText(/NaN|Infinity|undefined/);
});

test("two GPUs interleaved: one row per GPU, chart per GPU", async ({ page }) => {
  await open(page);
  await upload(page, "two-gpus-interleaved.csv");
  // Peaks 62000 and 60500 MiB: × 1.2 = 78.01 and 76.13 GB, rented as 78.1 and 76.2 GB; both
  // GPUs turn busy 30 s in and the window ends at 299 s.
  await expectGpuRows(page, [
    { peak: "62,000", rec: "78.1", warmup: "30", window: "30–299" },
    { peak: "60,500", rec: "76.2", warmup: "30", window: "30–299" },
  ]);
  await page.getByLabel("GPU shown").selectOption("1");
  await expect(page.getByTestId("timeline-summary")).toContainText("GPU 1:");
  await expect(page.locator("section.an")).not.toContainText(/NaN|Infinity|undefined/);
});

test("malformed lines are counted and their line numbers shown", async ({ page }) => {
  await open(page);
  await upload(page, "malformed.csv");
  // By hand from malformed.csv: too few fields (5), "abc" (8), month 13 (11), unit XB (15),
  // 150 % (17), index "x" (22); the blank line 13 is not malformed.
  await expect(page.getByTestId("malformed")).toHaveText(
    "6 malformed lines were skipped and are in no figure. First line numbers: 5, 8, 11, 15, 17, 22.",
  );
  // Peak 6000 MiB (line 20, whose utilisation is [N/A]): × 1.2 = 7.55 GB → 7.6.
  await expectGpuRows(page, [{ peak: "6,000", rec: "7.6", warmup: "0", window: "0–22" }]);
});

test("pasted probe JSON: figures and throughput from its progress log", async ({ page }) => {
  const json = readFileSync(fixturePath("probe-single-gpu.json"), "utf8");
  await open(page);
  await page.getByLabel("Or paste the log here").fill(json);
  await page.getByRole("button", { name: "Analyze pasted text" }).click();
  await expectGpuRows(page, [SINGLE]);
  await expect(page.getByText("Environment (from the probe)")).toBeVisible();
  // The progress log counts 50 samples a second: 180,000 per hour.
  await expect(page.getByTestId("throughput")).toContainText("180,000 samples per hour");
  await expect(page.getByTestId("run-summary")).toContainText("Pasted log:");
});

test("two-run comparison shows the paper and measured ratios and the verdict", async ({ page }) => {
  const workA = 100000;
  const workB = 110000;
  // Run A: one RTX 4090 (BF16 dense 165.2 TFLOPS), 100,000 samples in 779.001 s. Run B: two
  // A100 80GB SXM (312 each, 624 TFLOPS), 110,000 samples in the window both GPUs share,
  // 30.007 s to 299.001 s (268.994 s).
  const paper = 624 / 165.2;
  const measured = perHour(workB, 268.994) / perHour(workA, STEADY_SECONDS);
  // 3.19 measured against 3.78 on paper: at least 80% of the paper gap, GPU-bound.
  expect(measured).toBeGreaterThanOrEqual(0.8 * paper);
  await open(page);
  await upload(page, "single-gpu-warmup.csv");
  await page.getByLabel("Work done", { exact: true }).fill(String(workA));
  await upload(page, "two-gpus-interleaved.csv", "#an-b-file");
  await expect(page.locator("#an-cmp-gpu-a")).toHaveValue("rtx-4090");
  await expect(page.locator("#an-cmp-gpu-b")).toHaveValue("a100-80gb-sxm");
  await page.getByLabel("Work done in run B (samples)").fill(String(workB));
  const result = page.getByTestId("compare-result");
  await expect(result.locator(".an-verdict")).toHaveAttribute("data-verdict", "gpu-bound");
  await expect(result).toContainText(`${fmt(paper, 2)}×`);
  await expect(result).toContainText(`${fmt(measured, 2)}×`);
});

for (const c of [
  {
    path: EN,
    locale: "en",
    saved: "Saved: peak 19.9 GB, 23.9 GB to rent.",
    hours: "Single-GPU hours set to 108.19.",
  },
  {
    path: ZH,
    locale: "zh-CN",
    saved: "已保存：显存峰值 19.9 GB，应租 23.9 GB。",
    hours: "单卡耗时已设为 108.19 小时。",
  },
])
  test(`Use these measurements stores them and sets the single-GPU hours (${c.locale})`, async ({
    page,
  }) => {
    const work = 100000;
    const total = 5e7;
    // 5e7 samples at 100,000 per 779.001 s (462,130 an hour) on one GPU: 108.19 hours.
    const hours = Math.round((total / perHour(work, STEADY_SECONDS)) * 100) / 100;
    expect(hours).toBe(108.19);
    await open(page, c.path);
    await upload(page, "single-gpu-warmup.csv");
    await page.locator("#an-amount").fill(String(work));
    await expect(page.getByTestId("throughput")).toContainText(fmt(462_130, 0, c.locale));
    await page.locator("#an-total").fill(String(total));
    await page
      .locator("section.an button", { hasText: /Use these measurements|使用这些实测数据/ })
      .click();
    const status = page.getByTestId("use-status");
    // Peak 18944 MiB = 19,864,223,744 bytes = 19.9 GB; 23.9 GB to rent.
    await expect(status).toContainText(c.saved);
    await expect(status).toContainText(c.hours);
    const base = c.locale === "en" ? "/en" : "";
    await expect(status.locator("a").first()).toHaveAttribute("href", `${base}/guides/total-cost/`);
    await expect(status.locator("a").nth(1)).toHaveAttribute(
      "href",
      `${base}/guides/choosing-a-gpu/`,
    );
    const stored = await page.evaluate(() => ({
      cost: localStorage.getItem("gpu-calc:k:v2"),
      measured: localStorage.getItem("gpu-calc:measured:v2"),
    }));
    const cost = JSON.parse(stored.cost ?? "{}") as { singleGpuHours?: number };
    expect(cost.singleGpuHours).toBe(hours);
    const measured = JSON.parse(stored.measured ?? "{}") as {
      peakMemoryBytes?: number;
      recommendedBytes?: number;
      workUnit?: string;
    };
    expect(measured.peakMemoryBytes).toBe(18944 * 2 ** 20);
    expect(measured.recommendedBytes).toBeCloseTo(18944 * 2 ** 20 * 1.2, 0);
    expect(measured.workUnit).toBe("samples");
    // The cost calculator shows the new hours.
    await page.goto(`${base}/guides/total-cost/`);
    const field = page.locator('input[id$="singleGpuHours"]').first();
    await field.scrollIntoViewIfNeeded();
    await expect(field).toBeEnabled();
    await expect(field).toHaveValue(String(hours));
  });

test("single-GPU hours the cost calculator cannot take are refused, not clamped", async ({
  page,
}) => {
  await open(page);
  await upload(page, "single-gpu-warmup.csv");
  await page.locator("#an-amount").fill("100000");
  // 1e12 samples at 462,130 an hour: 2,163,891.67 hours, over the cost field's 1,000,000.
  await page.locator("#an-total").fill("1e12");
  await page.getByRole("button", { name: "Use these measurements" }).click();
  await expect(page.getByTestId("use-status")).toContainText(
    "Single-GPU hours not set: 2,163,891.67 is outside what the cost calculator takes (0 to 1,000,000).",
  );
  const cost = await page.evaluate(() => localStorage.getItem("gpu-calc:k:v2"));
  expect(JSON.parse(cost ?? "{}")).not.toHaveProperty("singleGpuHours");
});

test("an input over MAX_LOG_BYTES is refused with a message", async ({ page }) => {
  await open(page);
  await page.evaluate((size) => {
    const input = document.querySelector<HTMLInputElement>("#an-a-file");
    if (!input) throw new Error("no input");
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(size)], "huge.csv", { type: "text/csv" }));
    input.files = dt.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, MAX_LOG_BYTES + 1);
  await expect(page.getByTestId("an-a-msg")).toContainText("Refused");
  await expect(page.getByTestId("results")).toHaveCount(0);
});

test("the GPU catalog loads with the first log; when it fails the log is not read, and loading again reads it", async ({
  page,
  pageProblems,
}) => {
  await open(page);
  const blocked = (route: Route) => route.abort();
  await page.route("**/engine-data/*.json", blocked);
  await upload(page, "single-gpu-warmup.csv");
  await expect(page.getByTestId("an-a-msg")).toContainText("could not be read");
  await expect(page.getByTestId("results")).toHaveCount(0);
  await page.unroute("**/engine-data/*.json", blocked);
  // The page cleared the input once it took the file, so choosing the same file again is a
  // change a browser reports (it reports none for the file an input already holds).
  await expect(page.locator("#an-a-file")).toHaveValue("");
  await upload(page, "single-gpu-warmup.csv");
  // Matched against the catalog that came with it: the same rows as without the failure.
  await expectGpuRows(page, [SINGLE]);
  // The failed requests are this test's doing (each request to the worker asks for the
  // catalog until it has it); any other problem still fails it.
  const blockedLoads = pageProblems.filter((p) => p.includes("net::ERR_FAILED"));
  expect(blockedLoads.length).toBeGreaterThanOrEqual(1);
  const others = pageProblems.filter((p) => !p.includes("net::ERR_FAILED"));
  pageProblems.splice(0, pageProblems.length, ...others);
});

test("keyboard: paste, Tab to the button, analyze with Enter", async ({ page }) => {
  const text = readFileSync(fixturePath("crlf.csv"), "utf8");
  await open(page);
  await page.locator("#an-a-paste").focus();
  await page.keyboard.insertText(text);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Analyze pasted text" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("gpu-table")).toBeVisible();
  // An A10 peaking at 9290 MiB: × 1.2 = 11148 MiB = 11.69 GB → 11.7; busy from the start.
  await expectGpuRows(page, [{ peak: "9,290", rec: "11.7", warmup: "0", window: "0–29" }]);
});

test("axe: no violations with a log loaded", async ({ page }) => {
  await open(page);
  await upload(page, "idle-gaps.csv");
  await expect(page.getByTestId("gpu-table")).toBeVisible();
  // Scoped to the island: the site shell has its own a11y spec.
  const results = await axe(page).include("section.an").analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
});

test("zh-CN renders and analyses", async ({ page }) => {
  await open(page, ZH);
  await expect(page.getByRole("heading", { name: "分析运行日志", level: 2 })).toBeVisible();
  await upload(page, "single-gpu-warmup.csv");
  await expect(page.getByTestId("gpu-table")).toContainText("显存峰值");
  await expect(page.getByTestId("gpu-table").locator("th").nth(3)).toHaveText(
    "留 20% 余量后应租（GB）",
  );
  await expect(page.getByTestId("timeline-summary")).toContainText("剔除了 90 秒预热");
  await expectGpuRows(page, [SINGLE]);
  const row = page.getByTestId("gpu-table").locator("tbody tr").first();
  await expect(row.locator('[data-k="range"]')).toHaveText("22.9–24.9");
  await page.locator("#an-headroom").fill("50");
  // 18944 × 1.5 = 28416 MiB = 29.80 GB → 29.8.
  await expect(row.locator('[data-k="rec"]')).toHaveText("29.8");
  await expect(page.locator("#an-headroom-advice")).toContainText("50% 不在建议的 15%–25% 之内。");
});

test("a 10 MB log loads without a main-thread task over 100 ms, with a progress bar", async ({
  page,
}) => {
  const lines = [
    "timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%], power.draw [W]",
  ];
  const t0 = Date.UTC(2024, 4, 1, 12) / 1000;
  let size = lines[0]?.length ?? 0;
  for (let i = 0; size < 10 * 1024 * 1024; i++) {
    const d = new Date((t0 + Math.floor(i / 2)) * 1000)
      .toISOString()
      .replace("T", " ")
      .replace("Z", "")
      .replace(/-/g, "/");
    const line = `${d}, ${i % 2}, NVIDIA A100-SXM4-80GB, ${i < 200 ? 2000 + i * 100 : 40000 + (i % 7)} MiB, 81920 MiB, ${i < 200 ? 20 : 90 + (i % 5)} %, 300.00 W`;
    lines.push(line);
    size += line.length + 1;
  }
  const dir = mkdtempSync(join(tmpdir(), "analyzer-"));
  const file = join(dir, "big.csv");
  writeFileSync(file, lines.join("\n"));
  await open(page);
  await page.evaluate(() => {
    (window as unknown as { longest: number }).longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        (window as unknown as { longest: number }).longest = Math.max(
          (window as unknown as { longest: number }).longest,
          e.duration,
        );
    }).observe({ type: "longtask", buffered: false });
  });
  await page.setInputFiles("#an-a-file", file);
  await expect(page.locator(".an-progress progress")).toBeVisible();
  await expect(page.getByTestId("gpu-table").locator("tbody tr")).toHaveCount(2, {
    timeout: 20_000,
  });
  const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
  expect(longest).toBeLessThanOrEqual(100);
});
