/**
 * The task registry refuses bad requests field by field, all at once, with the codes the
 * command line and the page print; and accepts a minimal request for every task.
 */
import { describe, expect, it } from "vitest";
import { TASK_IDS } from "../../../../src/estimate/registry.ts";
import { issueText } from "../../../../src/i18n/messages.ts";
import { ENGLISH } from "../../../../src/cli/english.ts";
import { allFinite, GPUS, issuesOf, runOk } from "../helpers.ts";

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

/** The English line the command line prints for the issue on `field`. */
function messageFor(req: unknown, field: string): string {
  const issues = issuesOf(req);
  const hit = issues.find((i) => i.field === field);
  if (!hit) throw new Error(`no issue on ${field}: ${JSON.stringify(issues)}`);
  return issueText("en", ENGLISH, hit);
}

describe("request checking names the field and the allowed range", () => {
  it.each([
    ["unknown task", { task: "nope" }, "task", /must be one of: train-memory/],
    ["no task", { model: { params: 1e9 } }, "task", /is required/],
    ["negative micro-batch", { ...train, microBatch: -1 }, "microBatch", /from 1 to 65,536/],
    ["zero micro-batch", { ...train, microBatch: 0 }, "microBatch", /from 1 to/],
    ["fractional sequence length", { ...train, seqLen: 10.5 }, "seqLen", /whole number/],
    ["seqLen as a string", { ...train, seqLen: "2048" }, "seqLen", /number/],
    ["NaN params", { ...infer, model: { params: Number.NaN } }, "model.params", /number/],
    ["zero params", { ...infer, model: { params: 0 } }, "model.params", /from 1,000,000/],
    [
      "more active than total params",
      { ...infer, model: { params: 7e9, activeParams: 8e9 } },
      "model.activeParams",
      /at most the parameter count/,
    ],
    [
      "more KV heads than heads",
      { ...infer, model: { ...arch, kvHeads: 48 } },
      "model.kvHeads",
      /divide them evenly/,
    ],
    [
      "KV heads that do not divide the heads",
      { ...infer, model: { ...arch, kvHeads: 5 } },
      "model.kvHeads",
      /divide them evenly/,
    ],
    [
      "more active experts than experts",
      { ...infer, model: { ...arch, experts: 8, activeExperts: 9 } },
      "model.activeExperts",
      /at most the experts \(8\)/,
    ],
    [
      "Infinity (JSON 1e400) context",
      { ...infer, contextTokens: JSON.parse("1e400") },
      "contextTokens",
      /number/,
    ],
    ["zero sequences", { ...infer, sequences: 0 }, "sequences", /from 1 to/],
    ["weightBits as a string", { ...infer, weightBits: "4" }, "weightBits", /number/],
    ["weightBits 0", { ...infer, weightBits: 0 }, "weightBits", /from 1 to 32 bits/],
    ["kvBits 5", { ...infer, kvBits: 5 }, "kvBits", /one of: 4, 8, 16, 32/],
    ["unknown precision", { ...train, precision: "fp8" }, "precision", /one of: fp32, fp16-mixed/],
    ["unknown optimizer", { ...train, optimizer: "lion" }, "optimizer", /adamw/],
    ["headroom above 1", { ...train, headroom: 2 }, "headroom", /from 0% to 100%/],
    [
      "empty LoRA targets",
      { ...train, lora: { rank: 8, targets: [] } },
      "lora.targets",
      /must list 1 to 7 items/,
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
      /one of: 4, 8, 16/,
    ],
    ["gpu id as a number", { ...infer, gpu: 4090 }, "gpu", /text id/],
    ["no cost options", { task: "cost", options: [] }, "options", /must list 1 to 8 items/],
    [
      "negative price",
      { task: "cost", options: [{ gpu: "t4", gpus: 1, pricePerHour: -1, runHours: 1 }] },
      "options.0.pricePerHour",
      /from 0 to/,
    ],
    [
      "mfu above 1",
      { task: "train-time", model: { params: 7e9 }, tokens: 1e9, gpu: "a100-80gb-sxm", mfu: 1.5 },
      "mfu",
      /from 1% to 100%/,
    ],
    [
      "zero throughput",
      { task: "diagnose", throughputA: 0, throughputB: 1, peakA: 1, peakB: 2 },
      "throughputA",
      /above 0/,
    ],
    ["unknown resolution", { task: "render", resolution: "16k" }, "resolution", /1080p, 4k, 8k/],
    [
      "architecture with zero layers",
      { ...train, model: { layers: 0, hidden: 64, heads: 1, ffn: 64, vocab: 10 } },
      "model.layers",
      /from 1 to 1,000/,
    ],
    [
      "a misspelt field, with the name it probably meant",
      { ...train, batchSize: 8 },
      "batchSize",
      /did you mean "microBatch"/,
    ],
    [
      "an unknown GPU, with the nearest GPU's name and id",
      { ...infer, gpu: "rtx4090" },
      "gpu",
      /did you mean the GeForce RTX 4090 \("rtx-4090"\)/,
    ],
    [
      "an unknown preset, with the nearest id",
      { ...train, model: { preset: "llama-3.1-8" } },
      "model.preset",
      /names no preset/,
    ],
  ])("%s", (_name, req, field, message) => {
    expect(messageFor(req, field)).toMatch(message);
  });

  it("reports every bad field at once", () => {
    const issues = issuesOf({ ...train, batchSize: 8, seqLen: 0, precision: "fp7", gpu: "x" });
    expect(issues.map((i) => i.field).sort()).toEqual(["batchSize", "gpu", "precision", "seqLen"]);
  });

  it("a body that is not an object is refused, not thrown", () => {
    for (const x of [null, 42, "train-memory", [], undefined]) {
      expect(issuesOf(x).length).toBeGreaterThan(0);
    }
  });

  it("lists every task, and accepts a minimal request for each", () => {
    expect(TASK_IDS).toHaveLength(10);
    const minimal = [
      train,
      infer,
      { task: "decode-speed", model: { params: 7e9 }, weightBits: 16, gpu: "rtx-4090" },
      { task: "train-time", model: { params: 7e9 }, tokens: 1e9, gpu: "a100-80gb-sxm" },
      { task: "cost", options: [{ gpu: "rtx-4090", gpus: 1, pricePerHour: 1, runHours: 1 }] },
      { task: "diagnose", throughputA: 1, throughputB: 2, peakA: 65, peakB: 312 },
      { task: "render", resolution: "4k" },
      { task: "plan", workload: train, tokens: 1e9 },
      { ...infer, task: "serve", users: 4, outputTokensPerSecondPerUser: 10 },
      { task: "measured-run", peakBytes: 20e9 },
    ];
    expect(minimal.map((m) => m.task).sort()).toEqual([...TASK_IDS].sort());
    for (const m of minimal) {
      const r = runOk(m);
      expect(allFinite(JSON.parse(JSON.stringify(r))), m.task).toBe(true);
      // Every result has the common shape, and its parts add up to its total.
      expect(r).toMatchObject({ total: expect.any(Number) });
      expect(Array.isArray(r["breakdown"]) && Array.isArray(r["assumptions"])).toBe(true);
      expect(Array.isArray(r["warnings"])).toBe(true);
    }
  });
});

