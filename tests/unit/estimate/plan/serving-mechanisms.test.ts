/**
 * Serving plan rows (`plan/serving.ts`), every plan computed inside its test: the row's
 * group arithmetic (replicas, users per replica, nodes, shape, reasons, load, spare share,
 * cost per million tokens) checked against the formulas worked by hand from the users and
 * rate asked and the row's own group, and the verdicts of a GPU that lacks a figure, cannot
 * hold the model, or cannot give a user the rate asked.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { ServingPlanInput } from "../../../../src/estimate/plan/serving.ts";
import { servingRow } from "../../../../src/estimate/plan/serving.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { rtx4090 } from "../helpers.ts";

const gpus = loadGpuSpecs();
const ctx = { gpus, presets: PRESETS, prices: [], today: "2026-12-05" };

function rows(workload: Record<string, unknown>, extra: Record<string, unknown> = {}): PlanRow[] {
  const r = runRequest({ task: "plan", workload: { task: "serve", ...workload }, ...extra }, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return (r.result as unknown as { rows: PlanRow[] }).rows;
}

/** Llama 3.1 70B in 16 bit, 20 users at 20 tokens/s each, 8192 tokens of context. */
const W70 = {
  model: { preset: "llama-3.1-70b" },
  weightBits: 16,
  users: 20,
  contextTokens: 8192,
  outputTokensPerSecondPerUser: 20,
};

