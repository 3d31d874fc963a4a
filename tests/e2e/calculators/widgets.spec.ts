/**
 * Each widget: type values, read the numbers a user sees, and compare them with the
 * estimator run directly in Node on the same inputs, formatted the way the page formats.
 */
import { test, expect } from "../fixtures.ts";
import { gb, gib, mib, num } from "../../../src/i18n/format.ts";
import {
  LLAMA_8B,
  QLORA_ALL,
  estimate,
  figure,
  openCalculators,
  typeInto,
  expectNoBrokenNumbers,
} from "./helpers.ts";

interface Memory {
  allocatorPeakBytes: number;
  nvidiaSmiBytes: number;
  recommendedBytes: number;
  maxSequences?: number | null;
}

test("training memory matches the estimator", async ({ page }) => {
  await openCalculators(page);
  await typeInto(page, "#tm-seqLen", "4096");
  await typeInto(page, "#tm-microBatch", "2");
  await page.selectOption("#tm-precision", "fp16-mixed");
  await page.selectOption("#tm-lora", "lora");
  const r = estimate<Memory>({
    task: "train-memory",
    model: LLAMA_8B,
    precision: "fp16-mixed",
    optimizer: "adamw",
    microBatch: 2,
    seqLen: 4096,
    recompute: "full",
    flashAttention: true,
    gradAccumulation: 1,
    gpus: 1,
    tensorParallel: 1,
    sharding: "none",
    offload: "none",
    lora: { ...QLORA_ALL, baseBits: 16 },
    headroom: 0.2,
    gpu: "rtx-4090",
  });
  await expect(figure(page, "tm", "allocator")).toHaveText(gib("en", r.allocatorPeakBytes));
  await expect(figure(page, "tm", "smi")).toHaveText(mib("en", r.nvidiaSmiBytes));
  await expect(figure(page, "tm", "rent")).toHaveText(gb("en", r.recommendedBytes));
  await expectNoBrokenNumbers(page);
});

test("inference memory and concurrency match the estimator", async ({ page }) => {
  await openCalculators(page, "en", "im");
  await typeInto(page, "#im-context", "8192");
  await typeInto(page, "#im-sequences", "4");
  await page.selectOption("#im-gpu", "a100-80gb-sxm");
  const r = estimate<Memory>({
    task: "infer-memory",
    model: LLAMA_8B,
    weightBits: 16,
    kvBits: 16,
    contextTokens: 8192,
    sequences: 4,
    engine: "vllm",
    gpuMemoryUtilization: 0.9,
    tensorParallel: 1,
    headroom: 0.2,
    gpu: "a100-80gb-sxm",
  });
  await expect(figure(page, "im", "smi")).toHaveText(mib("en", r.nvidiaSmiBytes));
  await expect(figure(page, "im", "rent")).toHaveText(gb("en", r.recommendedBytes));
  await expect(figure(page, "im", "maxSeq")).toHaveText(num("en", r.maxSequences ?? null));
  await expect(page.locator('section[aria-labelledby="im-title"] .calc-warnings')).toContainText(
    "reserves",
  );
});

test("throughput matches the estimator", async ({ page }) => {
  await openCalculators(page, "en", "tp");
  await page.selectOption("#tp-gpu", "h100-sxm");
  await typeInto(page, "#tp-sequences", "8");
  await typeInto(page, "#tp-promptTokens", "2000");
  const r = estimate<{
    tokensPerSecond: number;
    ttftSeconds: number;
    requestsPerSecond: number;
    limitedBy: string;
  }>({
    task: "decode-speed",
    model: LLAMA_8B,
    weightBits: 16,
    kvBits: 16,
    gpu: "h100-sxm",
    engine: "vllm",
    batch: 8,
    contextTokens: 4096,
    promptTokens: 2000,
    outputTokens: 256,
    gpus: 1,
    tensorParallel: 1,
  });
  await expect(figure(page, "tp", "decode")).toHaveText(`${num("en", r.tokensPerSecond)} tokens/s`);
  await expect(figure(page, "tp", "ttft")).toHaveText(`${num("en", r.ttftSeconds)} s`);
  await expect(figure(page, "tp", "rps")).toHaveText(num("en", r.requestsPerSecond));
  await expect(figure(page, "tp", "limit")).toHaveText(
    r.limitedBy === "compute" ? "compute" : "memory bandwidth",
  );
});

