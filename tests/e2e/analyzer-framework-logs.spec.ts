/**
 * Trainer and server logs in the run analyzer, in both languages: the format is named back,
 * the measured throughput, memory and concurrency stand beside the estimate with their ratio,
 * and "use as basis" makes the decision table rank on the run and say so. Measured figures
 * are the readers' hand-worked ones (tests/unit/run-log/readers/, each derivation there):
 * - hf-trainer-console.log: 0.5 steps/s × 32 samples a step = 16 samples/s; × the
 *   calculators' 2,048-token sequences = 32,768 tokens/s on one GPU;
 * - vllm-v1-server.log: 1,580 output tokens/s; running max 64, median 64; waiting max 18,
 *   median 13; KV pool 686,320 tokens;
 * - sglang-0.5-server.log: 2,400 output tokens/s; running max 64, median 63.5; KV pool
 *   482,080 tokens;
 * - vllm-bench-serve.json: 256,000 output tokens / 125.6 s; in flight max 64, mean 63.9
 *   (Little's law from its mean TTFT and TPOT): a benchmark result is a basis too;
 * - sglang-bench-burst.jsonl: SGLang's default load, all 500 requests at once (request rate
 *   saved as Python's bare Infinity): 101,230 output tokens / 64.2 s; in flight max 500, mean
 *   187.28; set beside the estimate of the same burst, and the page says so.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, takingTurns, test } from "./fixtures.ts";
import { longTasks, recordLongTasks } from "./long-tasks.ts";

const logPath = (name: string) =>
  fileURLToPath(new URL(`../fixtures/logs/${name}`, import.meta.url));

const PAGES = {
  en: {
    analyzer: "/en/guides/analyze-a-run/",
    table: "/en/guides/choosing-a-gpu/",
    home: "/en/",
    locale: "en",
    format: {
      trainer: "Hugging Face Trainer console output",
      vllm: "a vLLM server log",
      sglang: "an SGLang server log",
      vllmBench: "a vLLM serving benchmark result",
      sglangBench: "an SGLang serving benchmark result",
    },
    maxMedian: (max: string, median: string) => `max ${max}, median ${median}`,
    maxMean: (max: string, mean: string) => `max ${max}, mean ${mean}`,
    saved: "now ranks on your run on 1 × NVIDIA GeForce RTX 4090",
    box: (file: string) => `Use your measurements (from ${file})`,
    based: "Based on your run on 1 × NVIDIA GeForce RTX 4090",
    why: "speed scaled by your run's measured ÷ estimated",
    burst: (n: string) =>
      `The benchmark sent all ${n} requests at once, so the estimate beside it is of that same burst`,
  },
  zh: {
    analyzer: "/guides/analyze-a-run/",
    table: "/guides/choosing-a-gpu/",
    home: "/",
    locale: "zh-CN",
    format: {
      trainer: "Hugging Face Trainer 控制台输出",
      vllm: "vLLM 服务日志",
      sglang: "SGLang 服务日志",
      vllmBench: "vLLM 服务基准测试结果",
      sglangBench: "SGLang 服务基准测试结果",
    },
    maxMedian: (max: string, median: string) => `最大 ${max}，中位数 ${median}`,
    maxMean: (max: string, mean: string) => `最大 ${max}，平均 ${mean}`,
    saved: "现在按你在 1 × NVIDIA GeForce RTX 4090 上的运行排序",
    box: (file: string) => `使用实测值（来自 ${file}）`,
    based: "依据你在 1 × NVIDIA GeForce RTX 4090 上的实测运行",
    why: "速度按你的实测 ÷ 估算之比换算",
    burst: (n: string) => `该基准测试一次性发出全部 ${n} 个请求，所以旁边的估算也是同样的突发`,
  },
} as const;

interface Case {
  file: string;
  kind: "trainer" | "vllm" | "sglang" | "vllmBench" | "sglangBench";
  mode: "training" | "inference";
  throughput: number;
  running?: [number, number];
  /** A benchmark's peak and mean in flight (no median: it has no readings over time). */
  runningMean?: [number, number];
  waiting?: [number, number];
  kvPool?: number;
  /** A benchmark that sent all its requests at once: how many. */
  burst?: number;
}

