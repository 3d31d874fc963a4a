/**
 * Serving rows of the plan: vLLM when no engine is named (and the result says so), priced
 * rows for the GPUs people serve 70B models on, cost per million tokens at the load asked
 * with the spare capacity beside it, and one memory verdict: every row's memory per GPU and
 * fit are what the inference memory task says for the same workload.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { loadReferencePrices } from "../../../../src/prices/load.ts";
import { bestRows } from "../../../../src/stores/views/plan-rows.ts";

const gpus = loadGpuSpecs();
// Reference prices are aged against a fixed day, so the rows used do not change as the
// file ages (a row over a year old is never used).
const ctx = { gpus, presets: PRESETS, prices: loadReferencePrices(), today: "2026-12-05" };

interface Plan {
  rows: PlanRow[];
  /** Indices into `rows`. */
  best: number[];
  assumptions: { key: string; value: unknown; source: string }[];
}
function run<T>(request: Record<string, unknown>): T {
  const r = runRequest(request, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as T;
}

/** The issue's workload: Llama 3.1 70B in 16 bit for 20 users at 20 tokens/s, 8192 context. */
const workload = {
  task: "serve",
  model: { preset: "llama-3.1-70b" },
  weightBits: 16,
  users: 20,
  contextTokens: 8192,
  outputTokensPerSecondPerUser: 20,
};

describe("serve workload without an engine", () => {
  // Planned inside each test: a plan made in a describe body is never run against mutants.
  const served = () => run<Plan>({ task: "plan", workload });

  it("runs vLLM with vllm bench serve's lengths and says so", () => {
    const p = served();
    const a = (key: string) => p.assumptions.find((x) => x.key === key);
    expect(a("engine")).toMatchObject({ value: "vllm", source: "serve-engine-default" });
    expect(a("prompt-tokens")).toMatchObject({ value: 1024, source: "serve-lengths-default" });
    expect(a("output-tokens")).toMatchObject({ value: 256, source: "serve-lengths-default" });
    const named = run<Plan>({ task: "plan", workload: { ...workload, engine: "sglang" } });
    expect(named.assumptions.find((x) => x.key === "engine")).toMatchObject({
      value: "sglang",
      source: "request",
    });
  });

  it("gives priced H100, H200 and A100 rows with a cost per million tokens", () => {
    const p = served();
    for (const id of ["h100-sxm", "h200-sxm", "a100-80gb-sxm"]) {
      const r = bestRows(p).find((x) => x.gpu === id);
      expect(r?.verdict, id).not.toBe("does-not-fit");
      expect(r?.pricePerGpuHour, id).toBeGreaterThan(0);
      expect(r?.costPerMillionTokens, id).toBeGreaterThan(0);
      expect(r?.tokensPerSecondPerUser, id).toBeGreaterThanOrEqual(20);
      // 141 GB of 16-bit weights: no 80 GB GPU holds them alone.
      expect(r?.gpus, id).toBeGreaterThan(1);
    }
  });

  it("prices the load asked (users x rate) and reports the spare capacity beside it", () => {
    const p = served();
    for (const r of p.rows.filter((x) => x.verdict !== "does-not-fit")) {
      // 20 users x 20 tokens/s = 400 tokens/s = 1.44 M tokens an hour.
      expect(r.loadTokensPerSecond, r.gpu).toBe(400);
      if (r.pricePerGpuHour !== null)
        expect(r.costPerMillionTokens, r.gpu).toBeCloseTo((r.pricePerGpuHour * r.gpus) / 1.44, 9);
      expect(r.capacityUsers!, r.gpu).toBeGreaterThanOrEqual(20);
      expect(r.spareShare!, r.gpu).toBeCloseTo(1 - 20 / r.capacityUsers!, 12);
    }
    // An H100 group of 4 serves more than 20 users at 20 tokens/s each: some is spare.
    expect(bestRows(p).find((x) => x.gpu === "h100-sxm")?.spareShare).toBeGreaterThan(0);
  });

  it("every row's memory per GPU and fit are the inference memory task's for the same workload", () => {
    const p = served();
    const { task: _task, users: _users, outputTokensPerSecondPerUser: _rate, ...setup } = workload;
    for (const r of p.rows) {
      if (r.verdict === "does-not-fit") {
        if (!r.reasons.includes("does-not-fit-largest")) continue;
        // Not even the largest tensor-parallel group in one node holds one user.
        const perNode = Math.max(...gpus.find((g) => g.id === r.gpu)!.nodeGpus);
        const tp = 2 ** Math.floor(Math.log2(Math.min(8, perNode)));
        const m = run<{ verdict: { chosen: { fit: string } } }>({
          task: "infer-memory",
          ...setup,
          gpu: r.gpu,
          tensorParallel: tp,
          sequences: 1,
        });
        // A group takes no user a tight fit would squeeze in: tight counts as not holding one.
        expect(m.verdict.chosen.fit, r.gpu).not.toBe("fits");
        continue;
      }
      const m = run<{ verdict: { needBytes: number; rentGB: number; chosen: { fit: string } } }>({
        task: "infer-memory",
        ...setup,
        gpu: r.gpu,
        tensorParallel: r.tensorParallel,
        sequences: r.usersPerReplica,
      });
      expect(m.verdict.chosen.fit, r.gpu).toBe("fits");
      expect(m.verdict.needBytes, r.gpu).toBe(r.memoryPerGpuBytes);
      // The figure the table prints is the memory page's headline figure, rounded the same way.
      expect(r.memoryPerGpuRentGB, r.gpu).toBe(m.verdict.rentGB);
      // Rounded up to 0.1 GB (10⁸ bytes): never below the need, less than 0.1 GB above it.
      const rentBytes = r.memoryPerGpuRentGB! * 1e9;
      expect(rentBytes, r.gpu).toBeGreaterThanOrEqual(r.memoryPerGpuBytes! - 1);
      expect(rentBytes - r.memoryPerGpuBytes!, r.gpu).toBeLessThan(1e8);
    }
  });
});

describe("the memory verdict of a reserving engine", () => {
  it("says no when the pool cannot hold the sequences, though the need fits", () => {
    // vLLM at 30% of an 80 GB A100 keeps 24.6 GB: 16 GB of Llama 3.1 8B weights leave a pool
    // of about 7 GB, 0.5 GB a sequence at 4096 tokens (32 layers x 8 KV heads x 128 x 2 x 2
    // bytes x 4096): far fewer than 64 sequences.
    const m = run<{
      kvPool: { maxSequences: number };
      recommendedBytes: number;
      verdict: { chosen: { fit: string } };
    }>({
      task: "infer-memory",
      model: { preset: "llama-3.1-8b" },
      engine: "vllm",
      gpu: "a100-80gb-sxm",
      gpuMemoryUtilization: 0.3,
      contextTokens: 4096,
      sequences: 64,
    });
    expect(m.kvPool.maxSequences).toBeLessThan(64);
    expect(m.verdict.chosen.fit).toBe("does-not-fit");
  });
});
