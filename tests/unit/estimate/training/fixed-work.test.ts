/**
 * Work a training step does beside its FLOPs: the optimizer's update once per optimizer
 * step, a QLoRA base's dequantisation once per forward and backward, LoRA's unfused adapter
 * traffic per token. Expected values are worked by hand in the comments.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { isArch } from "../../../../src/estimate/model/model.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import {
  adapterBytesPerToken,
  dequantBytesPerMicroStep,
} from "../../../../src/estimate/training/adapter-cost.ts";
import {
  optimizerStepBytesPerParam,
  optimizerStepSeconds,
} from "../../../../src/estimate/training/optimizer-step.ts";

const gpus = loadGpuSpecs();
const preset = PRESETS.find((p) => p.id === "llama-3.1-8b")?.model;
if (!preset || !isArch(preset)) throw new Error("llama-3.1-8b is an architecture preset");
const llama8b: ModelArch = preset;

describe("the optimizer step", () => {
  it("fused: moves the gradient, the states twice, the stepped copy twice and the weights from a master", () => {
    // bf16-mixed AdamW: grads 4 + states (2 × 4) read and written 16 + master 4 read and
    // written 8 + bf16 weights written 2 = 30 bytes per parameter.
    expect(optimizerStepBytesPerParam({ weights: 2, master: 4, grads: 4, states: 8 }, false)).toBe(
      30,
    );
    // Pure bf16: grads 2 + states (2 × 2) twice 8 + weights 2 twice 4 = 14.
    expect(optimizerStepBytesPerParam({ weights: 2, master: 0, grads: 2, states: 4 }, false)).toBe(
      14,
    );
  });

  it("PyTorch's default foreach AdamW passes over the tensors once per operation", () => {
    // Pure bf16 (every value 2 bytes), one pass per operation of _multi_tensor_adam:
    // decay p r+w 4; lerp m r+w, g r 6; mul v r+w 4; addcmul v r+w, g r twice 8; sqrt v r,
    // d w 4; div d r+w 4; add d r+w 4; addcdiv p r+w, m r, d r 8: 42 bytes, 3× the fused 14.
    expect(optimizerStepBytesPerParam({ weights: 2, master: 0, grads: 2, states: 4 }, true)).toBe(
      42,
    );
    // fp32 master, fp32 gradients and moments (torch.amp): every pass twice the bytes, 84,
    // and the 16-bit weights written from the master, 2: 86.
    expect(optimizerStepBytesPerParam({ weights: 2, master: 4, grads: 4, states: 8 }, true)).toBe(
      86,
    );
  });

  it("runs at memory bandwidth", () => {
    // 8e9 parameters × 30 B = 240 GB at 3,350 GB/s = 0.0716418 s.
    expect(optimizerStepSeconds(8e9, 30, 3350)).toBeCloseTo(0.0716418, 6);
    // No bandwidth figure: not timed rather than guessed.
    expect(optimizerStepSeconds(8e9, 30, undefined)).toBe(0);
  });
});

describe("LoRA and QLoRA beside their FLOPs", () => {
  const lora = { targets: ["q", "v"] as const, dropout: 0, baseBits: 16, doubleQuant: true };
  const at = (over: object) => ({
    model: llama8b,
    lora,
    forwardReruns: 0,
    fusedQkv: false,
    fusedLoraKernels: false,
    ...over,
  });

  it("unfused adapters move 12·in + 20·out bytes per token, more with dropout and recomputation", () => {
    // Llama 3.1 8B, q (4096 → 4096) and v (4096 → 1024), 32 layers:
    // q: 12·4096 + 20·4096 = 131,072; v: 12·4096 + 20·1024 = 69,632; × 32 = 6,422,528.
    expect(adapterBytesPerToken(at({}))).toBe(6_422_528);
    // Dropout: 10 more per input value, 2 × 40,960 per layer: (200,704 + 81,920) × 32 = 9,043,968.
    expect(adapterBytesPerToken(at({ lora: { ...lora, dropout: 0.05 } }))).toBe(9_043_968);
    // Full recomputation reruns the forward: q 2·4096 + 12·4096 = 57,344, v 2·4096 + 12·1024
    // = 20,480: (200,704 + 77,824) × 32 = 8,912,896.
    expect(adapterBytesPerToken(at({ forwardReruns: 1 }))).toBe(8_912_896);
    // Unsloth's fused kernels: none.
    expect(adapterBytesPerToken(at({ fusedLoraKernels: true }))).toBe(0);
  });

  it("a 4-bit base is dequantised in every forward and backward", () => {
    // Quantizable parameters of Llama 3.1 8B per layer: q and o 4096² = 16,777,216 each,
    // k and v 4096 × 1024 = 4,194,304 each, gate, up, down 4096 × 14336 = 58,720,256 each:
    // 218,103,808; × 32 = 6,979,321,856. NF4 with double quant: (4 + 8/64 + 32/(64·256)) / 8
    // = 0.515869140625 B read, 2 B written per weight: 2.515869140625 B, twice per
    // micro-step: 35,118,120,960 B.
    const q = at({ lora: { ...lora, baseBits: 4 } });
    expect(dequantBytesPerMicroStep(q)).toBeCloseTo(35_118_120_960, 0);
    // Recomputed forward: three times, 52,677,181,440 B.
    expect(dequantBytesPerMicroStep({ ...q, forwardReruns: 1 })).toBeCloseTo(52_677_181_440, 0);
    expect(dequantBytesPerMicroStep(at({}))).toBe(0);
  });
});

/** Tokens per second per GPU of a LoRA run of Llama 3.1 8B on one H100. */
function loraSpeed(over: { microBatch: number; baseBits: number; seqLen?: number }) {
  const r = runRequest(
    {
      task: "train-time",
      model: { preset: "llama-3.1-8b" },
      gpu: "h100-sxm",
      gpus: 1,
      precision: "bf16",
      microBatch: over.microBatch,
      seqLen: over.seqLen ?? 512,
      gradAccumulation: 1,
      lora: { rank: 16, targets: ["q", "v"], baseBits: over.baseBits },
      tokens: 1e9,
    },
    { gpus, presets: PRESETS },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return (r.result as unknown as { tokensPerSecondPerGpu: number }).tokensPerSecondPerGpu;
}

describe("what slows a step", () => {
  it("a larger micro-batch raises tokens/s, towards the compute limit", () => {
    // Per micro-step the 4-bit base's dequantisation takes D = 35.118e9 B / 3,350 GB/s =
    // 10.483 ms whatever the tokens; each token takes c. Seconds per token at b sequences
    // of 512: c + D / (512·b), so 1/speed falls with b in steps of D/512 × (1/b − 1/2b).
    const speeds = [1, 2, 4, 8, 16].map((b) => loraSpeed({ microBatch: b, baseBits: 4 }));
    for (let k = 1; k < speeds.length; k++) expect(speeds[k]).toBeGreaterThan(speeds[k - 1] ?? 0);
    const d = 35_118_120_960 / 3350e9;
    // The optimizer step, once per step (gradient accumulation 1): rank-16 fp32 adapters on
    // q (4096 + 4096) and v (4096 + 1024), 16 × 13,312 × 32 layers = 6,815,744 parameters,
    // in PyTorch's default foreach AdamW (no framework named): 3 passes over the fp32
    // gradient (12) + 14 over one fp32 moment (56) + 4 over the fp32 weights, no master (16)
    // = 84 B each: 572.52 MB at 3,350 GB/s = 170.9 µs.
    const o = (6_815_744 * 84) / 3350e9;
    // 1/s(1) − 1/s(2) = (D + O)/512 − (D + O)/1024 = (D + O)/1024.
    const perToken = (s: number | undefined) => 1 / (s ?? 1);
    expect(perToken(speeds[0]) - perToken(speeds[1])).toBeCloseTo((d + o) / 1024, 10);
    // Towards the limit: each doubling gains less than the one before.
    const ratio = (k: number) => (speeds[k + 1] ?? 0) / (speeds[k] ?? 1);
    for (let k = 1; k < speeds.length - 1; k++) expect(ratio(k)).toBeLessThan(ratio(k - 1));
    // And the limit is the per-token time c: at 16 sequences within (D + O)/8192 of it.
    const c = perToken(speeds[4]) - (d + o) / (512 * 16);
    expect(perToken(speeds[0]) - c).toBeCloseTo((d + o) / 512, 10);
  });

  it("QLoRA is slower per token than LoRA on the same GPU, by its dequantisation", () => {
    const lora16 = loraSpeed({ microBatch: 2, baseBits: 16, seqLen: 2048 });
    const qlora = loraSpeed({ microBatch: 2, baseBits: 4, seqLen: 2048 });
    expect(qlora).toBeLessThan(lora16);
    // Same FLOPs and utilisation: the difference per token is D spread over the micro-step's
    // 2 × 2048 tokens: 10.483 ms / 4096 = 2.559 µs per token.
    expect(1 / qlora - 1 / lora16).toBeCloseTo(35_118_120_960 / 3350e9 / 4096, 9);
  });
});
