/**
 * LoRA's adapter traffic on shapes beyond a dense model's q and v: one fused qkv adapter, a
 * routed expert's adapters (each expert sees its share of the tokens), an 8-bit base's
 * dequantisation, and the bandwidth conversion. Bytes are worked by hand from the
 * mechanism (12·in + 20·out per adapted matrix and token) and the models' config.json.
 */
import { describe, expect, it } from "vitest";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import type { AdapterCostInput } from "../../../../src/estimate/training/adapter-cost.ts";
import {
  adapterBytesPerToken,
  atBandwidth,
  dequantBytesPerMicroStep,
} from "../../../../src/estimate/training/adapter-cost.ts";

const preset = (id: string): ModelArch => PRESETS.find((p) => p.id === id)!.model;
const llama8b = preset("llama-3.1-8b");
const at = (over: Partial<AdapterCostInput>): AdapterCostInput => ({
  model: llama8b,
  lora: { targets: ["q", "v"], dropout: 0, baseBits: 16, doubleQuant: true },
  forwardReruns: 0,
  fusedQkv: false,
  fusedLoraKernels: false,
  ...over,
});

describe("adapter traffic by shape", () => {
  it("a fused qkv adapter reads its input once for q and v together", () => {
    // One input of 4096, outputs 4096 + 1024: 12·4096 + 20·5120 = 151,552 a layer, × 32.
    expect(adapterBytesPerToken(at({ fusedQkv: true }))).toBe(151_552 * 32);
  });
  it("fusing leaves the other targets' adapters as they are", () => {
    // q and v fused as above, o (4096 → 4096) alone: 12·4096 + 20·4096 = 131,072 a layer.
    const lora = { targets: ["q", "v", "o"] as const, dropout: 0, baseBits: 16, doubleQuant: true };
    expect(adapterBytesPerToken(at({ fusedQkv: true, lora }))).toBe((151_552 + 131_072) * 32);
  });
  it("a routed expert's adapter sees its top-k share of the tokens", () => {
    // Qwen3-30B-A3B up projections, 2048 → 768 in 128 experts × 48 layers, 8 of them per
    // token: (12·2048 + 20·768) × 6144 × 8/128 = 39,936 × 384 = 15,335,424 B.
    const lora = { targets: ["up"] as const, dropout: 0, baseBits: 16, doubleQuant: true };
    expect(adapterBytesPerToken(at({ model: preset("qwen3-30b-a3b"), lora }))).toBe(15_335_424);
  });
});

describe("a k-bit base's dequantisation", () => {
  it("an 8-bit base reads a byte a weight (no block scales) and writes two, twice a micro-step", () => {
    // 6,979,321,856 quantizable weights × (1 + 2) B × 2 = 41,875,931,136 B.
    const lora = { targets: ["q", "v"] as const, dropout: 0, baseBits: 8, doubleQuant: true };
    expect(dequantBytesPerMicroStep(at({ lora }))).toBe(41_875_931_136);
  });
  it("a 32-bit base is not dequantised", () => {
    const lora = { targets: ["q", "v"] as const, dropout: 0, baseBits: 32, doubleQuant: true };
    expect(dequantBytesPerMicroStep(at({ lora }))).toBe(0);
  });
});

describe("bytes at the datasheet bandwidth", () => {
  it("1e12 B at 1000 GB/s take a second; nothing, or no bandwidth figure, takes none", () => {
    expect(atBandwidth(1e12, 1000)).toBe(1);
    expect(atBandwidth(0, 1000)).toBe(0);
    expect(atBandwidth(1e12, undefined)).toBe(0);
  });
});
