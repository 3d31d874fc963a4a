/**
 * The edges of the attention benchmark's lookup: the head-dim boundary between the two
 * measured panels (64 and 128), and a GPU of no known family, which takes the A100's
 * figures (the README's own first GPU).
 */
import { describe, expect, it } from "vitest";
import { attentionCurve, benchHeadDim } from "../../../../src/estimate/training/attention-speed.ts";

describe("the benchmark panel a head dim reads", () => {
  it("up to 96 the 64 panel, above it the 128 one", () => {
    expect(benchHeadDim(96)).toBe(64);
    expect(benchHeadDim(97)).toBe(128);
  });
  it("no family: the A100's figures (FlashAttention-2, head dim 128: 99 TFLOPS of 312 at 512)", () => {
    const c = attentionCurve(null, "flash2", 128);
    expect(c.bench).toBe("a100");
    expect(c.shares[0]).toBeCloseTo(99 / 312, 12);
  });
});
