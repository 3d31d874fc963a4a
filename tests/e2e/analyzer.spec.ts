/**
 * The run-log analyzer page: upload fixture logs and check the numbers a user sees against
 * the pure core called directly; malformed lines, probe JSON, the two-node verdict, "Use these
 * measurements", the size refusal, axe, keyboard use and both languages.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { loadGpuSpecs } from "../../src/catalog/load.ts";
import {
  analyzeRun,
  compareRuns,
  matchCatalogGpu,
  MAX_LOG_BYTES,
  paperPeakTflops,
  parseNvidiaSmiCsv,
  parseProbeJson,
} from "../../src/run-log/index.ts";
import type { AnalysisOptions, ParsedLog, RunAnalysis } from "../../src/run-log/index.ts";
import { axe } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { singleGpuHoursFor } from "../../src/stores/measured.ts";

const EN = "/en/guides/analyze-a-run/";
const ZH = "/guides/analyze-a-run/";
const fixturePath = (name: string) =>
  fileURLToPath(new URL(`../fixtures/run-logs/${name}`, import.meta.url));
const catalog = loadGpuSpecs();

function parse(name: string): ParsedLog {
  const r = parseNvidiaSmiCsv(readFileSync(fixturePath(name), "utf8"));
  if (!r.ok) throw new Error(`refused ${name}`);
  return r.log;
}
const analyse = (name: string, opts: AnalysisOptions = {}): RunAnalysis =>
  analyzeRun(parse(name), { headroom: 0.2, catalog, ...opts });
const fmt = (v: number, digits: number) =>
  new Intl.NumberFormat("en", { maximumFractionDigits: digits }).format(v);

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

async function expectGpuRows(page: Page, a: RunAnalysis) {
  const rows = page.getByTestId("gpu-table").locator("tbody tr");
  await expect(rows).toHaveCount(a.gpus.length);
  for (const [i, g] of a.gpus.entries()) {
    const row = rows.nth(i);
    await expect(row.locator('[data-k="peak"]')).toHaveText(fmt(g.peakMemoryMiB, 0));
    await expect(row.locator('[data-k="rec"]')).toHaveText(fmt(g.recommended.gb, 1));
    await expect(row.locator('[data-k="warmup"]')).toHaveText(
      g.steady.found ? fmt(g.steady.warmupSeconds, 0) : "—",
    );
    await expect(row.locator('[data-k="window"]')).toHaveText(
      `${fmt(g.steady.startSeconds, 0)}–${fmt(g.steady.endSeconds, 0)}`,
    );
  }
}

test("server HTML: instructions and disabled inputs, no results", async ({ page }) => {
  await page.route("**/_astro/*.js", (route) => route.abort());
  await page.goto(EN);
  await expect(page.getByRole("heading", { name: "Analyze a run log", level: 2 })).toBeVisible();
  await expect(page.locator("#an-a-file")).toBeDisabled();
  await expect(page.getByTestId("results")).toHaveCount(0);
});

test("single GPU with warm-up: peak, recommended GB, warm-up and steady window match analyzeRun", async ({
  page,
}) => {
  const a = analyse("single-gpu-warmup.csv");
  const g = a.gpus[0];
  if (!g) throw new Error("no GPU");
  await open(page);
  await upload(page, "single-gpu-warmup.csv");
  await expectGpuRows(page, a);
  const summary = page.getByTestId("timeline-summary");
  await expect(summary).toContainText(`warm-up of ${fmt(g.steady.warmupSeconds, 0)} s excluded`);
  await expect(summary).toContainText(`peak ${fmt(g.peakMemoryMiB, 0)} MiB`);
  await expect(page.getByTestId("malformed")).toHaveText("No malformed lines.");
  await expect(page.locator("svg.an-chart rect.an-warmup")).toHaveCount(1);
  // Headroom 25% re-analyses without re-parsing.
  await page.getByLabel("Headroom (%)").fill("25");
  await expect(page.getByTestId("gpu-table").locator('[data-k="rec"]').first()).toHaveText(
    fmt(analyse("single-gpu-warmup.csv", { headroom: 0.25 }).gpus[0]?.recommended.gb ?? 0, 1),
  );
  // Throughput over the steady window.
  await page.getByLabel("Work done").fill("100000");
  const tp = analyse("single-gpu-warmup.csv", {
    workDone: { amount: 100000, unit: "samples", scope: "steady-window" },
  }).throughput;
  await expect(page.getByTestId("throughput")).toContainText(
    `${fmt(tp?.perHour ?? 0, 0)} samples per hour`,
  );
  await expect(page.locator("section.an")).not.toContainText(/NaN|Infinity|undefined/);
});

test("two GPUs interleaved: one row per GPU, chart per GPU", async ({ page }) => {
  const a = analyse("two-gpus-interleaved.csv");
  await open(page);
  await upload(page, "two-gpus-interleaved.csv");
  await expectGpuRows(page, a);
  await page.getByLabel("GPU shown").selectOption("1");
  await expect(page.getByTestId("timeline-summary")).toContainText("GPU 1:");
  await expect(page.locator("section.an")).not.toContainText(/NaN|Infinity|undefined/);
});

test("malformed lines are counted and their line numbers shown", async ({ page }) => {
  const log = parse("malformed.csv");
  expect(log.malformedCount).toBeGreaterThan(0);
  await open(page);
  await upload(page, "malformed.csv");
  const text = `${log.malformedCount} malformed lines were skipped and are in no figure. First line numbers: ${log.malformed
    .slice(0, 10)
    .map((m) => m.line)
    .join(", ")}.`;
  await expect(page.getByTestId("malformed")).toHaveText(text);
  await expectGpuRows(page, analyzeRun(log, { headroom: 0.2, catalog }));
});

test("pasted probe JSON: figures and throughput from its progress log", async ({ page }) => {
  const json = readFileSync(fixturePath("probe-single-gpu.json"), "utf8");
  const p = parseProbeJson(json);
  if (!p.ok) throw new Error("probe fixture refused");
  const a = analyzeRun(p.log, {
    headroom: 0.2,
    catalog,
    progress: p.progress,
    ...(p.probe.progressUnit ? { progressUnit: p.probe.progressUnit } : {}),
  });
  await open(page);
  await page.getByLabel("Or paste the log here").fill(json);
  await page.getByRole("button", { name: "Analyze pasted text" }).click();
  await expectGpuRows(page, a);
  await expect(page.getByText("Environment (from the probe)")).toBeVisible();
  if (a.throughput)
    await expect(page.getByTestId("throughput")).toContainText(
      `${fmt(a.throughput.perHour, 0)} ${a.throughput.unit} per hour`,
    );
});

test("two-run comparison shows the paper and measured ratios and the verdict", async ({ page }) => {
  const workA = 100000;
  const workB = 110000;
  const a = analyse("single-gpu-warmup.csv", {
    workDone: { amount: workA, unit: "samples", scope: "steady-window" },
  });
  const b = analyse("two-gpus-interleaved.csv", {
    workDone: { amount: workB, unit: "samples", scope: "steady-window" },
  });
  const specA = matchCatalogGpu(a.gpus[0]?.name ?? "", catalog, a.gpus[0]?.memoryTotalMiB ?? null);
  const specB = matchCatalogGpu(b.gpus[0]?.name ?? "", catalog, b.gpus[0]?.memoryTotalMiB ?? null);
  if (!specA || !specB) throw new Error("catalog match failed");
  const busy = (r: RunAnalysis) =>
    r.gpus.filter((g) => !g.findings.some((f) => f.code === "gpu-unused")).length;
  const expected = compareRuns(
    {
      throughputPerSecond: a.throughput?.perSecond ?? 0,
      paperPeakTflops: paperPeakTflops(specA, "bf16", busy(a)) ?? 0,
    },
    {
      throughputPerSecond: b.throughput?.perSecond ?? 0,
      paperPeakTflops: paperPeakTflops(specB, "bf16", busy(b)) ?? 0,
    },
  );
  if (!expected.ok) throw new Error("comparison failed");
  await open(page);
  await upload(page, "single-gpu-warmup.csv");
  await page.getByLabel("Work done", { exact: true }).fill(String(workA));
  await upload(page, "two-gpus-interleaved.csv", "#an-b-file");
  await expect(page.locator("#an-cmp-gpu-a")).toHaveValue(specA.id);
  await expect(page.locator("#an-cmp-gpu-b")).toHaveValue(specB.id);
  await page.getByLabel("Work done in run B (samples)").fill(String(workB));
  const result = page.getByTestId("compare-result");
  await expect(result.locator(".an-verdict")).toHaveAttribute("data-verdict", expected.verdict);
  await expect(result).toContainText(`${fmt(expected.paperRatio, 2)}×`);
  await expect(result).toContainText(`${fmt(expected.measuredRatio, 2)}×`);
});

test("Use these measurements stores them and sets the single-GPU hours", async ({ page }) => {
  const work = 100000;
  const total = 5e7;
  const a = analyse("single-gpu-warmup.csv", {
    workDone: { amount: work, unit: "samples", scope: "steady-window" },
  });
  const hours = singleGpuHoursFor(total, a.throughput?.perHour ?? 0, 1) ?? Number.NaN;
  await open(page);
  await upload(page, "single-gpu-warmup.csv");
  await page.getByLabel("Work done", { exact: true }).fill(String(work));
  await expect(page.getByTestId("throughput")).toContainText("per hour");
  await page.getByLabel("Total work to do (optional) (samples)").fill(String(total));
  await page.getByRole("button", { name: "Use these measurements" }).click();
  const status = page.getByTestId("use-status");
  await expect(status).toContainText(`Single-GPU hours set to ${fmt(hours, 1)}.`);
  await expect(status.getByRole("link", { name: "total cost" })).toHaveAttribute(
    "href",
    "/en/guides/total-cost/",
  );
  await expect(status.getByRole("link", { name: "choosing a GPU" })).toHaveAttribute(
    "href",
    "/en/guides/choosing-a-gpu/",
  );
  const stored = await page.evaluate(() => ({
    cost: localStorage.getItem("gpu-calc:k:v2"),
    measured: localStorage.getItem("gpu-calc:measured:v2"),
  }));
  const cost = JSON.parse(stored.cost ?? "{}") as { singleGpuHours?: number };
  expect(cost.singleGpuHours).toBe(hours);
  const measured = JSON.parse(stored.measured ?? "{}") as {
    peakMemoryBytes?: number;
    workUnit?: string;
  };
  expect(measured.peakMemoryBytes).toBe(a.gpus[0]?.peakMemoryBytes);
  expect(measured.workUnit).toBe("samples");
  // The cost calculator shows the new hours.
  await page.goto("/en/guides/total-cost/");
  const field = page.locator('input[id$="singleGpuHours"]').first();
  await field.scrollIntoViewIfNeeded();
  await expect(field).toBeEnabled();
  await expect(field).toHaveValue(String(hours));
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

test("keyboard: paste, Tab to the button, analyze with Enter", async ({ page }) => {
  const text = readFileSync(fixturePath("crlf.csv"), "utf8");
  await open(page);
  await page.locator("#an-a-paste").focus();
  await page.keyboard.insertText(text);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Analyze pasted text" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("gpu-table")).toBeVisible();
  await expectGpuRows(page, analyse("crlf.csv"));
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
  const a = analyse("single-gpu-warmup.csv");
  await open(page, ZH);
  await expect(page.getByRole("heading", { name: "分析运行日志", level: 2 })).toBeVisible();
  await upload(page, "single-gpu-warmup.csv");
  await expect(page.getByTestId("gpu-table")).toContainText("显存峰值");
  await expect(page.getByTestId("timeline-summary")).toContainText("预热");
  await expect(page.getByTestId("gpu-table").locator('[data-k="peak"]').first()).toHaveText(
    new Intl.NumberFormat("zh-CN", { maximumFractionDigits: 0 }).format(
      a.gpus[0]?.peakMemoryMiB ?? 0,
    ),
  );
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
