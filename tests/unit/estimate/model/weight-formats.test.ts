/**
 * Scale bits and embedding widths per weight format, worked out from the group sizes the
 * source cites: GPTQ/AWQ one fp16 scale + one `bits`-wide zero point per 128 weights,
 * bitsandbytes NF4 one fp32 absmax per 64 weights (double quantization: an 8-bit absmax
 * per 64 and one fp32 per 64·256), EXL2's head at 6.3 bits.
 */
import { describe, expect, it } from "vitest";
import {
  EXL2_HEAD_BITS,
  embeddingBits,
  formatScaleBits,
} from "../../../../src/estimate/model/weight-formats.ts";

describe("formatScaleBits", () => {
  it("GPTQ and AWQ: (16 + bits) / 128 per weight", () => {
    // 4-bit: (16 + 4) / 128 = 20 / 128 = 0.15625.
    expect(formatScaleBits("gptq", 4)).toBe(0.15625);
    // 3-bit: 19 / 128 = 0.1484375.
    expect(formatScaleBits("awq", 3)).toBe(0.1484375);
    // 8-bit: 24 / 128 = 0.1875 (GPTQ keeps scales at 8 bits too).
    expect(formatScaleBits("gptq", 8)).toBe(0.1875);
  });
  it("bitsandbytes NF4: 32 / 64 = 0.5 bits; with double quantization 8/64 + 32/16384", () => {
    expect(formatScaleBits("bnb", 4)).toBe(0.5);
    expect(formatScaleBits("bnb", 4, false)).toBe(0.5);
    // 0.125 + 0.001953125 = 0.126953125 (the "0.127 bits" of the QLoRA paper).
    expect(formatScaleBits("bnb", 4, true)).toBe(0.126953125);
  });
  it("bitsandbytes LLM.int8 (8 bits and above) adds nothing", () => {
    expect(formatScaleBits("bnb", 8)).toBe(0);
    expect(formatScaleBits("bnb", 8, true)).toBe(0);
    expect(formatScaleBits("bnb", 12)).toBe(0);
  });
  it("16 bits or wider is unquantized in every format: no scales", () => {
    for (const f of ["gptq", "awq", "bnb"] as const) {
      expect(formatScaleBits(f, 16), f).toBe(0);
      expect(formatScaleBits(f, 32), f).toBe(0);
    }
    // Just under 16 bits is still a quantized width: (16 + 15) / 128.
    expect(formatScaleBits("gptq", 15)).toBe(31 / 128);
  });
  it("FP8, FP16, GGUF and EXL2 carry their scales in their stated width", () => {
    for (const f of ["fp8", "fp16", "gguf", "exl2"] as const)
      expect(formatScaleBits(f, 4), f).toBe(0);
  });
});

describe("embeddingBits", () => {
  it("GGUF quantizes the embeddings at the file's width", () => {
    expect(embeddingBits("gguf", 4.5)).toBe(4.5);
  });
  it("EXL2 stores its head at 6.3 bits", () => {
    expect(EXL2_HEAD_BITS).toBe(6.3);
    expect(embeddingBits("exl2", 4)).toBe(6.3);
  });
  it("GPTQ, AWQ, bitsandbytes and FP8 leave embeddings and head in 16 bit", () => {
    for (const f of ["gptq", "awq", "bnb", "fp8"] as const) expect(embeddingBits(f, 4), f).toBe(16);
  });
  it("a 16-bit or wider model keeps its own width, whatever the format", () => {
    expect(embeddingBits("exl2", 16)).toBe(16);
    expect(embeddingBits("gptq", 32)).toBe(32);
    expect(embeddingBits("fp16", 32)).toBe(32);
  });
});