const CASES: Case[] = [
  { file: "hf-trainer-console.log", kind: "trainer", mode: "training", throughput: 16 * 2048 },
  {
    file: "vllm-v1-server.log",
    kind: "vllm",
    mode: "inference",
    throughput: 1580,
    running: [64, 64],
    waiting: [18, 13],
    kvPool: 686_320,
  },
  {
    file: "sglang-0.5-server.log",
    kind: "sglang",
    mode: "inference",
    throughput: 2400,
    running: [64, 63.5],
    kvPool: 482_080,
  },
  {
    // 1,000 requests, 256,000 output tokens in 125.6 s; in flight on average, by Little's
    // law: 1,000 × (812.4 ms + 255 × 28.3 ms) / 125.6 s = 63.9.
    file: "vllm-bench-serve.json",
    kind: "vllmBench",
    mode: "inference",
    throughput: 256_000 / 125.6,
    runningMean: [64, 63.9],
  },
  {
    file: "sglang-bench-burst.jsonl",
    kind: "sglangBench",
    mode: "inference",
    throughput: 101_230 / 64.2,
    runningMean: [500, 187.28],
    kvPool: 612_480,
    burst: 500,
  },
];

async function openAnalyzer(page: Page, path: string) {
  await page.goto(path);
  const island = page.locator("section.an");
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute("data-hydrated", "true");
  return island;
}

// Each log is read once, in one language, the logs alternating between the two sites (every
// word of both is proven at unit level, tests/unit/i18n/).
const nextLang = takingTurns(["zh", "en"] as const);
CASES.forEach((c) => {
  const lang = nextLang();
  const L = PAGES[lang];
  test(`${lang}: ${c.file} beside the estimate, then the decision table ranks on it`, async ({
    page,
  }) => {
    const fmt = (v: number, digits = 0) =>
      new Intl.NumberFormat(L.locale, { maximumFractionDigits: digits }).format(v);
    await openAnalyzer(page, L.analyzer);
    await page.setInputFiles("#an-a-file", logPath(c.file));
    const log = page.getByTestId("log-reading");
    await expect(page.getByTestId("log-format")).toContainText(L.format[c.kind]);
    await page.selectOption("#an-log-gpu", "rtx-4090");
    const row = (key: string) => log.locator(`tr[data-row="${key}"] td`);
    await expect(row("throughput").nth(0)).toHaveText(fmt(c.throughput));
    // The estimate is a figure and the ratio is measured ÷ it, whatever the estimate is.
    await expect(row("throughput").nth(1)).not.toHaveText("—");
    const est = Number((await row("throughput").nth(1).innerText()).replace(/[^\d.]/g, ""));
    expect(est).toBeGreaterThan(0);
    // The page divides by the estimate before it is rounded to the whole number shown, so
    // its ratio lies between measured ÷ (shown ± 0.5), each to the 2 digits it prints.
    const ratio = Number((await row("throughput").nth(2).innerText()).replace(/[^\d.]/g, ""));
    expect(ratio).toBeGreaterThanOrEqual(Number((c.throughput / (est + 0.5)).toFixed(2)));
    expect(ratio).toBeLessThanOrEqual(Number((c.throughput / (est - 0.5)).toFixed(2)));
    await expect(row("throughput").nth(2)).toHaveText(/^[\d.,]+×$/);
    if (c.running)
      await expect(row("running").nth(0)).toHaveText(
        L.maxMedian(fmt(c.running[0]), fmt(c.running[1], 1)),
      );
    if (c.runningMean)
      await expect(row("running").nth(0)).toHaveText(
        L.maxMean(fmt(c.runningMean[0]), fmt(c.runningMean[1], 1)),
      );
    if (c.waiting)
      await expect(row("waiting").nth(0)).toHaveText(
        L.maxMedian(fmt(c.waiting[0]), fmt(c.waiting[1], 1)),
      );
    if (c.kvPool !== undefined) {
      await expect(row("kvPool").nth(0)).toHaveText(fmt(c.kvPool));
      await expect(row("kvPool").nth(1)).not.toHaveText("—");
    }
    if (c.burst !== undefined) {
      await expect(row("burst").nth(0)).toHaveText(fmt(c.burst));
      await expect(page.getByTestId("log-basis")).toContainText(L.burst(fmt(c.burst)));
    } else await expect(log.locator('tr[data-row="burst"]')).toHaveCount(0);
    await log.getByRole("button").click();
    await expect(page.getByTestId("log-saved")).toContainText(L.saved);

    // The decision table, in the run's workload: the box plans on the run and says so.
    await page.goto(L.table);
    const section = page.locator('section[aria-labelledby="gf-title"]');
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute("data-hydrated", "true");
    await section.locator("#gf-mode").selectOption(c.mode);
    await expect(section.locator("tr[data-gpu]").first()).toBeVisible();
    const before = await section
      .locator("tr[data-gpu]")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-gpu")));
    await section.getByLabel(L.box(c.file)).check();
    await expect(section.locator('[data-basis="measured"]')).toBeVisible();
    await expect(section).toContainText(L.based);
    // Ranked again on the run: every row's speed is scaled by it, and says so.
    await expect(section.locator('tr[data-gpu="rtx-4090"]')).toContainText(L.why);
    await expect(section.locator('tr[data-gpu="h100-sxm"]')).toContainText(L.why);
    expect(before.length).toBeGreaterThan(0);

    // The home page's answer plans on the same run (its question is a fine-tune) and says so.
    if (c.kind === "trainer") {
      await page.goto(L.home);
      // The answer's lines are drawn again as the run's basis applies: scroll to the widget,
      // whose element stays, and let the assertion find the line as it ends up.
      await page.locator('section[aria-labelledby="fd-title"]').scrollIntoViewIfNeeded();
      await expect(page.locator("[data-limits]").first()).toContainText(L.based);
    }
  });
});

