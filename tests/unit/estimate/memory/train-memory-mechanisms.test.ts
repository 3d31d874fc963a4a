/**
 * What a checked train-memory request hands the estimate (`trainingInput`): the model's own
 * dropout, the CUDA context and the allocator's fragmentation where the request gives them;
 * and the FLOPs per trained token (`trainingTokenFlops`) under LoRA with a module trained in
 * full, and with attention left at its default (SDPA/flash). Worked by hand for Llama 3.1
 * 8B (32 layers, hidden 4096, vocabulary 128,256) at 2048 tokens, one sequence.
 */
import { describe, expect, it } from "vitest";
import { trainingTokenFlops } from "../../../../src/estimate/memory/train-memory.ts";
import { tokenFlops } from "../../../../src/estimate/training/flops.ts";
import { findPreset } from "../../../../src/estimate/model/presets.ts";
import { peftLora, resultOf, valueOf } from "../helpers.ts";

const llama8b = findPreset("llama-3.1-8b")!.model;
const request = {
  task: "train-memory",
  model: { preset: "llama-3.1-8b" },
  microBatch: 1,
  seqLen: 2048,
} as const;
const said = (r: { assumptions: { key: string; value: unknown }[] }, key: string) =>
  r.assumptions.find((a) => a.key === key)?.value;

describe("trainingInput: the request's own overheads and dropout", () => {
  it("a CUDA context of 300 MiB is 300 × 2^20 = 314,572,800 B; 1343 MiB without one", () => {
    expect(said(resultOf({ ...request, cudaContextMiB: 300 }), "cuda-context-bytes")).toBe(
      314_572_800,
    );
    expect(said(resultOf(request), "cuda-context-bytes")).toBe(1343 * 2 ** 20);
  });
  it("a fragmentation of 0 (no caching allocator's slack) is the request's; 10% without one", () => {
    expect(said(resultOf({ ...request, fragmentation: 0 }), "allocator-fragmentation")).toBe(0);
    expect(said(resultOf(request), "allocator-fragmentation")).toBe(0.1);
  });
  it("dropout on keeps two 1-byte masks of s·h per layer: 32 × 2 × 2048 × 4096 = 536,870,912 B", () => {
    // Llama's own config has no dropout; flash attention keeps no scores to mask. A LoRA run,
    // whose peak holds the activations (a full fine-tune's is the optimizer step's, without).
    const lora = { ...request, lora: { rank: 8 } } as const;
    const off = resultOf(lora);
    const on = resultOf({ ...lora, dropout: true });
    expect(valueOf(on.breakdown, "activations") - valueOf(off.breakdown, "activations")).toBe(
      536_870_912,
    );
    // Said false, as the model's own: the same as unsaid.
    const no = resultOf({ ...lora, dropout: false });
    expect(valueOf(no.breakdown, "activations")).toBe(valueOf(off.breakdown, "activations"));
  });
});

describe("trainingTokenFlops", () => {
  const input = {
    model: llama8b,
    precision: "bf16-mixed",
    optimizer: "adamw",
    microBatch: 1,
    seqLen: 2048,
  } as const;
  /** The full model's FLOPs per token (flops.ts): 6 per matmul parameter, flash attention. */
  const full = tokenFlops({
    model: llama8b,
    seqLen: 2048,
    recompute: "none",
    flashAttention: true,
  });

  it("LoRA with the head trained in full: 4 per frozen parameter plus 6 per trainable one", () => {
    // Trainable: r 8 on q (4096 → 4096) and v (4096 → 1024) over 32 layers,
    // 32 × 8 × (8192 + 5120) = 3,407,872, and a copy of the 128,256 × 4096 head,
    // 525,336,576: 528,744,448. Matmul parameters n = full.modelDense / 6.
    const r = trainingTokenFlops({ ...input, lora: peftLora({ fullModules: ["head"] }) });
    const n = full.modelDense / 6;
    expect(r.modelDense).toBeCloseTo(4 * n + 6 * 528_744_448, 0);
  });
  it("attention left unsaid runs as flash attention, not eager", () => {
    // Flash: forward, the backward's 2.5 forwards (flops.ts); eager runs the whole square.
    expect(trainingTokenFlops(input).hardwareAttention).toBe(full.hardwareAttention);
    const eager = tokenFlops({
      model: llama8b,
      seqLen: 2048,
      recompute: "none",
      flashAttention: false,
    });
    expect(eager.hardwareAttention).not.toBe(full.hardwareAttention);
  });
});
