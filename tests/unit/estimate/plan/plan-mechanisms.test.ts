/**
 * The plan task's own mechanisms (`plan/plan.ts`), every plan made inside its test: the
 * currency and date a plan reads its prices on, a budget in another currency, the rules that
 * refuse a request at its field, what a serving plan assumed, the billed-hours assumptions,
 * the warnings a plan's rows call for (unpriced GPUs, converted prices, renders carried by
 * FP32, unchecked memory, PCIe peer-to-peer assumed off, predicted scaling, an unsplit
 * layout, a measured run), the verdict counts, the training options passed to every row,
 * what would meet limits no option meets, and the serve task's one-GPU plan. Expected values
 * are worked by hand from the catalog and the request, or taken from another task's answer
 * for the same setup (train-time, decode-speed), which the plan must match.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type { LimitsAnswer } from "../../../../src/estimate/plan/limits.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import type { ReferencePrice } from "../../../../src/estimate/cost/price.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import type { TaskContext } from "../../../../src/estimate/request/task.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import type { BreakdownItem, Warning } from "../../../../src/estimate/result.ts";
import { acceptedIn, exchangeReading, rtx4090 } from "../helpers.ts";

const gpus = loadGpuSpecs();
const byId = (id: string): GpuSpec => gpus.find((g) => g.id === id)!;
/** No reference prices, a fixed day: every price below is the request's own. */
const ctx: TaskContext = { gpus, presets: PRESETS, prices: [], today: "2026-12-05" };

interface Plan {
  total: number;
  breakdown: BreakdownItem[];
  rows: PlanRow[];
  warnings: Warning[];
  assumptions: { key: string; value: unknown; source: string }[];
  currency: string;
  basis: { ratio: number } | null;
  limits: LimitsAnswer;
}
const plan = (request: Record<string, unknown>, c: TaskContext = ctx): Plan =>
  acceptedIn<Plan>({ task: "plan", ...request }, c);
/** The issues a request is refused with; none when it is accepted. */
function issues(request: Record<string, unknown>, c: TaskContext = ctx) {
  const r = runRequest(request, c);
  return r.ok ? [] : r.issues;
}
const codes = (p: Plan) => p.warnings.map((w) => w.code);
const warning = (p: Plan, code: string) => p.warnings.find((w) => w.code === code);
const assumption = (p: Plan, key: string) => p.assumptions.find((a) => a.key === key);

/** Llama 3.1 8B in 16 bit at 8,192 tokens, one user at 1 token/s (vLLM, its defaults). */
const SERVE_8B = {
  task: "serve",
  model: { preset: "llama-3.1-8b" },
  weightBits: 16,
  contextTokens: 8192,
  users: 1,
  outputTokensPerSecondPerUser: 1,
};
/** LoRA r16 on Llama 3.1 8B, full recompute. */
const LORA_8B = {
  task: "train-memory",
  model: { preset: "llama-3.1-8b" },
  lora: { rank: 16 },
  recompute: "full",
};
const RENDER = { task: "render", secondsPerFrame: 30, frames: 100 };

describe("the plan's currency and the day its prices are read on", () => {
  it("without a currency asked or a page's, the first priced GPU's currency; a bare price is in it", () => {
    const p = plan({
      workload: SERVE_8B,
      gpus: ["h100-sxm", "rtx-4090"],
      // The H100's price names no currency; the 4090's is in CNY: the plan is in CNY.
      prices: { "h100-sxm": 2, "rtx-4090": { pricePerGpuHour: 1.8, currency: "CNY" } },
    });
    expect(p.currency).toBe("CNY");
    expect(assumption(p, "currency")).toEqual({
      key: "currency",
      value: "CNY",
      source: "currency-default",
    });
    const h100 = p.rows.find((r) => r.gpu === "h100-sxm")!;
    expect(h100).toMatchObject({ pricePerGpuHour: 2, currency: "CNY" });
  });

  it("a currency asked is the request's", () => {
    const p = plan({ workload: SERVE_8B, gpus: ["h100-sxm"], currency: "USD" });
    expect(assumption(p, "currency")).toEqual({ key: "currency", value: "USD", source: "request" });
  });

  // One reference price, read 2020-01-10: 22 days old on 2020-02-01 (current), years old on
  // the plans' fixed day (history, never used: older than 365 days).
  const OLD: ReferencePrice = {
    gpuId: "rtx-4090",
    provider: "Example",
    region: "us",
    product: "1x RTX 4090",
    gpusPerInstance: 1,
    pricePerGpuHour: 0.5,
    currency: "USD",
    date: "2020-01-10",
    url: "https://example.com/",
    sourceKind: "primary",
  };

  it("reference prices are aged on the day the request names, else on the context's day", () => {
    const priced = (request: Record<string, unknown>, today: string) =>
      plan(
        { workload: SERVE_8B, gpus: ["rtx-4090"], currency: "USD", ...request },
        { ...ctx, prices: [OLD], today },
      ).rows[0]!.pricePerGpuHour;
    expect(priced({ pricesOn: "2020-02-01" }, "2026-12-05")).toBe(0.5);
    expect(priced({}, "2020-02-01")).toBe(0.5);
    expect(priced({}, "2026-12-05")).toBeNull();
  });
});

