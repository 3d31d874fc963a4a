/**
 * The rental plan as properties: each GPU at its own speed, the user's price over the
 * reference, node shapes respected, scaling predicted from the links and never above 1.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { peakTflops } from "../../../../src/estimate/hardware/precision.ts";
import type { ReferencePrice } from "../../../../src/estimate/cost/price.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import {
  predictScaling,
  ringLink,
  stepCommSeconds,
} from "../../../../src/estimate/training/scaling.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { loadReferencePrices } from "../../../../src/prices/load.ts";
import { bestRows } from "../../../../src/stores/views/plan-rows.ts";

const gpus = loadGpuSpecs();
// Reference prices are aged against a fixed day, so the rows used do not change as the
// file ages (a row over a year old is never used).
const ctx = { gpus, presets: PRESETS, prices: loadReferencePrices(), today: "2026-12-05" };
const byId = (id: string): GpuSpec => gpus.find((g) => g.id === id)!;

interface Plan {
  rows: PlanRow[];
  /** Indices into `rows`. */
  best: number[];
  currency: string;
  warnings: { code: string }[];
}
function plan(request: Record<string, unknown>, c: typeof ctx = ctx): Plan {
  const r = runRequest({ task: "plan", ...request }, c);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as Plan;
}
const row = (p: Plan, gpu: string, count: number) =>
  p.rows.find((r) => r.gpu === gpu && r.gpus === count)!;

const LORA_8B = {
  task: "train-memory",
  model: { preset: "llama-3.1-8b" },
  lora: { rank: 16 },
  recompute: "full",
};

describe("plan: each option at its own speed", () => {
  it("training on one GPU at one MFU: hours differ by the ratio of the GPUs' dense bf16 peaks", () => {
    // The user's MFU applies to every GPU alike; without it each family has its own (below).
    const p = plan({
      workload: LORA_8B,
      tokens: 5e8,
      gpus: ["h100-sxm", "a100-80gb-sxm"],
      mfu: 0.4,
    });
    const h100 = row(p, "h100-sxm", 1);
    const a100 = row(p, "a100-80gb-sxm", 1);
    const ratio =
      peakTflops(byId("h100-sxm"), "bf16").tflops /
      peakTflops(byId("a100-80gb-sxm"), "bf16").tflops;
    expect(a100.runHours! / h100.runHours!).toBeCloseTo(ratio, 9);
    expect(ratio).toBeGreaterThan(2);
  });

  it("memory-bound batch work carries by the ratio of bandwidths", () => {
    const p = plan({
      workload: { task: "render", resolution: "1080p", secondsPerFrame: 30, frames: 1000 },
      measuredOn: "rtx-4090",
      bound: "memory-bandwidth",
      gpus: ["rtx-4090", "h100-sxm"],
    });
    const ratio = byId("h100-sxm").bandwidthGBps! / byId("rtx-4090").bandwidthGBps!;
    expect(row(p, "rtx-4090", 1).runHours! / row(p, "h100-sxm", 1).runHours!).toBeCloseTo(ratio, 9);
    expect(row(p, "h100-sxm", 1).reasons).toContain("speed-carried");
    expect(p.warnings.map((w) => w.code)).toContain("speed-carried");
    // Independent jobs: four GPUs take a quarter of the time, with no communication.
    expect(row(p, "rtx-4090", 4).runHours).toBeCloseTo(row(p, "rtx-4090", 1).runHours! / 4, 9);
    expect(row(p, "rtx-4090", 4).shape).toBe("independent");
    expect(row(p, "rtx-4090", 1).costPerUnit).toBeCloseTo(row(p, "rtx-4090", 1).cost! / 1000, 9);
  });

  it("batch work without a resolution: whole items per GPU, every count fits on one GPU", () => {
    const p = plan({
      workload: { task: "render", secondsPerFrame: 45, frames: 2881 },
      measuredOn: "rtx-4090",
      gpus: ["rtx-4090", "l40s"],
      maxGpus: 8,
    });
    // 2,881 items on 4 GPUs: the slowest GPU takes 721 of them.
    expect(row(p, "rtx-4090", 4).runHours).toBeCloseTo((721 * 45) / 3600, 9);
    const fp32 = byId("rtx-4090").fp32Tflops! / byId("l40s").fp32Tflops!;
    expect(row(p, "l40s", 1).runHours).toBeCloseTo((2881 * 45 * fp32) / 3600, 9);
    for (const r of p.rows) {
      expect(r.verdict).toBe("fits");
      expect(r.memoryPerGpuBytes).toBeNull();
      expect(r.memoryPerGpuRentGB).toBeNull();
    }
  });

  it("at the same cost, the fewest GPUs that meet the deadline come first", () => {
    const at = (deadlineHours: number) =>
      plan({
        workload: { task: "render", secondsPerFrame: 45, frames: 2880 },
        measuredOn: "rtx-4090",
        gpus: ["rtx-4090"],
        deadlineHours,
      }).rows.map((r) => r.gpus);
    // 36 hours on one GPU: every count costs the same, one GPU is enough for two days.
    expect(at(48)[0]).toBe(1);
    // Within 24 hours, two GPUs are the fewest that make it (18 hours).
    expect(at(24)[0]).toBe(2);
  });

  it("batch work needs a time per item and the GPU it was measured on", () => {
    const fields = (workload: Record<string, unknown>) => {
      const r = runRequest({ task: "plan", workload }, ctx);
      return r.ok ? [] : r.issues.map((i) => i.field);
    };
    expect(fields({ task: "render" })).toEqual(["workload.resolution"]);
    expect(fields({ task: "render", frames: 10 })).toEqual(["workload.secondsPerFrame"]);
    expect(fields({ task: "render", frames: 10, secondsPerFrame: 2 })).toEqual(["measuredOn"]);
    // A time measured on a GPU without a compute figure cannot be carried: refused, not thrown.
    const r = runRequest(
      {
        task: "plan",
        workload: { task: "render", frames: 10, secondsPerFrame: 2 },
        measuredOn: "ascend-910b",
      },
      ctx,
    );
    expect(r.ok ? [] : r.issues.map((i) => `${i.field}:${i.code}`)).toEqual([
      "measuredOn:gpu-no-compute",
    ]);
  });
});

