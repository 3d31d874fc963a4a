/**
 * Bytes stored and read per step, summed by hand over a tiny model's tensors.
 *
 * The tiny dense model (1 layer, hidden 8, 2 heads, ffn 16, vocab 100, RMSNorm, no biases):
 *   vectors: (2·1 + 1)·8 = 24 (two norms per layer and a final one)
 *   embed 100×8 = 800, head 8×100 = 800 (untied)
 *   q, k, v, o: 8×8 = 64 each, 256 together
 *   gate, up, down (gated MLP): 8×16 = 128 each, 384 together
 */
import { describe, expect, it } from "vitest";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import {
  expertShareRead,
  SMALL_TENSOR_BITS,
  weightBytes,
} from "../../../../src/estimate/model/weight-bytes.ts";

const TINY: ModelArch = { layers: 1, hidden: 8, heads: 2, ffn: 16, vocab: 100 };

describe("expertShareRead: 1 − (1 − active)^tokens", () => {
  it("one token reads its own share; two read 1 − 0.75² of them", () => {
    expect(expertShareRead(0.25, 1)).toBe(0.25);
    expect(expertShareRead(0.25, 2)).toBe(0.4375);
    expect(expertShareRead(0.5, 3)).toBe(0.875);
  });
  it("fewer than one token counts as one", () => {
    expect(expertShareRead(0.25, 0)).toBe(0.25);
    expect(expertShareRead(0.25, 0.5)).toBe(0.25);
  });
  it("a dense layer (share 1 or more) is read whole", () => {
    expect(expertShareRead(1, 1)).toBe(1);
    // Without the clamp 1 − (1 − 1.5) = 1.5 would read more than the layer.
    expect(expertShareRead(1.5, 1)).toBe(1);
  });
});

describe("weightBytes of an architecture", () => {
  it("GPTQ 4-bit: linear layers at 4 + 20/128 bits, embeddings, head and norms at 16", () => {
    expect(SMALL_TENSOR_BITS).toBe(16);
    const linearBits = 4 + 20 / 128; // 4.15625
    // norms 24·16/8 = 48; embed 800·2 = 1600; head 1600; linear (256 + 384)·4.15625/8 = 332.5
    const stored = 48 + 1600 + 1600 + (640 * linearBits) / 8;
    expect(stored).toBe(3580.5);
    // A step reads one embedding row (8 values at 16 bits = 16 bytes), everything else once.
    const read = 48 + 16 + 1600 + (640 * linearBits) / 8;
    expect(weightBytes(TINY, "gptq", 4, 20 / 128)).toEqual({ stored, readPerStep: read });
  });
  it("tied embeddings: no head stored, the embedding read in full as the head", () => {
    const tied = { ...TINY, tiedEmbeddings: true };
    // 48 + 1600 + 332.5 stored; read the same, the whole embedding being the head.
    expect(weightBytes(tied, "gptq", 4, 20 / 128)).toEqual({
      stored: 1980.5,
      readPerStep: 1980.5,
    });
  });
  it("GGUF quantizes the embeddings; EXL2 its head at 6.3 bits", () => {
    // GGUF 4.5 bits: norms 48, embed and head 800·4.5/8 = 450 each, linear 640·4.5/8 = 360.
    expect(weightBytes(TINY, "gguf", 4.5, 0)).toEqual({
      stored: 48 + 450 + 450 + 360,
      readPerStep: 48 + (8 * 4.5) / 8 + 450 + 360,
    });
    // EXL2 4 bits: embed and head 800·6.3/8 = 630 each, linear 640·4/8 = 320.
    const exl2 = weightBytes(TINY, "exl2", 4, 0);
    expect(exl2.stored).toBeCloseTo(48 + 630 + 630 + 320, 9);
    expect(exl2.readPerStep).toBeCloseTo(48 + (8 * 6.3) / 8 + 630 + 320, 9);
  });
  it("32-bit weights keep norms at 32 bits too (the wider of 16 and the width)", () => {
    // Every one of the 24 + 800 + 800 + 256 + 384 = 2264 parameters at 4 bytes.
    expect(weightBytes(TINY, "fp16", 32, 0).stored).toBe(2264 * 4);
  });
  it("MoE: experts read at the share the step's tokens touch; the router stays 16-bit", () => {
    const moe: ModelArch = {
      ...TINY,
      tiedEmbeddings: true,
      moe: { experts: 4, activeExperts: 1, expertFfn: 4 },
    };
    // GGUF 4 bits: norms 48; embed 800·4/8 = 400; attention 256·4/8 = 128;
    // 4 experts × 3 matrices × 8·4 = 384 params → 192 bytes; router 8×4 at 16 bits = 64.
    const fixed = 48 + 400 + 128 + 64;
    expect(weightBytes(moe, "gguf", 4, 0)).toEqual({
      stored: fixed + 192,
      readPerStep: fixed + 192 * 0.25,
    });
    // Two tokens: 1 − 0.75² = 0.4375 of the experts.
    expect(weightBytes(moe, "gguf", 4, 0, undefined, 2).readPerStep).toBe(fixed + 192 * 0.4375);
  });
});

describe("weightBytes of a bare parameter count", () => {
  it("every parameter at the linear width; a dense count reads all of it", () => {
    // 1e9 · (4 + 0.5) / 8 = 562.5e6
    expect(weightBytes({ params: 1e9 }, "bnb", 4, 0.5)).toEqual({
      stored: 562.5e6,
      readPerStep: 562.5e6,
    });
  });
  it("an MoE count reads its active share per token, more for a batch", () => {
    const spec = { params: 8e9, activeParams: 2e9 };
    // 8e9 · 8 bits / 8 = 8e9 stored; one token reads 2/8 of it, two read 1 − 0.75².
    expect(weightBytes(spec, "fp8", 8, 0)).toEqual({ stored: 8e9, readPerStep: 2e9 });
    expect(weightBytes(spec, "fp8", 8, 0, undefined, 2).readPerStep).toBe(8e9 * 0.4375);
  });
});

describe("weightBytes with the file's exact size", () => {
  it("stores the file's bytes and scales the bytes read by the same ratio", () => {
    // Computed 3580.5 stored, 1996.5 read (first test); a file of 7161 bytes is twice that.
    expect(weightBytes(TINY, "gptq", 4, 20 / 128, 7161)).toEqual({
      stored: 7161,
      readPerStep: 3993,
    });
  });
});
