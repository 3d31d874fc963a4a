/**
 * What the training step's utilisation says about itself: which table entry it took and
 * what gave way, and the attention kernel's measured efficiency with the benchmark it comes
 * from. Attention shares are read off the FlashAttention README's causal panels
 * (`ATTENTION_BENCHMARK`: H100 peak 989, A100 312; head dim 128 at 2048 tokens: H100
 * FlashAttention-2 265, eager 57; A100 FlashAttention-2 155, FlashAttention 69, Triton 68).
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type { ModelSpec } from "../../../../src/estimate/model/model.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import type { UtilisationEntry } from "../../../../src/estimate/training/utilisation-entry.ts";
import { trainingUtilisation } from "../../../../src/estimate/training/utilisation.ts";
import { MFU_DEFAULT } from "../../../../src/estimate/vocabulary.ts";

const catalog = loadGpuSpecs();
const byId = (id: string): GpuSpec => catalog.find((g) => g.id === id)!;
const preset = (id: string): ModelSpec => PRESETS.find((p) => p.id === id)!.model;

const entry = (over: Partial<UtilisationEntry>): UtilisationEntry => ({
  family: "hopper-hbm",
  format: "16-bit",
  stack: "pytorch",
  moe: false,
  size: "medium",
  dense: 0.5,
  rows: 4,
  sources: ["run-a", "run-b"],
  ...over,
});
const TABLE = [entry({})];

const use = (over: Partial<Parameters<typeof trainingUtilisation>[0]>) =>
  trainingUtilisation({
    model: preset("llama-3.1-8b"),
    gpu: byId("h100-sxm"),
    format: "bf16",
    fp8: false,
    flashAttention: true,
    attentionKernel: "flash2",
    seqLen: 2048,
    table: TABLE,
    ...over,
  });
const find = (u: ReturnType<typeof use>, key: string) => u.assumptions.filter((a) => a.key === key);

describe("the table entry and what gave way", () => {
  it("an exact match cites its entry, rows and sources, and gives nothing up", () => {
    const u = use({});
    expect(u.utilisation).toMatchObject({ kind: "table", dense: 0.5, denseFormat: "16-bit" });
    expect(find(u, "dense-utilisation-share")).toEqual([
      {
        key: "dense-utilisation-share",
        value: 0.5,
        source: "mfu-table",
        sourceParams: {
          entry: "hopper-hbm/16-bit/pytorch/dense/medium",
          rows: 4,
          sources: "run-a, run-b",
        },
      },
    ]);
    expect(find(u, "utilisation-entry")).toEqual([]);
  });

  it("one assumption per dimension given up, each with its own source", () => {
    const table = [entry({ stack: "megatron", size: "large" })];
    expect(find(use({ table }), "utilisation-entry")).toEqual([
      {
        key: "utilisation-entry",
        value: "hopper-hbm/16-bit/megatron/dense/large",
        source: "mfu-other-stack",
      },
      {
        key: "utilisation-entry",
        value: "hopper-hbm/16-bit/megatron/dense/large",
        source: "mfu-other-size",
      },
    ]);
    const sources = (u: ReturnType<typeof use>) =>
      find(u, "utilisation-entry").map((a) => a.source);
    // An A100 takes Hopper's entry; an MoE a dense one; FP8 a 16-bit one.
    expect(sources(use({ gpu: byId("a100-80gb-sxm") }))).toEqual(["mfu-other-family"]);
    expect(sources(use({ model: preset("qwen3-30b-a3b") }))).toEqual(["mfu-moe-as-dense"]);
    expect(sources(use({ fp8: true }))).toEqual(["mfu-fp8-as-16-bit"]);
  });

  it("an MoE is keyed as MoE, and takes its own entry when there is one", () => {
    const table = [entry({}), entry({ moe: true, dense: 0.3 })];
    const u = use({ model: preset("qwen3-30b-a3b"), table });
    expect(u.utilisation).toMatchObject({ kind: "table", dense: 0.3 });
    expect(find(u, "utilisation-entry")).toEqual([]);
  });

  it("FP8 is keyed only on a GPU with FP8 math", () => {
    const table = [
      entry({}),
      entry({ family: "ampere-hbm" }),
      entry({ format: "fp8", dense: 0.35 }),
    ];
    expect(use({ fp8: true, table }).utilisation).toMatchObject({
      dense: 0.35,
      denseFormat: "fp8",
    });
    // The A100 has none: its own 16-bit entry, exactly.
    const a100 = use({ fp8: true, table, gpu: byId("a100-80gb-sxm") });
    expect(a100.utilisation).toMatchObject({ denseFormat: "16-bit" });
    expect(find(a100, "utilisation-entry")).toEqual([]);
  });

  it("no entry near the request: the published default", () => {
    const u = use({ table: [entry({ family: "ada-gddr" })] });
    expect(u.utilisation).toEqual({ kind: "mfu", mfu: MFU_DEFAULT });
    expect(u.assumptions).toEqual([{ key: "mfu", value: MFU_DEFAULT, source: "mfu-published" }]);
  });
});

describe("attention's measured efficiency", () => {
  const efficiency = (u: ReturnType<typeof use>) => find(u, "attention-efficiency")[0];

  it("FlashAttention-2 on an H100 at 2048 tokens, head dim 128: 265 of 989 TFLOPS", () => {
    expect(efficiency(use({}))).toEqual({
      key: "attention-efficiency",
      value: 265 / 989,
      source: "flash-attention-bench",
      sourceParams: { kernel: "FlashAttention-2", gpu: "H100", headDim: 128, seqLen: 2048 },
    });
  });

  it("eager attention when flash attention is off, whatever kernel is named", () => {
    const u = use({ flashAttention: false, attentionKernel: "flash1" });
    expect(efficiency(u)).toEqual({
      key: "attention-efficiency",
      value: 57 / 989,
      source: "eager-attention-bench",
      sourceParams: { kernel: "PyTorch eager", gpu: "H100", headDim: 128, seqLen: 2048 },
    });
    expect(u.utilisation).toMatchObject({ attention: { method: "eager", bench: "h100" } });
  });

  it("FlashAttention 1 on an A100 is measured: 69 of 312", () => {
    const u = use({ gpu: byId("a100-80gb-sxm"), attentionKernel: "flash1" });
    expect(efficiency(u)).toMatchObject({
      value: 69 / 312,
      source: "flash-attention-bench",
      sourceParams: { kernel: "FlashAttention", gpu: "A100" },
    });
  });

  it("the Triton port on an H100 is carried from its A100 ratio, and says so", () => {
    // 68 / 155 of FlashAttention-2 on the A100, applied to the H100's 265.
    expect(efficiency(use({ attentionKernel: "flash-triton" }))).toMatchObject({
      value: ((68 / 155) * 265) / 989,
      source: "attention-bench-carried",
      sourceParams: { kernel: "FlashAttention (Triton)", gpu: "H100" },
    });
  });

  it("a model given by its parameter count takes the head dim of its assumed shape", () => {
    // 1e4 parameters: hidden max(64, round(cbrt(128 × 1e4 / 12) / 64) × 64) = 64 and one
    // head, so a head dim of 64: the benchmark's 64 panel, 232 of 989 at 2048 tokens.
    const table = [entry({ size: "small" })];
    const u = use({ model: { params: 1e4 }, table });
    expect(efficiency(u)).toMatchObject({ value: 232 / 989, sourceParams: { headDim: 64 } });
  });
});