const pad = (n: number): string => String(n).padStart(2, "0");
/** "MM-DD HH:MM:SS" of a second count from 1 March 00:00 (31-day months are enough here). */
function stamp(s: number): string {
  const day = Math.floor(s / 86_400);
  const month = 3 + Math.floor(day / 31);
  return `${pad(month)}-${pad((day % 31) + 1)} ${pad(Math.floor(s / 3600) % 24)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/**
 * A 50,000,000-character vLLM server log (days of metrics lines between access-log lines), as
 * the readers' large-log unit test builds it: after 30 ramp lines, 2,020 and 1,980 tokens/s in
 * turn, so the steady rate is 2,000 tokens/s.
 */
function bigVllmLog(): string {
  const parts: string[] = [
    "INFO 03-01 00:00:00 [kv_cache_utils.py:1087] GPU KV cache size: 1,234,560 tokens\n",
  ];
  let size = parts[0]!.length;
  for (let n = 0; size < 50_000_000; n++) {
    const gen = n < 30 ? 50 * (n + 1) : n % 2 === 0 ? 2020 : 1980;
    const metrics = `(APIServer pid=7) INFO ${stamp(10 + n * 10)} [loggers.py:123] Engine 000: Avg prompt throughput: 4000.0 tokens/s, Avg generation throughput: ${gen.toFixed(1)} tokens/s, Running: ${n < 30 ? n : 100 + (n % 5)} reqs, Waiting: ${n % 7} reqs, GPU KV cache usage: 61.5%, Prefix cache hit rate: 12.0%\n`;
    const access = `(APIServer pid=7) INFO:     10.1.2.${n % 250}:5${n % 9999} - "POST /v1/chat/completions HTTP/1.1" 200 OK\n`;
    parts.push(metrics, access, access);
    size += metrics.length + 2 * access.length;
  }
  return parts.join("");
}

test.describe("a 50 MB server log", () => {
  test.describe.configure({ timeout: 120_000 });
  // In Chinese only: its tables are the slower to lay out (a CJK font's glyphs), so it is the
  // page a long task would show on first.
  const [lang, L] = ["zh", PAGES.zh] as const;
  test(`${lang}: read in the worker, no main-thread task over 200 ms`, async ({ page }) => {
    const path = join(mkdtempSync(join(tmpdir(), "big-vllm-")), "vllm-50mb.log");
    writeFileSync(path, bigVllmLog());
    await openAnalyzer(page, L.analyzer);
    await recordLongTasks(page);
    await page.setInputFiles("#an-a-file", path);
    await expect(page.getByTestId("log-format")).toContainText(L.format.vllm, {
      timeout: 60_000,
    });
    const cells = page.locator('tr[data-row="throughput"] td');
    await expect(cells.nth(0)).toHaveText(
      new Intl.NumberFormat(L.locale, { maximumFractionDigits: 0 }).format(2000),
    );
    const tasks = await longTasks(page);
    expect(tasks.reduce((m, x) => Math.max(m, x), 0)).toBeLessThan(200);
  });
});
