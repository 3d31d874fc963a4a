/**
 * The layout rules of `train-time` (pipeline and expert parallelism, the network): a bad
 * combination is refused at the field that causes it, in words, never run.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";

const ctx = { gpus: loadGpuSpecs().filter((g) => g.id === "h100-sxm"), presets: PRESETS };
const base = { task: "train-time", gpu: "h100-sxm", tokens: 1e9 };
const issues = (request: Record<string, unknown>) => {
  const r = runRequest({ ...base, ...request }, ctx);
  return r.ok ? [] : r.issues.map((i) => `${i.field}:${i.code}`);
};

describe("train-time layout rules", () => {
  const dense = { model: { preset: "llama-3.1-8b" } };
  const moe = { model: { preset: "qwen3-30b-a3b" } };
  it("tensor x pipeline parallel must divide the GPUs", () => {
    expect(issues({ ...dense, gpus: 8, tensorParallel: 2, pipelineParallel: 3 })).toEqual([
      "pipelineParallel:layout-not-divisor",
    ]);
    expect(issues({ ...dense, gpus: 8, tensorParallel: 2, pipelineParallel: 4 })).toEqual([]);
  });
  it("each pipeline stage needs a layer; uneven splits are allowed; virtual stages need a pipeline", () => {
    // Llama-3.1-8B has 32 layers: 16 stages x 2 virtual = 32 is fine, x 4 = 64 is not.
    expect(issues({ ...dense, gpus: 16, pipelineParallel: 16, virtualStages: 2 })).toEqual([]);
    expect(issues({ ...dense, gpus: 16, pipelineParallel: 16, virtualStages: 4 })).toEqual([
      "pipelineParallel:stages-exceed-layers",
    ]);
    expect(issues({ ...dense, gpus: 12, pipelineParallel: 3 })).toEqual([]);
    expect(issues({ ...dense, gpus: 8, virtualStages: 2 })).toEqual(["virtualStages:needs-with"]);
  });
  it("expert parallel only for an MoE, dividing its experts, and pipeline x expert the GPUs", () => {
    expect(issues({ ...dense, gpus: 8, expertParallel: 8 })).toEqual([
      "expertParallel:dense-no-experts",
    ]);
    // Qwen3-30B-A3B has 128 experts: 8 divides them, 6 does not.
    expect(issues({ ...moe, gpus: 8, expertParallel: 8 })).toEqual([]);
    expect(issues({ ...moe, gpus: 12, expertParallel: 6 })).toEqual([
      "expertParallel:experts-not-divisible",
    ]);
    expect(issues({ ...moe, gpus: 8, pipelineParallel: 2, expertParallel: 8 })).toEqual([
      "expertParallel:experts-layout-not-divisor",
    ]);
  });
  it("a network preset or a rate in Gb/s; the rate wins", () => {
    const run = (request: Record<string, unknown>) => {
      const r = runRequest({ ...base, ...dense, gpus: 16, ...request }, ctx);
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      return r.result as unknown as {
        assumptions: { key: string; value: unknown; source: string }[];
        warnings: { code: string }[];
      };
    };
    const net = (request: Record<string, unknown>) =>
      run(request).assumptions.find((a) => a.key === "inter-node-gbps");
    expect(net({ network: "ethernet-25" })).toMatchObject({ value: 25, source: "network-preset" });
    expect(net({ network: "ethernet-25", interNodeGbps: 800 })).toMatchObject({
      value: 800,
      source: "request",
    });
    // Two nodes and no network: the result says the speed past one node is assumed.
    expect(run({}).warnings.map((w) => w.code)).toContain("inter-node-network-unknown");
  });
});