describe("a serving row's group arithmetic", () => {
  it("replicas, users per replica, nodes, shape and reasons follow from the group", () => {
    const priced = { "h100-sxm": 2, "a100-80gb-sxm": 1.5, "rtx-4090": 0.4 };
    const all = rows(W70, { gpus: Object.keys(priced), prices: priced });
    const served = all.filter((r) => r.verdict !== "does-not-fit");
    expect(served.length).toBeGreaterThan(0);
    let tensor = 0;
    for (const r of served) {
      const gpu = gpus.find((g) => g.id === r.gpu)!;
      const tp = r.tensorParallel!;
      const replicas = r.gpus / tp;
      expect(Number.isInteger(replicas)).toBe(true);
      // 20 users over the replicas, rounded up.
      expect(r.usersPerReplica).toBe(Math.ceil(20 / replicas));
      // A node of the largest shape holds floor(perNode / tp) whole groups.
      const perNode = Math.max(...gpu.nodeGpus);
      expect(r.nodes).toBe(Math.ceil(replicas / Math.floor(perNode / tp)));
      expect(r.fewestNodes).toBe(r.nodes);
      expect(r.shape).toBe(tp > 1 ? "tensor-parallel" : replicas > 1 ? "replicas" : "single");
      expect(r.reasons.includes("tensor-parallel-in-node")).toBe(tp > 1);
      expect(r.reasons.includes("replicas-independent")).toBe(replicas > 1);
      expect(r.reasons.includes("unverified-figures")).toBe(gpu.unverified.length > 0);
      expect(r.reasons.includes("speed-from-run")).toBe(false);
      expect(r.reasons.at(-1)).toBe("user-price");
      expect(r.scalingBasis).toBe(r.gpus === 1 ? "single-gpu" : "independent");
      expect(r.scalingEfficiency).toBeNull();
      // The load asked: 20 users · 20 tokens/s = 400 tokens/s, each user at least 20.
      expect(r.loadTokensPerSecond).toBe(400);
      expect(r.tokensPerSecondPerUser!).toBeGreaterThanOrEqual(20);
      expect(r.tokensPerSecondPerUserRange).toBeDefined();
      // Capacity is whole groups' users; the share of it left: 1 − 20 / capacity.
      expect(r.capacityUsers! % replicas).toBe(0);
      expect(r.capacityUsers!).toBeGreaterThanOrEqual(20);
      expect(r.spareShare).toBeCloseTo(1 - 20 / r.capacityUsers!, 12);
      // Every GPU of the row billed for the load: price · GPUs per hour over 400 · 3600
      // tokens an hour, per million tokens.
      const price = priced[r.gpu as keyof typeof priced];
      expect(r.costPerMillionTokens).toBeCloseTo(((price * r.gpus) / (400 * 3600)) * 1e6, 9);
      // One hour served (the default): the run is 1 h, the cost price · GPUs · billed hours.
      expect(r.runHours).toBe(1);
      if (tp > 1) tensor++;
    }
    // 140 GB of 16-bit weights: no 80 GB GPU holds them alone, so a group is split.
    expect(tensor).toBeGreaterThan(0);
  });

  it("a small model for many users: replicas of one GPU, each a whole group", () => {
    // Llama 3.2 1B (2.5 GB in 16 bit) for 2000 users at 30 tokens/s: one GPU cannot give
    // them all 30 tokens/s, so several single-GPU replicas share them.
    const all = rows(
      {
        model: { preset: "llama-3.2-1b" },
        weightBits: 16,
        users: 2000,
        contextTokens: 2048,
        outputTokensPerSecondPerUser: 30,
      },
      { gpus: ["h100-sxm"], prices: { "h100-sxm": 2 } },
    );
    const r = all[0]!;
    expect(r.verdict).not.toBe("does-not-fit");
    const replicas = r.gpus / r.tensorParallel!;
    expect(replicas).toBeGreaterThan(1);
    expect(r.usersPerReplica).toBe(Math.ceil(2000 / replicas));
    expect(r.spareShare).toBeCloseTo(1 - 2000 / r.capacityUsers!, 12);
    expect(r.spareShare!).toBeGreaterThanOrEqual(0);
    // 2000 · 30 = 60,000 tokens/s asked.
    expect(r.loadTokensPerSecond).toBe(60_000);
  });

  it("a rate no group can give each user: too slow, though the model fits", () => {
    // 1B model, one user at 1,000,000 tokens/s: it fits one GPU, no GPU decodes that fast.
    const all = rows(
      {
        model: { preset: "llama-3.2-1b" },
        weightBits: 16,
        users: 1,
        contextTokens: 2048,
        outputTokensPerSecondPerUser: 1e6,
      },
      { gpus: ["h100-sxm"] },
    );
    expect(all[0]!.verdict).toBe("does-not-fit");
    expect(all[0]!.reasons).toEqual(["too-slow-per-user"]);
  });

  it("a model no group of the GPU holds: does not fit, at the largest count tried", () => {
    // 70B in 16 bit (about 141 GB of weights) on T4s: the largest group, a node of 8, has
    // 8 · 15,360 MiB = 128.8 GB. Counts up to the default 64: 1, 4, 8, 16, 32, 64.
    const all = rows(W70, { gpus: ["t4"] });
    expect(all[0]!.reasons).toEqual(["does-not-fit-largest"]);
    expect(all[0]!.gpus).toBe(64);
    expect(all[0]!.verdict).toBe("does-not-fit");
  });

  it("a model that fits only a group larger than the GPUs allowed does not fit; it is not too slow", () => {
    // 70B in 16 bit: about 70.6e9 · 2 = 141 GB of weights, more than one H100's 80 GB. With
    // one GPU allowed no group holds it (a group of 2 would, but the plan may not use it).
    const one = rows(
      { ...W70, users: 1, outputTokensPerSecondPerUser: 5 },
      {
        gpus: ["h100-sxm"],
        maxGpus: 1,
      },
    );
    expect(one[0]!.verdict).toBe("does-not-fit");
    expect(one[0]!.reasons).toEqual(["does-not-fit-largest"]);
    expect(one[0]!.gpus).toBe(1);
    // Four allowed: a tensor-parallel group holds it and serves the one user.
    const four = rows(
      { ...W70, users: 1, outputTokensPerSecondPerUser: 5 },
      {
        gpus: ["h100-sxm"],
        maxGpus: 4,
      },
    );
    expect(four[0]!.verdict).not.toBe("does-not-fit");
    expect(four[0]!.tensorParallel).toBeGreaterThan(1);
  });

  it("a GPU without a bandwidth or FP32 figure names what it lacks, in that order", () => {
    // The figures are checked before anything else is read: no serving setup is needed.
    const p = {} as ServingPlanInput;
    const { bandwidthGBps: _b, ...noBw } = rtx4090;
    expect(servingRow(p, noBw).reasons).toEqual(["no-bandwidth-figure"]);
    const { fp32Tflops: _f, ...noFp32 } = rtx4090;
    expect(servingRow(p, noFp32).reasons).toEqual(["no-compute-figure"]);
    const { fp32Tflops: _g, ...neither } = noBw;
    const row = servingRow(p, neither);
    expect(row.reasons).toEqual(["no-bandwidth-figure", "no-compute-figure"]);
    expect(row).toMatchObject({ gpus: 1, verdict: "does-not-fit", hours: null });
  });
});