describe("a budget in another currency", () => {
  // A USD → CNY reading at 7 per dollar, dated 2026-01-01 (before the plans' day).
  const withRate: TaskContext = { ...ctx, rates: [exchangeReading()] };
  const READING = {
    currency: "CNY",
    rate: 7,
    base: "USD",
    quote: "CNY",
    date: "2026-01-01",
    source: "test",
  };

  it("is converted at the plan's reading, which the plan names", () => {
    // 100 USD at 7 CNY per USD: 700 CNY.
    const p = plan(
      {
        workload: SERVE_8B,
        gpus: ["h100-sxm"],
        currency: "CNY",
        budget: 100,
        budgetCurrency: "USD",
      },
      withRate,
    );
    expect(p.limits.budget).toBe(700);
    expect(p.limits.budgetConversion).toEqual({
      from: "USD",
      amount: 100,
      rate: exchangeReading(),
    });
    expect(warning(p, "converted-prices")).toEqual({ code: "converted-prices", params: READING });
  });

  it("a budget currency without a budget converts nothing and says nothing", () => {
    const p = plan(
      { workload: SERVE_8B, gpus: ["h100-sxm"], currency: "CNY", budgetCurrency: "USD" },
      withRate,
    );
    expect(p.limits).not.toHaveProperty("budget");
    expect(p.limits).not.toHaveProperty("budgetConversion");
    expect(codes(p)).not.toContain("converted-prices");
  });

  it("a converted price names the reading, though the first GPU's price needed none", () => {
    // The H100 comes before the 4090 in the catalog (and is cheaper here): its 2 CNY an hour
    // needs no conversion; the 4090's 1 USD is 7 CNY.
    const p = plan(
      {
        workload: SERVE_8B,
        gpus: ["h100-sxm", "rtx-4090"],
        currency: "CNY",
        prices: {
          "h100-sxm": { pricePerGpuHour: 2, currency: "CNY" },
          "rtx-4090": { pricePerGpuHour: 1, currency: "USD" },
        },
      },
      withRate,
    );
    expect(gpus.findIndex((g) => g.id === "h100-sxm")).toBeLessThan(
      gpus.findIndex((g) => g.id === "rtx-4090"),
    );
    const row = (id: string) => p.rows.find((r) => r.gpu === id)!;
    expect(row("h100-sxm").priceConversion).toBeNull();
    expect(row("rtx-4090").pricePerGpuHour).toBe(7);
    expect(warning(p, "converted-prices")).toEqual({ code: "converted-prices", params: READING });
  });
});

