import { describe, expect, it } from "vitest";
import {
  DEFAULT_LORA_DROPOUT,
  frozenBaseBytes,
  INT8_SCALE_BITS,
  loraInputWidth,
  loraParams,
  NF4_DOUBLE_QUANT_SCALE_BITS,
  scaleBitsFor,
  unsavedLinearInputs,
} from "../../../src/estimate/lora.ts";
import { LORA_TARGETS } from "../../../src/estimate/vocabulary.ts";
import { paramCounts } from "../../../src/estimate/model.ts";
import { NF4_BLOCK, NF4_SCALE_BITS } from "../../../src/estimate/precision.ts";
import { findPreset } from "../../../src/estimate/presets.ts";

const llama31 = findPreset("llama-3.1-8b")!.model;
const llama2 = findPreset("llama-2-7b")!.model;

describe("LoRA trainable parameters: r·(d_in + d_out) per adapted matrix (Hu et al. 2021)", () => {
  it("Llama-2-7B r=8 on q,v: 4,194,304 (what PEFT prints)", () => {
    expect(loraParams(llama2, { rank: 8, targets: ["q", "v"] })).toBe(32 * 2 * 8 * (4096 + 4096));
    expect(loraParams(llama2, { rank: 8, targets: ["q", "v"] })).toBe(4_194_304);
  });
  it("Llama-3.1-8B r=8 on q,v: GQA makes v 4096→1024, so 32·8·(8192 + 5120) = 3,407,872", () => {
    expect(loraParams(llama31, { rank: 8, targets: ["q", "v"] })).toBe(3_407_872);
  });
  it("all seven targets at r=16 on Llama-3.1-8B: 41,943,040", () => {
    const perLayer = 16 * ((4096 + 4096) * 2 + (4096 + 1024) * 2 + (4096 + 14336) * 3);
    expect(loraParams(llama31, { rank: 16, targets: LORA_TARGETS })).toBe(32 * perLayer);
    expect(32 * perLayer).toBe(41_943_040);
  });
  it("scales linearly with rank", () => {
    const r1 = loraParams(llama31, { rank: 1, targets: ["q", "k", "v", "o"] });
    expect(loraParams(llama31, { rank: 64, targets: ["q", "k", "v", "o"] })).toBe(64 * r1);
  });
  it("adapter-dropout input width: q and v both read the hidden state, 2·4096 per layer", () => {
    expect(loraInputWidth(llama31, { rank: 8, targets: ["q", "v"] })).toBe(2 * 4096);
    expect(loraInputWidth(llama31, { rank: 8, targets: ["down"] })).toBe(14336);
    expect(DEFAULT_LORA_DROPOUT).toBe(0.05);
  });
});

describe("linear inputs kept under LoRA", () => {
  it("a frozen 16-bit base keeps none; adapters with dropout keep only their own copies", () => {
    expect(unsavedLinearInputs({ rank: 8, targets: ["q", "v"] })).toEqual([
      "qkv",
      "out",
      "mlp",
      "down",
    ]);
  });
  it("an adapter without dropout keeps the input it shares with its base layer", () => {
    expect(unsavedLinearInputs({ rank: 8, targets: ["q", "v"], dropout: 0 })).toEqual([
      "out",
      "mlp",
      "down",
    ]);
    expect(unsavedLinearInputs({ rank: 8, targets: LORA_TARGETS, dropout: 0 })).toEqual([]);
  });
  it("bitsandbytes 4- and 8-bit layers keep every input (MatMul4Bit / MatMul8bitLt save A)", () => {
    expect(unsavedLinearInputs({ rank: 8, targets: ["q", "v"], baseBits: 4 })).toEqual([]);
    expect(unsavedLinearInputs({ rank: 8, targets: ["q", "v"], baseBits: 8 })).toEqual([]);
  });
});

describe("QLoRA base (Dettmers et al. 2023 sec. 3)", () => {
  it("NF4 scales: 32/64 = 0.5 bits; double quantization 8/64 + 32/(64·256) ≈ 0.127 bits", () => {
    expect(NF4_BLOCK).toBe(64);
    expect(NF4_SCALE_BITS).toBe(0.5);
    expect(NF4_DOUBLE_QUANT_SCALE_BITS).toBeCloseTo(0.127, 3);
    expect(NF4_DOUBLE_QUANT_SCALE_BITS).toBe(0.125 + 32 / 16384);
    expect(scaleBitsFor(4, true)).toBe(NF4_DOUBLE_QUANT_SCALE_BITS);
    expect(scaleBitsFor(4, false)).toBe(0.5);
    expect(scaleBitsFor(8, true)).toBe(INT8_SCALE_BITS);
    expect(scaleBitsFor(16, true)).toBe(0);
  });
  it("4-bit base: linear layers at 4.127 bits, embeddings and head stay 16-bit", () => {
    const c = paramCounts(llama31);
    const expected = (c.quantizable * (4 + 0.125 + 32 / 16384)) / 8 + (c.total - c.quantizable) * 2;
    expect(frozenBaseBytes(llama31, 4, true, 2)).toBeCloseTo(expected, 0);
    // ≈ 3.6 GB of linear weights + 2.1 GB for the 1.05B embedding/head parameters.
    expect(frozenBaseBytes(llama31, 4, true, 2) / 1e9).toBeCloseTo(5.7, 1);
  });
  it("16-bit base is the whole model at 2 bytes (4 under fp32); 4 < 8 < 16 bits", () => {
    const n = paramCounts(llama31).total;
    expect(frozenBaseBytes(llama31, 16, true, 2)).toBe(2 * n);
    expect(frozenBaseBytes(llama31, 16, true, 4)).toBe(4 * n);
    expect(frozenBaseBytes(llama31, 4, true, 2)).toBeLessThan(
      frozenBaseBytes(llama31, 4, false, 2),
    );
    expect(frozenBaseBytes(llama31, 4, false, 2)).toBeLessThan(
      frozenBaseBytes(llama31, 8, true, 2),
    );
    expect(frozenBaseBytes(llama31, 8, true, 2)).toBeLessThan(
      frozenBaseBytes(llama31, 16, true, 2),
    );
  });
});