describe("plan: prices", () => {
  it("the user's price replaces the reference price, and says so", () => {
    const before = plan({ workload: LORA_8B, tokens: 5e8, gpus: ["h100-sxm"] });
    const ref = row(before, "h100-sxm", 1);
    expect(ref.reasons).toContain("reference-price");
    expect(ref.priceSource).toMatchObject({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const mine = plan({
      workload: LORA_8B,
      tokens: 5e8,
      gpus: ["h100-sxm"],
      prices: { "h100-sxm": { pricePerGpuHour: 2.5, currency: "USD" } },
    });
    const own = row(mine, "h100-sxm", 1);
    expect(own.pricePerGpuHour).toBe(2.5);
    expect(own.priceSource).toBe("request");
    expect(own.cost).toBeCloseTo(own.hours! * 2.5, 9);
    expect(own.currency).toBe("USD");
  });

  it("without an exchange rate, a plan in CNY uses no USD reference", () => {
    const usdOnly: ReferencePrice[] = ctx.prices.filter((p) => p.currency === "USD");
    const p = plan(
      { workload: LORA_8B, tokens: 5e8, currency: "CNY", gpus: ["h100-sxm"] },
      { ...ctx, prices: usdOnly },
    );
    expect(row(p, "h100-sxm", 1).cost).toBeNull();
    expect(row(p, "h100-sxm", 1).reasons).toContain("no-price");
    expect(p.warnings.map((w) => w.code)).toContain("no-price-in-currency");
  });

  it("a plan in CNY uses the sourced CNY rows, with their provider and date", () => {
    const p = plan({
      workload: LORA_8B,
      tokens: 5e8,
      currency: "CNY",
      gpus: ["rtx-a6000"],
      pricesOn: "2026-12-02",
    });
    const a6000 = bestRows(p)[0]!;
    expect(a6000.currency).toBe("CNY");
    // 恒源云's 2.2 CNY of 2026-10-20, not Featurize's 8.0 of 2021-06-15 (history).
    expect(a6000.pricePerGpuHour).toBe(2.2);
    expect(a6000.priceSource).toMatchObject({ provider: "恒源云 (gpushare)", date: "2026-10-20" });
  });

  it("without an exchange rate, a price in another currency is refused at its field", () => {
    const r = runRequest(
      {
        task: "plan",
        workload: LORA_8B,
        tokens: 1e9,
        currency: "USD",
        prices: { "h100-sxm": { pricePerGpuHour: 18, currency: "CNY" } },
      },
      ctx,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.field)).toContain("prices.h100-sxm.currency");
  });
});

describe("plan: the best count of each GPU", () => {
  it("lists each GPU once, at its first row in the plan's order", () => {
    const p = plan({ workload: LORA_8B, tokens: 5e8, sortBy: "time" });
    const best = bestRows(p);
    expect(new Set(best.map((r) => r.gpu)).size).toBe(p.best.length);
    expect(new Set(p.rows.map((r) => r.gpu)).size).toBe(p.best.length);
    for (const [n, b] of best.entries())
      expect(p.best[n]).toBe(p.rows.findIndex((r) => r.gpu === b.gpu));
    expect(p.best).toEqual([...p.best].sort((a, b) => a - b));
  });
  it("asked for best counts only (as the page asks), lists those rows and no other", () => {
    const all = plan({ workload: LORA_8B, tokens: 5e8, sortBy: "time" });
    const only = plan({ workload: LORA_8B, tokens: 5e8, sortBy: "time", counts: "best" });
    expect(all.rows.length).toBeGreaterThan(all.best.length);
    expect(only.rows).toEqual(bestRows(all));
    expect(only.best).toEqual(only.rows.map((_, i) => i));
    // What the ranking weighed is the same: its total counts every option tried.
    expect((only as unknown as { total: number }).total).toBe(all.rows.length);
  });
});

describe("plan: node shapes and scaling", () => {
  it("no row puts more GPUs in one node than the GPU is rented in", () => {
    const p = plan({
      workload: { task: "train-memory", model: { preset: "llama-3.1-70b" } },
      tokens: 1e9,
      interNodeGbps: 400,
    });
    for (const r of p.rows) {
      const most = Math.max(...byId(r.gpu).nodeGpus);
      expect(r.gpusPerNode).toBeLessThanOrEqual(most);
      expect(r.nodes * r.gpusPerNode).toBeGreaterThanOrEqual(r.gpus);
      if (r.verdict === "needs-gpus") expect(r.gpus).toBeLessThanOrEqual(most);
      if (r.verdict === "needs-nodes") expect(r.nodes).toBeGreaterThan(1);
    }
  });

  it("the verdict says what the workload needs: a row with more GPUs has the same one", () => {
    const lora = plan({ workload: LORA_8B, tokens: 5e8, gpus: ["h100-sxm"] });
    expect(row(lora, "h100-sxm", 8)).toMatchObject({ verdict: "fits", fewestGpus: 1 });
    const full = plan({
      workload: { task: "train-memory", model: { preset: "llama-3.1-8b" } },
      tokens: 1e9,
      gpus: ["h100-sxm"],
      interNodeGbps: 400,
    });
    const fewest = Math.min(...full.rows.map((r) => r.gpus));
    expect(fewest).toBeGreaterThan(1);
    for (const r of full.rows) {
      expect(r.fewestGpus).toBe(fewest);
      expect(r.verdict).toBe(fewest <= 8 ? "needs-gpus" : "needs-nodes");
    }
  });

  it("several nodes only over a stated network", () => {
    const p = plan({
      workload: { task: "train-memory", model: { preset: "llama-3.1-70b" } },
      tokens: 1e9,
      gpus: ["rtx-4090"],
    });
    const multi = p.rows.filter((r) => r.verdict === "needs-nodes");
    for (const r of multi) {
      expect(r.hours).toBeNull();
      expect(r.reasons).toContain("no-inter-node-network");
    }
  });

  it("predicted scaling falls with slower links and more GPUs, and never exceeds 1", () => {
    // Full fine-tuning of 8B: fp32 gradients, 32 GB per step, over each GPU's ring.
    const comms = (gpu: GpuSpec, n: number) => {
      const c = {
        dataParallel: n,
        tensorParallel: 1,
        pipelineParallel: 1,
        virtualStages: 1,
        expertParallel: 1,
        sharding: "none" as const,
        gradientBytes: 32e9,
        paramBytes: 32e9,
        activationBytesPerLayer: 0,
        layers: 32,
        moeLayers: 0,
        expertPeersInNode: 1,
        routedBytesPerMoeLayer: 0,
        microBatchesPerStep: 1,
        forwardReruns: 0,
        megatronOverlap: false,
      };
      const links = { dp: ringLink(gpu, n, 8, 50), tp: null, pp: null, ep: null, epLocal: null };
      return predictScaling(0.5, stepCommSeconds(c, links)).efficiency;
    };
    const nvswitch = comms(byId("h100-sxm"), 8);
    const pcie = comms(byId("l40s"), 8);
    const noP2p = comms(byId("rtx-4090"), 8);
    expect(nvswitch).toBeGreaterThan(pcie);
    expect(pcie).toBeGreaterThan(noP2p);
    expect(comms(byId("l40s"), 2)).toBeGreaterThan(comms(byId("l40s"), 8));
    // Across nodes at 50 GB/s per GPU, below NVLink inside one node.
    expect(comms(byId("h100-sxm"), 16)).toBeLessThan(nvswitch);
    for (const e of [nvswitch, pcie, noP2p]) expect(e).toBeLessThanOrEqual(1);
  });

  it("a measured scaling replaces the prediction, and the row says which it used", () => {
    const workload = {
      task: "train-memory",
      model: { preset: "llama-3.2-3b" },
      recompute: "full",
      seqLen: 1024,
    };
    const predicted = plan({ workload, tokens: 1e9, gpus: ["rtx-4090"], maxGpus: 8 });
    const measured = plan({ workload, tokens: 1e9, gpus: ["rtx-4090"], maxGpus: 8, scaling: 0.6 });
    const p = predicted.rows.find((r) => r.gpus === 8)!;
    const m = measured.rows.find((r) => r.gpus === 8)!;
    expect(p.verdict).toBe("needs-gpus");
    expect(p.scalingBasis).toBe("predicted");
    expect(p.scalingEfficiency!).toBeLessThanOrEqual(1);
    expect(p.reasons).toContain("host-staged-p2p");
    expect(m.scalingBasis).toBe("measured");
    expect(m.scalingEfficiency).toBe(0.6);
  });
});

describe("plan: serving in one step", () => {
  const serve = {
    task: "serve",
    engine: "vllm",
    model: { preset: "llama-3.1-70b" },
    weightBits: 16,
    users: 20,
    contextTokens: 8192,
    outputTokensPerSecondPerUser: 20,
  };
  it("every row that runs gives each user at least the rate asked for, within a node per group", () => {
    const p = plan({ workload: serve });
    const running = p.rows.filter((r) => r.verdict !== "does-not-fit");
    expect(running.length).toBeGreaterThan(5);
    for (const r of running) {
      expect(r.tokensPerSecondPerUser).toBeGreaterThanOrEqual(20);
      // Priced at the load asked: 20 users x 20 tokens/s each.
      if (r.cost !== null && r.pricePerGpuHour !== null)
        expect(r.costPerMillionTokens).toBeCloseTo(
          (r.pricePerGpuHour * r.gpus * 1e6) / (3600 * 20 * 20),
          6,
        );
    }
    // 70B in 16 bits is 141 GB: no 80 GB GPU holds it alone.
    expect(row(p, "h100-sxm", p.rows.find((r) => r.gpu === "h100-sxm")!.gpus).gpus).toBeGreaterThan(
      1,
    );
  });
  it("the serve task answers the same for one GPU", () => {
    const one = runRequest({ ...serve, gpu: "h100-sxm" }, ctx);
    expect(one.ok).toBe(true);
    const all = plan({ workload: serve });
    if (one.ok) {
      const rows = (one.result as unknown as Plan).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual(all.rows.find((r) => r.gpu === "h100-sxm"));
    }
  });
});

describe("cost and train-time: each GPU at its own speed, scaling with its basis", () => {
  it("an H200 plan and an A100 plan no longer run the same hours", () => {
    const r = runRequest(
      {
        task: "cost",
        singleGpuHours: 10,
        options: [
          { gpu: "a100-80gb-sxm", gpus: 1, pricePerHour: 7 },
          { gpu: "h200-sxm", gpus: 1, pricePerHour: 18 },
        ],
      },
      ctx,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const options = (r.result as unknown as { options: { runHours: number }[] }).options;
    const ratio =
      peakTflops(byId("h200-sxm"), "bf16").tflops /
      peakTflops(byId("a100-80gb-sxm"), "bf16").tflops;
    expect(options[0]?.runHours).toBe(10);
    expect(options[1]?.runHours).toBeCloseTo(10 / ratio, 9);
    expect(r.result.warnings.map((w) => w.code)).toContain("speed-carried");
  });

  it("a multi-GPU cost option says whether its scaling was measured or assumed linear", () => {
    const r = runRequest(
      {
        task: "cost",
        singleGpuHours: 72,
        options: [
          { gpu: "rtx-4090", gpus: 1, pricePerHour: 2.5 },
          { gpu: "rtx-4090", gpus: 4, pricePerHour: 10, scaling: 0.75 },
          { gpu: "rtx-4090", gpus: 8, pricePerHour: 20 },
        ],
      },
      ctx,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const options = (r.result as unknown as { options: { scalingBasis: string }[] }).options;
    expect(options.map((o) => o.scalingBasis)).toEqual([
      "single-gpu",
      "measured",
      "assumed-linear",
    ]);
    expect(r.result.warnings.map((w) => w.code)).toContain("scaling-assumed-linear");
  });

  it("train-time predicts scaling on several GPUs unless it is given, and says which", () => {
    const base = {
      task: "train-time",
      model: { preset: "llama-3.2-3b" },
      recompute: "full",
      seqLen: 1024,
      tokens: 1e9,
      gpu: "rtx-4090",
      gpus: 8,
      sharding: "zero3",
    };
    const run = (extra: object) => {
      const r = runRequest({ ...base, ...extra }, ctx);
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      return r.result as unknown as {
        scalingEfficiency: number;
        scalingBasis: string;
        hours: number;
        breakdown: { key: string; value: number }[];
      };
    };
    const predicted = run({});
    expect(predicted.scalingBasis).toBe("predicted");
    expect(predicted.scalingEfficiency).toBeLessThan(1);
    const measured = run({ scaling: 0.9 });
    expect(measured.scalingBasis).toBe("measured");
    // The optimizer step's hours are the same work on the same GPUs either way; the rest
    // is the ideal compute ÷ the scaling.
    const fixed = (r: typeof measured) => r.breakdown.find((p) => p.key === "fixed-work")?.value;
    expect(fixed(measured)).toBeGreaterThan(0);
    expect(fixed(measured)).toBeCloseTo(fixed(predicted) ?? 0, 9);
    expect((measured.hours - (fixed(measured) ?? 0)) * 0.9).toBeCloseTo(
      (predicted.hours - (fixed(predicted) ?? 0)) * predicted.scalingEfficiency,
      6,
    );
  });
});

describe("cost: a GPU without a speed figure", () => {
  it("is refused at its field when hours must be carried from or to it, never an exception", () => {
    const r = runRequest(
      {
        task: "cost",
        bound: "memory-bandwidth",
        options: [
          { gpu: "ascend-910b", gpus: 1, pricePerHour: 10, runHours: 5 },
          { gpu: "h100-sxm", gpus: 1, pricePerHour: 20 },
        ],
      },
      ctx,
    );
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues.map((i) => `${i.field}: ${i.code}`)).toContain(
        "options.0.gpu: gpu-no-bandwidth",
      );
    // Options on the same GPU as the measured one carry nothing and need no figure.
    const same = runRequest(
      {
        task: "cost",
        bound: "memory-bandwidth",
        options: [
          { gpu: "ascend-910b", gpus: 1, pricePerHour: 10, runHours: 5 },
          { gpu: "ascend-910b", gpus: 2, pricePerHour: 20 },
        ],
      },
      ctx,
    );
    expect(same.ok).toBe(true);
  });
});

describe("plan: the layout train-time takes", () => {
  // Qwen3-30B-A3B: 128 experts of which 8 per token, 48 layers.
  const MOE = {
    task: "train-memory",
    model: { preset: "qwen3-30b-a3b" },
    precision: "bf16-mixed",
    seqLen: 4096,
    recompute: "full",
    sharding: "fsdp",
  };
  const hoursOf = (extra: Record<string, unknown>) => {
    const { task: _memory, ...fields } = MOE;
    const r = runRequest(
      {
        task: "train-time",
        ...fields,
        gpu: "h100-sxm",
        gpus: 16,
        tokens: 1e9,
        interNodeGbps: 400,
        ...extra,
      },
      ctx,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return (r.result as unknown as { hours: number }).hours;
  };

  it("a 16-GPU row runs the hours train-time gives for the same layout, FP8 and kernel", () => {
    // One path: the plan's row and train-time time the run through the same step, so with
    // expert parallel 8, FP8 and FlashAttention 1 over two nodes they agree to the last digit.
    // (The memory check needs two nodes: it does not split the experts, see below.)
    const layout = { expertParallel: 8, fp8: true, attentionKernel: "flash1" };
    const p = plan({
      workload: MOE,
      tokens: 1e9,
      gpus: ["h100-sxm"],
      interNodeGbps: 400,
      ...layout,
    });
    expect(row(p, "h100-sxm", 16).runHours).toBeCloseTo(hoursOf(layout), 9);
    // And the layout matters: without expert parallelism or FP8 the hours differ.
    expect(hoursOf(layout)).not.toBeCloseTo(hoursOf({}), 3);
  });

  it("rows only at counts the layout divides, and memory flagged as unsplit", () => {
    // Pipeline 2 x expert parallel 8 needs a multiple of 16 GPUs.
    const p = plan({
      workload: MOE,
      tokens: 1e9,
      gpus: ["h100-sxm"],
      pipelineParallel: 2,
      expertParallel: 8,
      interNodeGbps: 400,
    });
    const counts = p.rows.filter((x) => x.verdict !== "does-not-fit").map((x) => x.gpus);
    expect(counts.length).toBeGreaterThan(0);
    for (const c of counts) expect(c % 16).toBe(0);
    expect(p.warnings.map((w) => w.code)).toContain("layout-memory-unsplit");
  });

  it("refuses a layout no count can run, at its field", () => {
    const r = runRequest(
      { task: "plan", workload: MOE, tokens: 1e9, expertParallel: 3, virtualStages: 2 },
      ctx,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const issues = r.issues.map((i) => `${i.field}: ${i.code}`);
      // 128 experts do not split over 3 ranks; interleaving needs pipeline stages.
      expect(issues).toContain("expertParallel: experts-not-divisible");
      expect(issues).toContain("virtualStages: needs-with");
    }
  });
});
