import { describe, expect, it } from "vitest";
import {
  GEFORCE_FP16_ACCUMULATE_SPEEDUP,
  inferencePeakTflops,
  mathFormatFor,
  peakTflops,
  PRECISION_BYTES,
  TRAINING_PRECISIONS,
} from "../../../../src/estimate/hardware/precision.ts";
import { a100, rtx4090, t4 } from "../helpers.ts";

describe("precision bytes", () => {
  it("mixed precision under torch.amp: 2 (16-bit copy) + 4 (fp32 params) + 4 (fp32 grads) + 2×4 Adam = 18 bytes/param", () => {
    for (const p of ["fp16-mixed", "bf16-mixed"] as const) {
      const b = PRECISION_BYTES[p];
      expect(b.weights + b.master + b.grads + 2 * b.optimizerState).toBe(18);
      expect(b.activation).toBe(2);
    }
  });
  it("pure bf16: 2 + 2 + 2×2 = 8 bytes/param (formulas.md, LitGPT/torchtune bf16-true)", () => {
    const b = PRECISION_BYTES.bf16;
    expect(b.weights + b.master + b.grads + 2 * b.optimizerState).toBe(8);
  });
  it("fp32: 4 + 4 + 2×4 = 16 bytes/param, 4-byte activations", () => {
    const b = PRECISION_BYTES.fp32;
    expect(b.weights + b.master + b.grads + 2 * b.optimizerState).toBe(16);
    expect(b.activation).toBe(4);
  });
  it("lists every precision once", () => {
    expect([...TRAINING_PRECISIONS].sort()).toEqual(Object.keys(PRECISION_BYTES).sort());
  });
});

describe("datasheet peaks", () => {
  it("maps precision to math format", () => {
    expect(mathFormatFor("fp32")).toBe("fp32");
    expect(mathFormatFor("fp16-mixed")).toBe("fp16");
    expect(mathFormatFor("bf16-mixed")).toBe("bf16");
    expect(mathFormatFor("bf16")).toBe("bf16");
  });
  it("uses dense tensor figures: A100 bf16 312, fp32 19.5 (non-tensor: PyTorch leaves TF32 off)", () => {
    expect(peakTflops(a100, "bf16")).toEqual({ tflops: 312, format: "bf16", fellBack: false });
    expect(peakTflops(a100, "fp32")).toEqual({ tflops: 19.5, format: "fp32", fellBack: false });
    expect(peakTflops(rtx4090, "fp16").tflops).toBe(165.2);
  });
  it("T4 has no bf16: falls back to fp32 (8.1) and says so", () => {
    expect(peakTflops(t4, "bf16")).toEqual({ tflops: 8.1, format: "fp32", fellBack: true });
  });
  it("fp8 on a GPU without it falls back to fp16", () => {
    expect(peakTflops(a100, "fp8")).toEqual({ tflops: 312, format: "fp16", fellBack: true });
    expect(peakTflops(rtx4090, "fp8")).toEqual({ tflops: 330.3, format: "fp8", fellBack: false });
  });
  it("GeForce FP16 accumulate doubles the rate for inference only (Ada whitepaper: 330.3 vs 165.2)", () => {
    expect(GEFORCE_FP16_ACCUMULATE_SPEEDUP).toBe(2);
    expect(inferencePeakTflops(rtx4090, true)).toBeCloseTo(330.4, 6);
    expect(inferencePeakTflops(rtx4090, false)).toBe(165.2);
    expect(inferencePeakTflops(a100, true)).toBe(312);
  });
});