test("compute time matches the estimator, and the seed's deadline example", async ({ page }) => {
  await openCalculators(page, "en", "ct");
  await typeInto(page, "#ct-tokens", "20B");
  await typeInto(page, "#ct-gpus", "8");
  await page.selectOption("#ct-gpu", "a100-80gb-sxm");
  const r = estimate<{ hours: number }>({
    task: "train-time",
    model: LLAMA_8B,
    tokens: 2e10,
    gpu: "a100-80gb-sxm",
    gpus: 8,
    mfu: 0.4,
    scaling: 0.9,
    precision: "bf16-mixed",
    recompute: "full",
  });
  await expect(figure(page, "ct", "hours")).toHaveText(`${num("en", r.hours)} h`);
  // Seed: 1e8 samples x 1e9 FLOPs = 1e17 FLOPs needs 1.16 TFLOPS sustained over a day.
  await page.selectOption("#ct-mode", "samples");
  await typeInto(page, "#ct-samples", "1e8");
  await typeInto(page, "#ct-flopsPerSample", "1e9");
  await typeInto(page, "#ct-deadlineHours", "24");
  await expect(figure(page, "ct", "sustained")).toHaveText("1.16 TFLOPS");
});

test("cost comparison reproduces the seed: four cards pay off only below 3x the single-card price", async ({
  page,
}) => {
  await openCalculators(page, "en", "cc");
  await typeInto(page, "#cc-singleGpuHours", "72");
  await typeInto(page, "#cc-o0-gpus", "1");
  await typeInto(page, "#cc-o0-price", "2.5");
  await typeInto(page, "#cc-o1-gpus", "4");
  await typeInto(page, "#cc-o1-scaling", "75");
  const rows = page.locator('[data-table="options"] tbody tr');
  // 72 h on one card vs 24 h on four.
  await expect(rows.nth(0).locator("td").nth(0)).toHaveText("72");
  await expect(rows.nth(1).locator("td").nth(0)).toHaveText("24");
  await typeInto(page, "#cc-o1-price", "7.4");
  await expect(figure(page, "cc", "cheapest")).toContainText("2: 4 ×");
  await typeInto(page, "#cc-o1-price", "7.6");
  await expect(figure(page, "cc", "cheapest")).toContainText("1: 1 ×");
  const r = estimate<{ options: { total: number }[] }>({
    task: "cost",
    options: [
      { gpu: "rtx-4090", gpus: 1, pricePerHour: 2.5, scaling: 1 },
      { gpu: "rtx-4090", gpus: 4, pricePerHour: 7.6, scaling: 0.75 },
    ],
    singleGpuHours: 72,
  });
  await expect(rows.nth(0).locator('[data-cell="total"]')).toHaveText(
    num("en", r.options[0]?.total),
  );
  await expect(rows.nth(1).locator('[data-cell="total"]')).toHaveText(
    num("en", r.options[1]?.total),
  );
  await expect(page.locator('section[aria-labelledby="cc-title"] svg polyline')).toHaveCount(2);
});