describe("ids and cross-field rules are checked in the request, by the task", () => {
  const codeOf = (req: object, field: string) => issuesOf(req).find((i) => i.field === field)?.code;
  it("unknown GPU ids are named where they sit: gpu, options.N.gpu, gpus.N", () => {
    expect(codeOf({ ...infer, gpu: "h900" }, "gpu")).toBe("unknown-gpu");
    expect(
      codeOf(
        {
          task: "cost",
          options: [
            { gpu: "rtx-4090", gpus: 1, pricePerHour: 1, runHours: 1 },
            { gpu: "h900", gpus: 1, pricePerHour: 1, runHours: 1 },
          ],
        },
        "options.1.gpu",
      ),
    ).toBe("unknown-gpu");
    expect(
      codeOf({ task: "plan", workload: train, tokens: 1e9, gpus: ["rtx-4090", "h900"] }, "gpus.1"),
    ).toBe("unknown-gpu");
    expect(
      codeOf(
        { task: "diagnose", throughputA: 1, throughputB: 2, gpuA: "t4", gpuB: "h900" },
        "gpuB",
      ),
    ).toBe("unknown-gpu");
  });
  it("a bad pasted config names the config.json key", () => {
    const missing = issuesOf({
      ...train,
      model: { hfConfig: { model_type: "llama", hidden_size: 4096 } },
    });
    expect(missing).toHaveLength(1);
    expect(missing[0]?.field).toMatch(/^model\.hfConfig\.num_/);
    expect(missing[0]?.code).toBe("hf-missing");
    expect(
      codeOf(
        {
          ...train,
          model: {
            hfConfig: {
              num_hidden_layers: 32,
              hidden_size: 1e12,
              num_attention_heads: 32,
              intermediate_size: 14336,
              vocab_size: 128256,
            },
          },
        },
        "model.hfConfig.hidden_size",
      ),
    ).toBe("hf-out-of-range");
  });
  it("tensor parallel must fit in and divide the GPU count; train-time needs its work", () => {
    expect(codeOf({ ...train, gpus: 2, tensorParallel: 4 }, "tensorParallel")).toBe(
      "tp-exceeds-gpus",
    );
    expect(codeOf({ ...train, gpus: 6, tensorParallel: 4 }, "tensorParallel")).toBe(
      "tp-not-divisor",
    );
    expect(codeOf({ task: "train-time", gpu: "a100-80gb-sxm" }, "tokens")).toBe("needs-one-of");
    expect(codeOf({ task: "train-time", tokens: 1e9, gpu: "a100-80gb-sxm" }, "model")).toBe(
      "needs-with",
    );
  });
  it("a workload nested in a ranking is checked by its own task, with its path", () => {
    expect(
      codeOf({ task: "plan", workload: { ...train, seqLen: 0 }, tokens: 1e9 }, "workload.seqLen"),
    ).toBe("out-of-range");
    expect(codeOf({ task: "plan", workload: { task: "cost" } }, "workload.task")).toBe(
      "unknown-task",
    );
  });
  it("the catalog the tests use is the unit tests' own", () => {
    expect(GPUS.length).toBeGreaterThan(0);
  });
});
