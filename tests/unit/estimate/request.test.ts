import { describe, expect, it } from "vitest";
import { parseRequest, TASKS } from "../../../src/estimate/request.ts";
import { runRequest } from "../../../src/estimate/run.ts";
import { allFinite, GPUS } from "./helpers.ts";

const infer = {
  task: "infer-memory",
  model: { params: 7e9 },
  weightBits: 4,
  contextTokens: 4096,
  sequences: 8,
};
const train = {
  task: "train-memory",
  model: { preset: "llama-3.1-8b" },
  microBatch: 1,
  seqLen: 2048,
};

const arch = { layers: 32, hidden: 4096, heads: 32, kvHeads: 8, ffn: 14336, vocab: 128256 };

function errorsOf(req: unknown) {
  const r = parseRequest(req);
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.errors;
}

describe("request validation names the field and the allowed range", () => {
  it.each([
    ["unknown task", { task: "nope" }, "task", /task must be one of: train-memory/],
    ["no task", { model: { params: 1 } }, "task", /task must be one of/],
    ["negative micro-batch", { ...train, microBatch: -1 }, "microBatch", /≥ 1/],
    ["zero micro-batch", { ...train, microBatch: 0 }, "microBatch", /≥ 1/],
    ["fractional sequence length", { ...train, seqLen: 10.5 }, "seqLen", /whole number/],
    ["seqLen as a string", { ...train, seqLen: "2048" }, "seqLen", /number/],
    ["NaN params", { ...infer, model: { params: Number.NaN } }, "model", /must be \{preset\}/],
    ["zero params", { ...infer, model: { params: 0 } }, "model.params", /> 0/],
    [
      "more active than total params",
      { ...infer, model: { params: 7e9, activeParams: 8e9 } },
      "model.activeParams",
      /≤ params/,
    ],
    [
      "more KV heads than heads",
      { ...infer, model: { ...arch, kvHeads: 48 } },
      "model.kvHeads",
      /divide heads/,
    ],
    [
      "KV heads that do not divide the heads",
      { ...infer, model: { ...arch, kvHeads: 5 } },
      "model.kvHeads",
      /divide heads/,
    ],
    [
      "more active experts than experts",
      { ...infer, model: { ...arch, experts: 8, activeExperts: 9 } },
      "model.activeExperts",
      /≤ experts/,
    ],
    [
      "Infinity (JSON 1e400) context",
      { ...infer, contextTokens: JSON.parse("1e400") },
      "contextTokens",
      /≤ 100000000/,
    ],
    ["zero sequences", { ...infer, sequences: 0 }, "sequences", /≥ 1/],
    ["weightBits as a string", { ...infer, weightBits: "4" }, "weightBits", /number/],
    ["weightBits 0", { ...infer, weightBits: 0 }, "weightBits", /≥ 1 and ≤ 32/],
    ["kvBits 5", { ...infer, kvBits: 5 }, "kvBits", /4, 8, 16 or 32/],
    ["unknown precision", { ...train, precision: "fp8" }, "precision", /one of: fp32, fp16-mixed/],
    ["unknown optimizer", { ...train, optimizer: "lion" }, "optimizer", /adamw/],
    ["headroom above 1", { ...train, headroom: 2 }, "headroom", /≤ 1/],
    [
      "empty LoRA targets",
      { ...train, lora: { rank: 8, targets: [] } },
      "lora.targets",
      /at least one/,
    ],
    [
      "unknown LoRA target",
      { ...train, lora: { rank: 8, targets: ["qkv"] } },
      "lora.targets.0",
      /one of: q, k, v/,
    ],
    [
      "LoRA baseBits 3",
      { ...train, lora: { rank: 8, targets: ["q"], baseBits: 3 } },
      "lora.baseBits",
      /4, 8 or 16/,
    ],
    ["gpu id as a number", { ...infer, gpu: 4090 }, "gpu", /string id/],
    ["no cost options", { task: "cost", options: [] }, "options", /at least one/],
    [
      "negative price",
      { task: "cost", options: [{ gpu: "x", gpus: 1, pricePerHour: -1, runHours: 1 }] },
      "options.0.pricePerHour",
      /≥ 0/,
    ],
    [
      "mfu above 1",
      { task: "train-time", model: { params: 7e9 }, tokens: 1e9, gpu: "a100-80gb-sxm", mfu: 1.5 },
      "mfu",
      /≤ 1/,
    ],
    [
      "zero throughput",
      { task: "diagnose", throughputA: 0, throughputB: 1, peakA: 1, peakB: 2 },
      "throughputA",
      /> 0/,
    ],
    ["unknown resolution", { task: "render", resolution: "16k" }, "resolution", /1080p, 4k, 8k/],
    [
      "architecture with zero layers",
      { ...train, model: { layers: 0, hidden: 64, heads: 1, ffn: 64, vocab: 10 } },
      "model.layers",
      /whole number ≥ 1/,
    ],
  ])("%s", (_name, req, field, message) => {
    const errors = errorsOf(req);
    const hit = errors.find((e) => e.field === field);
    expect(hit, JSON.stringify(errors)).toBeDefined();
    expect(hit!.message).toMatch(message);
  });

  it("a body that is not an object is rejected, not thrown", () => {
    for (const x of [null, 42, "train-memory", [], undefined]) {
      expect(errorsOf(x).length).toBeGreaterThan(0);
    }
  });

  it("lists every task, and accepts a minimal request for each", () => {
    expect(TASKS).toHaveLength(8);
    const minimal = [
      train,
      infer,
      { task: "decode-speed", model: { params: 7e9 }, weightBits: 16, gpu: "rtx-4090" },
      { task: "train-time", model: { params: 7e9 }, tokens: 1e9, gpu: "a100-80gb-sxm" },
      { task: "cost", options: [{ gpu: "rtx-4090", gpus: 1, pricePerHour: 1, runHours: 1 }] },
      { task: "fit-rank", workload: infer },
      { task: "diagnose", throughputA: 1, throughputB: 2, peakA: 65, peakB: 312 },
      { task: "render", resolution: "4k" },
    ];
    expect(minimal.map((m) => m.task).sort()).toEqual([...TASKS].sort());
    for (const m of minimal) {
      const p = parseRequest(m);
      expect(p.ok, JSON.stringify(p)).toBe(true);
      if (p.ok)
        expect(allFinite(JSON.parse(JSON.stringify(runRequest(p.request, GPUS)))), m.task).toBe(
          true,
        );
    }
  });
});

