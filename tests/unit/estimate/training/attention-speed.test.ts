/**
 * Attention's measured speed by sequence length and head dim (the FlashAttention README's
 * causal forward + backward figures), and the step's attention time from it. Expected
 * values are the README's figures and hand arithmetic in the comments.
 */
import { describe, expect, it } from "vitest";
import {
  attentionCurve,
  attentionShareAt,
  benchHeadDim,
} from "../../../../src/estimate/training/attention-speed.ts";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { tokenFlops } from "../../../../src/estimate/training/flops.ts";
import { attentionSeconds } from "../../../../src/estimate/training/step.ts";

const llama8b = PRESETS.find((p) => p.id === "llama-3.1-8b")!.model;

describe("attention kernels' measured speed", () => {
  const h100 = attentionCurve("hopper-hbm", "flash2", 128);

  it("reads the README's FlashAttention-2 figures as shares of the 16-bit peak", () => {
    // H100, causal, head dim 128: 163, 221, 265, 294, 308, 328 TFLOPS of 989.
    expect(attentionShareAt(h100, 4096)).toBeCloseTo(294 / 989, 12);
    expect(attentionShareAt(h100, 512)).toBeCloseTo(163 / 989, 12);
    // A100, causal, head dim 64: 88 TFLOPS at 512 tokens of 312.
    expect(attentionShareAt(attentionCurve("ampere-hbm", "flash2", 64), 512)).toBeCloseTo(
      88 / 312,
      12,
    );
  });

  it("is linear in log2(length) between measured lengths and holds the end points beyond", () => {
    // 3000 tokens: log2(3000 / 2048) = 0.550740 of the way from 265 to 294: 280.9715 TFLOPS.
    expect(attentionShareAt(h100, 3000) * 989).toBeCloseTo(280.9715, 3);
    // Past 16k the last figure (328) holds, below 512 the first (163).
    expect(attentionShareAt(h100, 32768)).toBeCloseTo(328 / 989, 12);
    expect(attentionShareAt(h100, 128)).toBeCloseTo(163 / 989, 12);
    // Eager attention ran out of memory at 16k: its 8k figure (63) holds.
    expect(attentionShareAt(attentionCurve("hopper-hbm", "eager", 128), 16384)).toBeCloseTo(
      63 / 989,
      12,
    );
  });

  it("the Triton port, measured on the A100 only, runs on the H100 at its A100 ratio to FlashAttention-2", () => {
    // A100, head dim 128, 16k: Triton 80, FlashAttention-2 189 TFLOPS; H100 FlashAttention-2
    // 328: 80 / 189 x 328 = 138.84 TFLOPS, marked as derived.
    const triton = attentionCurve("hopper-hbm", "flash-triton", 128);
    expect(triton.derived).toBe(true);
    expect(attentionShareAt(triton, 16384) * 989).toBeCloseTo((80 / 189) * 328, 9);
    // On the A100 it is the README's own figure: 74 TFLOPS at 4k.
    const a100 = attentionCurve("ampere-hbm", "flash-triton", 128);
    expect(a100.derived).toBe(false);
    expect(attentionShareAt(a100, 4096)).toBeCloseTo(74 / 312, 12);
    // FlashAttention 1 on the H100 is measured: 126 TFLOPS at 4k, head dim 128.
    expect(attentionShareAt(attentionCurve("hopper-hbm", "flash1", 128), 4096)).toBeCloseTo(
      126 / 989,
      12,
    );
  });

  it("takes the nearest measured head dim and the generation before for Ada and Blackwell", () => {
    expect(benchHeadDim(64)).toBe(64);
    // DeepSeek's MLA scores over 192 dims, Gemma over 256: the 128 curve.
    expect(benchHeadDim(192)).toBe(128);
    expect(attentionCurve("blackwell-hbm", "flash2", 128).bench).toBe("h100");
    expect(attentionCurve("ada-gddr", "flash2", 128).bench).toBe("a100");
  });
});

describe("the step's attention time", () => {
  it("Llama-3.1-8B at 4096 tokens on an H100: 3.5 forwards at 294 TFLOPS", () => {
    // Forward per token: 2 x 32 heads x (128 + 128) x 32 layers = 524,288 FLOPs per key, x
    // the mean causal context (4096 + 1) / 2 = 2048.5: 1,074,003,968. The benchmark length
    // with that mean context is 4097, a hair past 4096: log2(4097/4096) = 0.000352 of the
    // way to 308, 294.0049 TFLOPS. Forward + backward counted as 3.5 forwards:
    // 3.5 x 1,074,003,968 / 294.0049e12 = 12.786 µs.
    const flops = tokenFlops({
      model: llama8b,
      seqLen: 4096,
      recompute: "none",
      flashAttention: true,
    });
    const curve = attentionCurve("hopper-hbm", "flash2", 128);
    expect(attentionSeconds(flops, curve, 989)).toBeCloseTo(12.786e-6, 9);
    // Full recomputation runs the forward once more: 4.5 forwards, 16.439 µs.
    const full = tokenFlops({
      model: llama8b,
      seqLen: 4096,
      recompute: "full",
      flashAttention: true,
    });
    expect(attentionSeconds(full, curve, 989)).toBeCloseTo(16.439e-6, 9);
  });

  it("a 32k sequence costs 8.9x a 4k one per token: 8x the keys, at 328 rather than 294 TFLOPS", () => {
    // Mean context 16384.5 vs 2048.5 keys (7.998x), and 294.0049 / 328 = 0.8964 of the speed.
    const at = (seqLen: number) =>
      attentionSeconds(
        tokenFlops({ model: llama8b, seqLen, recompute: "none", flashAttention: true }),
        attentionCurve("hopper-hbm", "flash2", 128),
        989,
      );
    expect(at(32768) / at(4096)).toBeCloseTo((16384.5 / 2048.5) * (294.0049 / 328), 3);
  });
});

describe("the attention kernel a run names", () => {
  it("at 32k tokens on an A100 FlashAttention-2 runs a job in fewer hours than the older kernels, eager in the most", () => {
    // Beyond 16k the last figures hold: 189 (FlashAttention-2), 83 (FlashAttention),
    // 80 (Triton) TFLOPS at head dim 128; eager attention's 34 at 8k.
    const hours = (extra: Record<string, unknown>) => {
      const r = runRequest(
        {
          task: "train-time",
          model: { preset: "llama-3.1-8b" },
          gpu: "a100-80gb-sxm",
          tokens: 1e9,
          seqLen: 32768,
          ...extra,
        },
        { gpus: loadGpuSpecs(), presets: PRESETS },
      );
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      return (r.result as unknown as { hours: number }).hours;
    };
    const flash2 = hours({});
    const flash1 = hours({ attentionKernel: "flash1" });
    const triton = hours({ attentionKernel: "flash-triton" });
    const eager = hours({ flashAttention: false });
    expect(flash2).toBeLessThan(flash1);
    expect(flash1).toBeLessThan(triton);
    expect(triton).toBeLessThan(eager);
  });
});