describe("requests refused at their field", () => {
  // Two cards like the RTX 4090, one without a bandwidth figure, one without an FP32 figure.
  const { bandwidthGBps: _b, ...noBandwidth } = rtx4090;
  const { fp32Tflops: _f, ...noFp32 } = rtx4090;
  const lacking: TaskContext = {
    ...ctx,
    gpus: [
      ...gpus,
      { ...noBandwidth, id: "no-bw", name: "No Bandwidth" },
      { ...noFp32, id: "no-fp32", name: "No FP32" },
    ],
  };
  const NO_BW = { code: "gpu-no-bandwidth", params: { gpu: "No Bandwidth" } };
  const NO_FP32 = { code: "gpu-no-compute", params: { gpu: "No FP32" } };

  it("a serving plan has no deadline to meet", () => {
    expect(issues({ task: "plan", workload: SERVE_8B, deadlineHours: 5 })).toEqual([
      { field: "deadlineHours", code: "serving-no-deadline", params: {} },
    ]);
  });

  it("a render plan needs a time per frame and the frames, though a resolution alone is a render", () => {
    expect(
      issues({
        task: "plan",
        workload: { task: "render", resolution: "1080p" },
        measuredOn: "rtx-4090",
      }),
    ).toEqual([
      { field: "workload.secondsPerFrame", code: "needs-with", params: { with: "frames" } },
    ]);
  });

  it("the GPUs a request names need the figures its workload's speed reads", () => {
    const named = (workload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      issues(
        {
          task: "plan",
          workload,
          tokens: 1e8,
          measuredOn: "rtx-4090",
          gpus: ["no-bw", "no-fp32"],
          ...extra,
        },
        lacking,
      ).map(({ field, code, params }) => ({ field, code, params }));
    // Serving reads the bandwidth (decode) and the FP32 peak (prefill).
    expect(named(SERVE_8B)).toEqual([
      { field: "gpus.0", ...NO_BW },
      { field: "gpus.1", ...NO_FP32 },
    ]);
    // Training, the FP32 peak only.
    expect(named(LORA_8B)).toEqual([{ field: "gpus.1", ...NO_FP32 }]);
    // Batch work, the figure its bound names.
    expect(named(RENDER)).toEqual([{ field: "gpus.1", ...NO_FP32 }]);
    expect(named(RENDER, { bound: "memory-bandwidth" })).toEqual([{ field: "gpus.0", ...NO_BW }]);
  });

  it("a measured throughput needs a serving or training workload, its GPU, and a server's load", () => {
    const measured = (workload: Record<string, unknown>, m: Record<string, unknown>) =>
      issues({ task: "plan", workload, tokens: 1e8, measuredOn: "rtx-4090", measured: m }, lacking);
    expect(measured(RENDER, { gpu: "rtx-4090", tokensPerSecond: 5 })).toEqual([
      { field: "measured.tokensPerSecond", code: "needs-with", params: { with: "workload" } },
    ]);
    expect(measured(SERVE_8B, { tokensPerSecond: 5, concurrency: 2 })).toEqual([
      { field: "measured.gpu", code: "needs-with", params: { with: "tokensPerSecond" } },
    ]);
    expect(measured(SERVE_8B, { gpu: "h100-sxm", tokensPerSecond: 5 })).toEqual([
      { field: "measured.concurrency", code: "needs-with", params: { with: "tokensPerSecond" } },
    ]);
    // A burst names its load; a training run needs none.
    expect(measured(SERVE_8B, { gpu: "h100-sxm", tokensPerSecond: 5, burstRequests: 10 })).toEqual(
      [],
    );
    expect(measured(LORA_8B, { gpu: "h100-sxm", tokensPerSecond: 5 })).toEqual([]);
    // The run's GPU needs the figures the estimate reads there: both for serving, FP32 for
    // training.
    const on = (workload: Record<string, unknown>, gpu: string) =>
      measured(workload, { gpu, tokensPerSecond: 5, concurrency: 1 }).map(
        ({ field, code, params }) => ({ field, code, params }),
      );
    expect(on(SERVE_8B, "no-bw")).toEqual([{ field: "measured.gpu", ...NO_BW }]);
    expect(on(SERVE_8B, "no-fp32")).toEqual([{ field: "measured.gpu", ...NO_FP32 }]);
    expect(on(LORA_8B, "no-bw")).toEqual([]);
    expect(on(LORA_8B, "no-fp32")).toEqual([{ field: "measured.gpu", ...NO_FP32 }]);
  });

  it("a price or budget in a currency no reading joins to the plan's is refused at its currency", () => {
    const refused = (extra: Record<string, unknown>) =>
      issues({ task: "plan", workload: SERVE_8B, currency: "USD", ...extra });
    expect(refused({ prices: { "rtx-4090": { pricePerGpuHour: 1, currency: "CNY" } } })).toEqual([
      { field: "prices.rtx-4090.currency", code: "currency-mismatch", params: { currency: "USD" } },
    ]);
    expect(refused({ budget: 5, budgetCurrency: "CNY" })).toEqual([
      { field: "budgetCurrency", code: "currency-mismatch", params: { currency: "USD" } },
    ]);
    // A budget currency with no budget to convert refuses nothing.
    expect(refused({ budgetCurrency: "CNY" })).toEqual([]);
  });
});

describe("what a serving plan assumed", () => {
  const serving = (p: Plan) => p.assumptions.slice(-6);

  it("vLLM at 16 bit with vllm bench serve's lengths, untyped or typed at those values", () => {
    const untyped = plan({ workload: SERVE_8B, gpus: ["h100-sxm"] });
    expect(serving(untyped)).toEqual([
      { key: "engine", value: "vllm", source: "serve-engine-default" },
      { key: "weight-bits", value: 16, source: "serve-precision-default" },
      // No format named: fp16, what vLLM loads at 16 bits, filled in by the serving defaults.
      { key: "weight-format", value: "fp16", source: "serve-format-default" },
      { key: "kv-bits", value: 16, source: "serve-precision-default" },
      { key: "prompt-tokens", value: 1024, source: "serve-lengths-default" },
      { key: "output-tokens", value: 256, source: "serve-lengths-default" },
    ]);
    // The same values typed are reported as the defaults they equal.
    const typed = plan({
      workload: { ...SERVE_8B, engine: "vllm", kvBits: 16, promptTokens: 1024, outputTokens: 256 },
      gpus: ["h100-sxm"],
    });
    expect(serving(typed)).toEqual(serving(untyped));
  });

  it("every value the request sets otherwise is the request's", () => {
    // SGLang at 4 bit in GPTQ (its default at 4 bit would be AWQ), an 8-bit cache, 512
    // tokens of prompt and 128 of output.
    const p = plan({
      workload: {
        ...SERVE_8B,
        engine: "sglang",
        weightBits: 4,
        weightFormat: "gptq",
        kvBits: 8,
        promptTokens: 512,
        outputTokens: 128,
      },
      gpus: ["h100-sxm"],
    });
    expect(serving(p)).toEqual([
      { key: "engine", value: "sglang", source: "request" },
      { key: "weight-bits", value: 4, source: "request" },
      { key: "weight-format", value: "gptq", source: "request" },
      { key: "kv-bits", value: 8, source: "request" },
      { key: "prompt-tokens", value: 512, source: "request" },
      { key: "output-tokens", value: 128, source: "request" },
    ]);
  });

  it("vLLM's format at 4 bits, named or not, is the default; another format is the request's", () => {
    // vLLM at 4 bits loads AWQ when no format is named (below 8 bits: `defaultFormat`).
    const format = (w: Record<string, unknown>) =>
      serving(plan({ workload: { ...SERVE_8B, weightBits: 4, ...w }, gpus: ["h100-sxm"] })).find(
        (a) => a.key === "weight-format",
      );
    expect(format({})).toEqual({
      key: "weight-format",
      value: "awq",
      source: "serve-format-default",
    });
    expect(format({ weightFormat: "awq" })).toEqual(format({}));
    expect(format({ weightFormat: "gptq" })).toEqual({
      key: "weight-format",
      value: "gptq",
      source: "request",
    });
  });

  it("vllm bench serve's prompt cut to a shorter context is that default cut, not the request's", () => {
    const prompt = (w: Record<string, unknown>) =>
      serving(plan({ workload: { ...SERVE_8B, ...w }, gpus: ["h100-sxm"] })).find(
        (a) => a.key === "prompt-tokens",
      );
    // A 512-token context holds the 1024-token default prompt cut to 512.
    expect(prompt({ contextTokens: 512 })).toEqual({
      key: "prompt-tokens",
      value: 512,
      source: "serve-prompt-cut-to-context",
    });
    // A prompt typed shorter than that context is the request's own.
    expect(prompt({ contextTokens: 512, promptTokens: 300 })).toEqual({
      key: "prompt-tokens",
      value: 300,
      source: "request",
    });
  });

  it("a training plan assumes only its currency and billed hours", () => {
    const p = plan({ workload: LORA_8B, tokens: 1e8, gpus: ["h100-sxm"], setupHours: 2 });
    // BILLING_FIELDS' defaults (plan/fields.ts): 0.5 h setup, 1 Gb/s, no dataset, one run in
    // ten repeated, a checkpoint an hour at 0.5 GB/s, no idle time; the setup is the request's.
    expect(p.assumptions).toEqual([
      { key: "currency", value: "USD", source: "currency-default" },
      { key: "setupHours", value: 2, source: "request" },
      { key: "networkGbps", value: 1, source: "billing-assumed" },
      { key: "datasetGB", value: 0, source: "billing-assumed" },
      { key: "rerunFraction", value: 0.1, source: "billing-assumed" },
      { key: "checkpointEveryHours", value: 1, source: "billing-assumed" },
      { key: "diskGBps", value: 0.5, source: "billing-assumed" },
      { key: "idleHours", value: 0, source: "billing-assumed" },
    ]);
  });
});

describe("the warnings a plan's rows call for", () => {
  it("GPUs that run the workload without a price are named for the user to price", () => {
    // One user of 8B at 8,192 tokens on one GPU (maxGpus 1): the H100 and the 4090 hold it
    // (47 and 2 users, `serving-mechanisms.test.ts`), the T4 (15,360 MiB) not even its
    // 16.06 GB of weights. Only the H100 is priced; the T4, which does not run it, is not named.
    const p = plan({
      workload: SERVE_8B,
      gpus: ["h100-sxm", "rtx-4090", "t4"],
      maxGpus: 1,
      prices: { "h100-sxm": 2 },
    });
    expect(p.rows.find((r) => r.gpu === "t4")!.verdict).toBe("does-not-fit");
    expect(p.warnings).toEqual([
      { code: "unpriced-gpus", params: { gpus: "NVIDIA GeForce RTX 4090", days: 365 } },
    ]);
    // Two of them: both names, comma-separated.
    const two = plan({
      workload: SERVE_8B,
      gpus: ["h100-sxm", "rtx-4090", "a100-80gb-sxm"],
      maxGpus: 1,
      prices: { "h100-sxm": 2 },
    });
    const named = String(warning(two, "unpriced-gpus")!.params["gpus"]).split(", ");
    expect(named.sort()).toEqual(["NVIDIA A100 80GB SXM", "NVIDIA GeForce RTX 4090"]);
  });

  it("no priced row at all: one warning, with the age a price may have", () => {
    const p = plan({ workload: SERVE_8B, gpus: ["h100-sxm", "rtx-4090"], maxGpus: 1 });
    expect(p.warnings).toEqual([{ code: "no-price-in-currency", params: { days: 365 } }]);
  });

  it("an empty GPU list: no row, no price, nothing counted, nothing else said", () => {
    const p = plan({ workload: RENDER, measuredOn: "rtx-4090", gpus: [] });
    expect(p.total).toBe(0);
    expect(p.rows).toEqual([]);
    expect(p.warnings).toEqual([{ code: "no-price-in-currency", params: { days: 365 } }]);
    expect(p.breakdown.map((b) => b.value)).toEqual([0, 0, 0, 0]);
  });

  it("a render carried by FP32 peak names those GPUs and counts both kinds of carry", () => {
    // Timed on a 4090: the 3090 has Blender and V-Ray scores beside the 4090's; the A30 and
    // the A100 40GB PCIe have none, so their times follow the FP32 peaks.
    const p = plan({
      workload: { ...RENDER, resolution: "1080p" },
      measuredOn: "rtx-4090",
      gpus: ["rtx-4090", "rtx-3090", "a30", "a100-40gb-pcie"],
      maxGpus: 1,
      prices: { "rtx-4090": 0.4, "rtx-3090": 0.3, a30: 0.5, "a100-40gb-pcie": 1 },
    });
    const fp32 = p.warnings.filter((w) => w.code === "render-fp32-fallback");
    expect(fp32).toHaveLength(1);
    expect(String(fp32[0]!.params["gpus"]).split(", ").sort()).toEqual([
      "NVIDIA A100 40GB PCIe",
      "NVIDIA A30",
    ]);
    expect(codes(p)).toEqual(["speed-carried", "render-fp32-fallback"]);
    expect(p.assumptions.filter((a) => a.key.startsWith("render"))).toEqual([
      { key: "render-speed-score", value: 1, source: "render-benchmark" },
      { key: "render-speed-fp32", value: 2, source: "fp32-peak" },
    ]);
  });

  it("batch work without a resolution: memory unchecked, and no render carry to count", () => {
    // Bound by memory bandwidth: carried by the ratio of bandwidths, not by render scores.
    const p = plan({
      workload: RENDER,
      measuredOn: "rtx-4090",
      bound: "memory-bandwidth",
      gpus: ["rtx-4090", "h100-sxm"],
      maxGpus: 1,
      prices: { "rtx-4090": 0.4, "h100-sxm": 2 },
    });
    expect(p.warnings).toEqual([
      { code: "speed-carried", params: {} },
      { code: "memory-unchecked", params: {} },
    ]);
    expect(p.assumptions.filter((a) => a.key.startsWith("render"))).toEqual([]);
  });

  it("a pipeline split asked for batch work flags no training memory", () => {
    const p = plan({
      workload: RENDER,
      measuredOn: "rtx-4090",
      gpus: ["rtx-4090"],
      maxGpus: 1,
      pipelineParallel: 2,
      prices: { "rtx-4090": 0.4 },
    });
    expect(p.warnings).toEqual([{ code: "memory-unchecked", params: {} }]);
  });
});

describe("PCIe peer-to-peer assumed off, where a row's GPUs talk to each other", () => {
  // The RTX 3080 (PCIe only) and 3090 (NVLink bridge) are GeForce cards whose peer-to-peer
  // no document settles (content/gpus.json: pcieP2p unverified), so they are costed without.
  const P2P = (gpu: string) => ({ code: "p2p-unverified-as-no", params: { gpus: gpu } });
  const onCard = (gpu: string, users: number) => {
    const p = plan({ workload: { ...SERVE_8B, users }, gpus: [gpu] });
    return { row: p.rows[0]!, p2p: p.warnings.filter((w) => w.code === "p2p-unverified-as-no") };
  };

  it("a tensor-parallel group of 3080s crosses PCIe", () => {
    // 8B in 16 bit on 10 GiB cards: 8 GB of weights a card in a pair, over the 7.77 GB a fit
    // allows; a group of 4 holds it.
    const { row, p2p } = onCard("rtx-3080", 1);
    expect(row).toMatchObject({ shape: "tensor-parallel", tensorParallel: 4 });
    expect(p2p).toEqual([P2P("NVIDIA GeForce RTX 3080")]);
  });

  it("replicas of one card share nothing", () => {
    // 1B for 2,000 users at 30 tokens/s: single-card replicas.
    const p = plan({
      workload: {
        task: "serve",
        model: { preset: "llama-3.2-1b" },
        weightBits: 16,
        users: 2000,
        contextTokens: 2048,
        outputTokensPerSecondPerUser: 30,
      },
      gpus: ["rtx-3080"],
    });
    expect(p.rows[0]).toMatchObject({ shape: "replicas", tensorParallel: 1 });
    expect(codes(p)).not.toContain("p2p-unverified-as-no");
  });

  it("a bridge joins a pair: 3090 groups of 2 stay off PCIe, a group of 4 crosses it", () => {
    // 3090s hold 2, 20 or 55 users of 8B at 8,192 tokens alone, in pairs, in fours (the 4090's
    // figures of `serving-mechanisms.test.ts`: 24,576 MiB against 24,564 changes none).
    // 8 users: one pair. 40: two pairs (4 GPUs, a tie with one group of 4). 50: one group of 4.
    const eight = onCard("rtx-3090", 8);
    expect(eight.row).toMatchObject({ gpus: 2, tensorParallel: 2 });
    expect(eight.p2p).toEqual([]);
    const forty = onCard("rtx-3090", 40);
    expect(forty.row).toMatchObject({ gpus: 4, tensorParallel: 2 });
    expect(forty.p2p).toEqual([]);
    const fifty = onCard("rtx-3090", 50);
    expect(fifty.row).toMatchObject({ gpus: 4, tensorParallel: 4 });
    expect(fifty.p2p).toEqual([P2P("NVIDIA GeForce RTX 3090")]);
  });

  it("training over bridged 3090s: data parallel over 2 stays on the bridge, over 4 crosses PCIe", () => {
    const p2p = (maxGpus: number) =>
      plan({ workload: LORA_8B, tokens: 1e8, gpus: ["rtx-3090"], maxGpus }).warnings.filter(
        (w) => w.code === "p2p-unverified-as-no",
      );
    expect(p2p(2)).toEqual([]);
    expect(p2p(4)).toEqual([P2P("NVIDIA GeForce RTX 3090")]);
  });

  it("a card assumed off that talks over its own switch never crosses PCIe", () => {
    // An RTX 4090 as if its peer-to-peer were unverified and its cards joined by an NVSwitch:
    // 50 users take a group of 4 (as on the 3090), all on the switch.
    const switched: GpuSpec = {
      ...rtx4090,
      id: "rtx-4090-switched",
      name: "Switched 4090",
      pcieP2p: "unverified",
      link: "nvswitch",
      linkGBps: 900,
    };
    const p = plan(
      { workload: { ...SERVE_8B, users: 50 }, gpus: ["rtx-4090-switched"] },
      { ...ctx, gpus: [...gpus, switched] },
    );
    expect(p.rows[0]).toMatchObject({ shape: "tensor-parallel", tensorParallel: 4 });
    expect(codes(p)).not.toContain("p2p-unverified-as-no");
  });

  it("GPUs on NVLink or NVSwitch never, though the catalog holds cards assumed off", () => {
    // 70B on H100s: a group of 4 on NVSwitch.
    const p = plan({
      workload: { ...SERVE_8B, model: { preset: "llama-3.1-70b" } },
      gpus: ["h100-sxm"],
    });
    expect(p.rows[0]!.tensorParallel).toBeGreaterThan(1);
    expect(codes(p)).not.toContain("p2p-unverified-as-no");
  });
});

describe("scaling, the layout and a measured run", () => {
  it("predicted scaling is flagged where a row predicts one; one GPU or a measured scaling does not", () => {
    const at = (extra: Record<string, unknown>) =>
      codes(plan({ workload: LORA_8B, tokens: 1e8, gpus: ["h100-sxm"], ...extra }));
    expect(at({ maxGpus: 2 })).toContain("scaling-predicted");
    expect(at({ maxGpus: 1 })).toEqual(["no-price-in-currency"]);
    expect(at({ maxGpus: 2, scaling: 0.9 })).toEqual(["no-price-in-currency"]);
    // Full fine-tuning of 8B: 16 bytes of weights, gradients and Adam states a parameter,
    // 128 GB, 16 GB on each of 8 cards of 24 GB before activations and headroom; it needs
    // more than a node. Over no network named its one row predicts no scaling, has no time.
    const nodes = plan({
      workload: { task: "train-memory", model: { preset: "llama-3.1-8b" }, recompute: "full" },
      tokens: 1e9,
      gpus: ["rtx-4090"],
    });
    expect(nodes.rows).toHaveLength(1);
    expect(nodes.rows[0]).toMatchObject({
      verdict: "needs-nodes",
      scalingBasis: "predicted",
      scalingEfficiency: null,
      hours: null,
    });
    expect(codes(nodes)).toEqual(["no-price-in-currency"]);
    // Serving rows predict none: replicas share nothing.
    expect(codes(plan({ workload: { ...SERVE_8B, users: 4 }, gpus: ["rtx-4090"] }))).toEqual([
      "no-price-in-currency",
    ]);
  });

  it("a pipeline or expert split is flagged as not splitting the training memory, with the split", () => {
    const layout = (workload: Record<string, unknown>, extra: Record<string, unknown>) =>
      warning(
        plan({ workload, tokens: 1e8, gpus: ["h100-sxm"], maxGpus: 2, ...extra }),
        "layout-memory-unsplit",
      );
    expect(layout(LORA_8B, {})).toBeUndefined();
    expect(layout(LORA_8B, { pipelineParallel: 2 })).toEqual({
      code: "layout-memory-unsplit",
      params: { pipelineParallel: 2, expertParallel: 1 },
    });
    // Qwen3-30B-A3B's 128 experts over 2 ranks.
    const moe = { task: "train-memory", model: { preset: "qwen3-30b-a3b" }, recompute: "full" };
    expect(layout(moe, { expertParallel: 2 })).toEqual({
      code: "layout-memory-unsplit",
      params: { pipelineParallel: 1, expertParallel: 2 },
    });
  });

  it("a measured serving run: its GPU, count and ratio, and the range it implies", () => {
    // The run: one H100 serving one request at a time at twice the decode-speed task's output
    // tokens/s for the same setup, so the ratio is 2 and the range on other GPUs [1, 2].
    const { task: _task, users: _u, outputTokensPerSecondPerUser: _r, ...setup } = SERVE_8B;
    const d = runRequest({ task: "decode-speed", ...setup, gpu: "h100-sxm", sequences: 1 }, ctx);
    if (!d.ok) throw new Error(JSON.stringify(d.issues));
    const estimate = (d.result as unknown as { tokensPerSecond: number }).tokensPerSecond;
    const p = plan({
      workload: SERVE_8B,
      gpus: ["h100-sxm"],
      prices: { "h100-sxm": 2 },
      measured: { gpu: "h100-sxm", tokensPerSecond: 2 * estimate, concurrency: 1 },
    });
    expect(p.warnings).toEqual([
      {
        code: "measured-basis",
        params: { gpu: "NVIDIA H100 SXM 80GB", gpus: 1, ratio: 2, lowRatio: 1, highRatio: 2 },
      },
    ]);
  });

  it("a measurement without a throughput scales nothing", () => {
    const p = plan({
      workload: SERVE_8B,
      gpus: ["h100-sxm"],
      measured: { gpu: "h100-sxm", concurrency: 4 },
    });
    expect(p.basis).toBeNull();
    expect(codes(p)).toEqual(["no-price-in-currency"]);
    expect(p.rows[0]!.reasons).not.toContain("speed-from-run");
  });
});

describe("what each verdict counts", () => {
  it("one GPU that fits, one that needs a node's GPUs, one that needs nodes, one that cannot run it", () => {
    // 40 users of 8B in 16 bit at 8,192 tokens, 1 token/s each, hand-worked in
    // `serving-mechanisms.test.ts` (peak ≤ (memory − 1,408,237,568) / 1.2, vLLM's defaults):
    // - H100: 47 users on one: fits.
    // - RTX 4090: 2 alone, 20 a pair, 55 a group of 4: two pairs or one group of 4 (4 GPUs
    //   either way, the smaller group kept) in a node of 8: needs GPUs.
    // - RTX 3080 (10,240 MiB = 10,737,418,240 bytes, peak ≤ 7,774,317,227): a group of 4
    //   (5,281,024,000 + b × 268,435,456) holds 9, of 8 (3,243,049,984 + b × 134,217,728)
    //   33; 5 groups of 4 (20 GPUs) or 2 of 8 (16): 16 GPUs, two nodes.
    // - Ascend 910B: no bandwidth or FP32 figure, so no speed: does not fit.
    const four: TaskContext = {
      ...ctx,
      gpus: ["h100-sxm", "rtx-4090", "rtx-3080", "ascend-910b"].map(byId),
    };
    const p = plan({ workload: { ...SERVE_8B, users: 40 } }, four);
    const verdict = (id: string) => p.rows.find((r) => r.gpu === id)!;
    expect(verdict("h100-sxm")).toMatchObject({ verdict: "fits", gpus: 1 });
    expect(verdict("rtx-4090")).toMatchObject({ verdict: "needs-gpus", gpus: 4 });
    expect(verdict("rtx-3080")).toMatchObject({ verdict: "needs-nodes", gpus: 16 });
    expect(verdict("ascend-910b").verdict).toBe("does-not-fit");
    expect(p.total).toBe(4);
    expect(p.breakdown).toEqual([
      { key: "fits-one-gpu", labelKey: "breakdown.fits-one-gpu", value: 1 },
      { key: "needs-gpus-in-one-node", labelKey: "breakdown.needs-gpus-in-one-node", value: 1 },
      { key: "needs-several-nodes", labelKey: "breakdown.needs-several-nodes", value: 1 },
      { key: "does-not-fit", labelKey: "breakdown.does-not-fit", value: 1 },
    ]);
  });

  it("counts every row of a GPU: an H100 at 1, 2, 4 and 8 GPUs all fit the LoRA run", () => {
    const p = plan({ workload: LORA_8B, tokens: 1e8, gpus: ["h100-sxm"], maxGpus: 8 });
    expect(p.rows.map((r) => r.gpus)).toEqual([1, 2, 4, 8]);
    expect(p.breakdown.map((b) => b.value)).toEqual([4, 0, 0, 0]);
  });
});

describe("the training options every row runs with", () => {
  const { task: _task, ...fields } = LORA_8B;
  const trainTime = (extra: Record<string, unknown>, c: TaskContext = ctx) => {
    const r = runRequest(
      { task: "train-time", ...fields, tokens: 1e9, gpu: "h100-sxm", gpus: 1, ...extra },
      c,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return (r.result as unknown as { hours: number }).hours;
  };
  const rowHours = (workload: Record<string, unknown>, c: TaskContext = ctx) =>
    plan({ workload, tokens: 1e9, gpus: ["h100-sxm"], maxGpus: 1 }, c).rows[0]!.runHours!;

  it("the workload's framework: a Megatron run is timed as train-time times it", () => {
    const megatron = rowHours({ ...LORA_8B, framework: "megatron" });
    expect(megatron).toBeCloseTo(trainTime({ framework: "megatron" }), 9);
    // And the framework matters: Megatron's table entry and overlap are not PyTorch's.
    expect(megatron).not.toBeCloseTo(rowHours(LORA_8B), 3);
  });

  it("the context's utilisation table: a plan read against another table times as train-time does", () => {
    // An empty table: no measured entry applies (the estimate's own fallback), unlike the
    // fitted table's entry for an H100.
    const empty: TaskContext = { ...ctx, utilisation: [] };
    const own = rowHours(LORA_8B, empty);
    expect(own).toBeCloseTo(trainTime({}, empty), 9);
    expect(own).not.toBeCloseTo(rowHours(LORA_8B), 3);
  });
});

describe("what would meet a deadline no option meets", () => {
  // Full fine-tuning of Llama 3.2 1B over 10⁹ tokens on H100s at 2 USD an hour, within 0.6
  // billed hours (the 0.5 h setup among them): no count up to 8 meets it, so the plan asks
  // the same workload over every GPU (here the context's one) at up to 4,096 GPUs.
  const only: TaskContext = { ...ctx, gpus: [byId("h100-sxm")] };
  const FULL_1B = { task: "train-memory", model: { preset: "llama-3.2-1b" }, recompute: "full" };
  const asked = (extra: Record<string, unknown>) =>
    plan(
      {
        workload: FULL_1B,
        tokens: 1e9,
        prices: { "h100-sxm": 2 },
        maxGpus: 8,
        deadlineHours: 0.6,
        ...extra,
      },
      only,
    );
  const wide = (interNodeGbps: number) =>
    plan(
      { workload: FULL_1B, tokens: 1e9, prices: { "h100-sxm": 2 }, maxGpus: 4096, interNodeGbps },
      only,
    );
  const more = (p: Plan) => p.limits.toMeet.find((t) => t.kind === "more-gpus");
  /** A row's time and cost (its limit verdicts are the asked plan's, not the wide one's). */
  const timing = (p: Plan, count: number) => {
    const r = p.rows.find((x) => x.gpus === count)!;
    return { gpus: r.gpus, nodes: r.nodes, runHours: r.runHours, hours: r.hours, cost: r.cost };
  };

  it("over no network named: more GPUs over 400 Gb/s InfiniBand, which the answer names", () => {
    const p = asked({});
    expect(p.limits.met).toBe(false);
    const m = more(p)!;
    expect(m).toMatchObject({ kind: "more-gpus", interNodeGbps: 400 });
    if (m.kind !== "more-gpus") throw new Error("more-gpus");
    expect(m.row.nodes).toBeGreaterThan(1);
    // The row is the plan's own at that count over 400 Gb/s.
    expect(m.row).toMatchObject(timing(wide(400), m.row.gpus));
  });

  it("over the network named: more GPUs over that network, which the answer need not name", () => {
    const p = asked({ interNodeGbps: 100 });
    const m = more(p)!;
    expect(m).not.toHaveProperty("interNodeGbps");
    if (m.kind !== "more-gpus") throw new Error("more-gpus");
    expect(m.row.nodes).toBeGreaterThan(1);
    expect(m.row).toMatchObject(timing(wide(100), m.row.gpus));
  });
});

describe("the serve task: a serving plan on its own", () => {
  const two: TaskContext = { ...ctx, gpus: [byId("h100-sxm"), byId("rtx-4090")] };
  const serve = (extra: Record<string, unknown>) => {
    const { task: _task, ...workload } = SERVE_8B;
    const r = runRequest({ task: "serve", ...workload, ...extra }, two);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return (r.result as unknown as Plan).rows.map((x) => x.gpu);
  };

  it("every GPU of the context without a GPU named; only that GPU with one", () => {
    expect(serve({}).sort()).toEqual(["h100-sxm", "rtx-4090"]);
    expect(serve({ gpu: "rtx-4090" })).toEqual(["rtx-4090"]);
  });
});