describe("resolving requests (run.ts) names the field for unknown ids and inconsistent fields", () => {
  const fails = (req: object, field: RegExp) => {
    const p = parseRequest(req);
    expect(p.ok, JSON.stringify(p)).toBe(true);
    if (p.ok) expect(() => runRequest(p.request, GPUS)).toThrow(field);
  };
  it("unknown preset → model.preset, listing the known ones", () => {
    fails(
      { ...train, model: { preset: "gpt-5" } },
      /^model\.preset: unknown preset "gpt-5"; known: llama-3.1-8b/,
    );
  });
  it("unknown GPU → gpu; in a cost option → options.N.gpu; in fit-rank → gpus.N", () => {
    fails(
      { task: "decode-speed", model: { params: 7e9 }, weightBits: 16, gpu: "h900" },
      /^gpu: unknown GPU "h900"/,
    );
    fails({ ...infer, gpu: "h900" }, /^gpu:/);
    fails(
      {
        task: "cost",
        options: [
          { gpu: "rtx-4090", gpus: 1, pricePerHour: 1, runHours: 1 },
          { gpu: "h900", gpus: 1, pricePerHour: 1, runHours: 1 },
        ],
      },
      /^options\.1\.gpu:/,
    );
    fails({ task: "fit-rank", workload: infer, gpus: ["rtx-4090", "h900"] }, /^gpus\.1:/);
    fails(
      { task: "diagnose", throughputA: 1, throughputB: 2, gpuA: "t4", gpuB: "h900" },
      /^peakB:/,
    );
  });
  it("bad pasted config → model.config.<field>", () => {
    fails(
      { ...train, model: { hfConfig: { model_type: "llama", hidden_size: 4096 } } },
      /^model\.config\.num_/,
    );
  });
  it("tensorParallel above gpus; train-time without tokens or a model", () => {
    fails({ ...train, gpus: 2, tensorParallel: 4 }, /^tensorParallel: must be ≤ gpus \(2\)/);
    fails({ task: "train-time", gpu: "a100-80gb-sxm" }, /^tokens:/);
    fails(
      { task: "train-time", tokens: 1e9, gpu: "a100-80gb-sxm" },
      /^model: is required with tokens/,
    );
  });
});
