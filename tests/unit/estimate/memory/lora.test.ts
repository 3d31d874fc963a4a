import { describe, expect, it } from "vitest";
import type { AdapterActivationInput, LoraConfig } from "../../../../src/estimate/memory/lora.ts";
import {
  adapterSavedBytesPerToken,
  frozenBaseBytes,
  fullModuleParams,
  headParams,
  largestDequantized,
  INT8_SCALE_BITS,
  loraParams,
  NF4_DOUBLE_QUANT_SCALE_BITS,
  scaleBitsFor,
  unsavedLinearInputs,
} from "../../../../src/estimate/memory/lora.ts";
import { LORA_TARGETS } from "../../../../src/estimate/vocabulary.ts";
import { paramCounts } from "../../../../src/estimate/model/model.ts";
import { NF4_BLOCK, NF4_SCALE_BITS } from "../../../../src/estimate/hardware/precision.ts";
import { findPreset } from "../../../../src/estimate/model/presets.ts";
import { peftLora } from "../helpers.ts";

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
  it("a module trained in full adds a vocab x hidden copy (PEFT modules_to_save)", () => {
    expect(fullModuleParams(llama31, ["head"])).toBe(128256 * 4096);
    expect(fullModuleParams(llama31, ["embed", "head"])).toBe(2 * 128256 * 4096);
    expect(fullModuleParams(llama31, [])).toBe(0);
  });
});

const on = (lora: Partial<LoraConfig>, over: Partial<AdapterActivationInput> = {}) => ({
  model: llama31,
  lora: peftLora(lora),
  activationBytes: 2,
  autocast: false,
  fusedQkv: false,
  ...over,
});

describe("what LoRA adapters keep for backward (peft/tuners/lora/layer.py)", () => {
  it("bf16 adapters without dropout read their base layer's input: nothing of their own", () => {
    expect(adapterSavedBytesPerToken(on({ adapterBits: 16 }))).toBe(0);
    expect(unsavedLinearInputs(on({ adapterBits: 16 }))).toEqual(["out", "mlp", "down"]);
    expect(unsavedLinearInputs(on({ adapterBits: 16, targets: LORA_TARGETS }))).toEqual([]);
  });
  it("fp32 adapters over bf16 activations keep an fp32 copy of each adapted input", () => {
    expect(adapterSavedBytesPerToken(on({}))).toBe(2 * 4096 * 4);
    // The frozen base then keeps no input of its own.
    expect(unsavedLinearInputs(on({}))).toEqual(["qkv", "out", "mlp", "down"]);
  });
  it("under autocast the copy lora_A keeps is autocast's 16-bit cast", () => {
    expect(adapterSavedBytesPerToken(on({}, { autocast: true }))).toBe(2 * 4096 * 2);
  });
  it("dropout adds a dropped copy and a 1-byte mask per adapted layer; down reads the MLP width", () => {
    expect(adapterSavedBytesPerToken(on({ adapterBits: 16, dropout: 0.05 }))).toBe(
      2 * 4096 * (2 + 1),
    );
    expect(
      adapterSavedBytesPerToken(on({ adapterBits: 16, dropout: 0.1, targets: ["down"] })),
    ).toBe(14336 * 3);
  });
  it("LitGPT's fused qkv keeps one copy for q, k and v together", () => {
    const fused = on({ adapterBits: 16, dropout: 0.05 }, { fusedQkv: true });
    expect(adapterSavedBytesPerToken(fused)).toBe(4096 * 3);
  });
  it("bitsandbytes 4- and 8-bit layers keep every input (MatMul4Bit / MatMul8bitLt save A)", () => {
    expect(unsavedLinearInputs(on({ baseBits: 4 }))).toEqual([]);
    expect(unsavedLinearInputs(on({ baseBits: 8 }))).toEqual([]);
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
    expect(frozenBaseBytes(llama31, 4, true)).toBeCloseTo(expected, 0);
    // ≈ 3.6 GB of linear weights + 2.1 GB for the 1.05B embedding/head parameters.
    expect(frozenBaseBytes(llama31, 4, true) / 1e9).toBeCloseTo(5.7, 1);
  });
  it("16-bit base is the whole model at 2 bytes (4 for a 32-bit base); 4 < 8 < 16 bits", () => {
    const n = paramCounts(llama31).total;
    expect(frozenBaseBytes(llama31, 16, true)).toBe(2 * n);
    expect(frozenBaseBytes(llama31, 32, true)).toBe(4 * n);
    expect(frozenBaseBytes(llama31, 4, true)).toBeLessThan(frozenBaseBytes(llama31, 4, false));
    expect(frozenBaseBytes(llama31, 4, false)).toBeLessThan(frozenBaseBytes(llama31, 8, true));
    expect(frozenBaseBytes(llama31, 8, true)).toBeLessThan(frozenBaseBytes(llama31, 16, true));
  });
  it("LitGPT (Lightning's bitsandbytes plugin) quantizes the head too: Llama-2-7B", () => {
    // Linear layers: 32 · (4 · 4096² + 3 · 4096 · 11008) = 6,476,005,376 params at
    // 4 + 1/8 + 1/512 bits: 809,500,672 · 4.126953125 = 3,340,771,328 bytes; embedding, head
    // and norms (2 · 131,072,000 + 266,240 = 262,410,240) at 2 bytes: 524,820,480.
    expect(frozenBaseBytes(llama2, 4, true)).toBe(3_865_591_808);
    // The 131,072,000-parameter head at 4.126953125 bits instead of 16:
    // 131,072,000 · (2 − 0.515869140625) = 194,528,000 bytes fewer.
    expect(frozenBaseBytes(llama2, 4, true, true)).toBe(3_865_591_808 - 194_528_000);
    expect(headParams(llama2)).toBe(131_072_000);
    expect(headParams({ ...llama2, tiedEmbeddings: true })).toBe(0);
    // A 16-bit base is not quantized at all.
    expect(frozenBaseBytes(llama2, 16, true, true)).toBe(frozenBaseBytes(llama2, 16, true));
  });
  it("the dequantized weight: the largest linear matrix, or the quantized head", () => {
    // Llama-2-7B: gate/up/down are 4096 · 11008 = 45,088,768; the head 32000 · 4096.
    expect(largestDequantized(llama2)).toBe(45_088_768);
    expect(largestDequantized(llama2, true)).toBe(131_072_000);
  });
});