test("GPU fit table ranks the catalog as the estimator does", async ({ page }) => {
  // Ties (no price) keep catalog order, so rank the GPUs in the order the pages list them.
  await openCalculators(page);
  const order = await page
    .locator("#tm-gpu option")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  await openCalculators(page, "en", "gf");
  const r = estimate<{ rows: { gpuId: string; fits: boolean; gpusNeeded: number | null }[] }>({
    gpus: order,
    task: "fit-rank",
    workload: {
      task: "train-memory",
      model: LLAMA_8B,
      precision: "bf16-mixed",
      optimizer: "adamw",
      microBatch: 1,
      seqLen: 2048,
      recompute: "full",
      flashAttention: true,
      gradAccumulation: 1,
      gpus: 1,
      tensorParallel: 1,
      sharding: "none",
      offload: "none",
      lora: QLORA_ALL,
      headroom: 0.2,
    },
    tokens: 1e9,
    mfu: 0.4,
    scaling: 0.9,
    prices: { "rtx-4090": 2.5 },
    sortBy: "cost",
  });
  const rows = page.locator('[data-table="fit"] tbody tr');
  await expect(rows).toHaveCount(r.rows.length);
  await expect(rows.first()).toHaveAttribute("data-gpu", r.rows[0]?.gpuId ?? "");
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-gpu")));
  expect(ids).toEqual(r.rows.map((x) => x.gpuId));
  await expect(rows.first().locator("td").first()).toHaveText(r.rows[0]?.fits ? "yes" : "no");
  // Inference mode loads its settings and estimator on demand; the ranking must then be the
  // estimator's for the serving defaults (vLLM at 90%, 4096-token context, 16-bit).
  await page.selectOption("#gf-mode", "inference");
  const inf = estimate<{
    rows: { gpuId: string; fits: boolean; memoryPerGpuBytes: number | null }[];
  }>({
    gpus: order,
    task: "fit-rank",
    workload: {
      task: "infer-memory",
      model: LLAMA_8B,
      weightBits: 16,
      kvBits: 16,
      contextTokens: 4096,
      sequences: 1,
      engine: "vllm",
      gpuMemoryUtilization: 0.9,
      headroom: 0.2,
    },
    mfu: 0.4,
    scaling: 0.9,
    prices: { "rtx-4090": 2.5 },
    sortBy: "cost",
  });
  await expect(page.locator('[data-table="fit"]')).toContainText("memory-bound");
  await expect
    .poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-gpu"))))
    .toEqual(inf.rows.map((x) => x.gpuId));
  const top = inf.rows[0];
  if (!top?.memoryPerGpuBytes) throw new Error("the estimator fits no GPU for inference");
  await expect(rows.first().locator("td").nth(2)).toHaveText(gib("en", top.memoryPerGpuBytes));
});

test("model picker: presets, parameter count and pasted config drive the other widgets", async ({
  page,
}) => {
  await openCalculators(page);
  await page.fill("#mp-search", "qwen2.5");
  await page.selectOption("#mp-preset", "qwen2.5-72b");
  await expect(figure(page, "mp", "name")).toHaveText("Qwen2.5 72B");
  await expect(page.locator('section[aria-labelledby="tm-title"] .calc-model')).toContainText(
    "Qwen2.5 72B",
  );
  await page.selectOption("#mp-kind", "params");
  await typeInto(page, "#mp-params", "7B");
  await expect(figure(page, "mp", "params")).toHaveText("7 B");
  // The choice is shared across pages: the fit table's guide sizes the same model.
  await openCalculators(page, "en", "gf");
  await expect(page.locator('section[aria-labelledby="gf-title"] .calc-model')).toContainText("7B");
  await expect(figure(page, "mp", "params")).toHaveText("7 B");
  await page.selectOption("#mp-kind", "hf");
  await page.fill("#mp-hf", "{ not json");
  await expect(page.locator("#mp-hf-err")).not.toBeEmpty();
  await page.fill(
    "#mp-hf",
    JSON.stringify({
      model_type: "llama",
      hidden_size: 4096,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      num_hidden_layers: 32,
      intermediate_size: 14336,
      vocab_size: 128256,
    }),
  );
  await expect(page.locator("#mp-hf-err")).toBeEmpty();
  await expect(figure(page, "mp", "params")).toHaveText("8.03 B");
  await expectNoBrokenNumbers(page);
});
