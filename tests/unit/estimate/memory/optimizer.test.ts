import { describe, expect, it } from "vitest";
import {
  ADAM_8BIT_BYTES_PER_PARAM,
  ADAM_STATES,
  isPaged,
  optimizerStateBytes,
  optimizerStepBytes,
  SGD_MOMENTUM_STATES,
} from "../../../../src/estimate/memory/optimizer.ts";
import { OPTIMIZERS } from "../../../../src/estimate/vocabulary.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import { paramCounts } from "../../../../src/estimate/model/model.ts";
import { findPreset } from "../../../../src/estimate/model/presets.ts";

const llama8b = findPreset("llama-3.1-8b")!.model;

describe("optimizer states", () => {
  it("AdamW: 2 fp32 states = 8 bytes/param; SGD momentum 4; pure bf16 AdamW 4", () => {
    expect(ADAM_STATES).toBe(2);
    expect(SGD_MOMENTUM_STATES).toBe(1);
    expect(optimizerStateBytes("adamw", 1e9, 4, undefined, true)).toEqual({
      bytes: 8e9,
      approximate: false,
      paged: false,
    });
    expect(optimizerStateBytes("sgd-momentum", 1e9, 4, undefined, true).bytes).toBe(4e9);
    expect(optimizerStateBytes("adamw", 1e9, 2, undefined, true).bytes).toBe(4e9);
  });
  it("8-bit Adam: two 1-byte states + one fp32 absmax per 256 values per state = 2.03125 bytes/param", () => {
    // bitsandbytes Optimizer2State.init_state: blocks = n // 256, absmax1 and absmax2 in fp32.
    expect(ADAM_8BIT_BYTES_PER_PARAM).toBe(2 + (2 * 4) / 256);
    expect(optimizerStateBytes("adam-8bit", 1e9, 4, undefined, true).bytes).toBeCloseTo(
      2.03125e9,
      0,
    );
  });
  it("Adafactor: rows + cols per matrix, full second moment for vectors (Shazeer & Stern 2018)", () => {
    const m: ModelArch = {
      layers: 1,
      hidden: 8,
      heads: 2,
      ffn: 16,
      vocab: 100,
      tiedEmbeddings: true,
      mlp: "plain",
    };
    // embed 100x8; q,k,v,o 8x8; up 8x16; down 16x8. Vectors: (2·1 + 1)·8 RMSNorm weights.
    const factored = 100 + 8 + 4 * (8 + 8) + (8 + 16) + (16 + 8);
    const vectors = 3 * 8;
    expect(optimizerStateBytes("adafactor", paramCounts(m).total, 4, m, true)).toEqual({
      bytes: (factored + vectors) * 4,
      approximate: false,
      paged: false,
    });
  });
  it("Adafactor keeps far less than AdamW for a real model (< 1%)", () => {
    const n = paramCounts(llama8b).total;
    const ada = optimizerStateBytes("adafactor", n, 4, llama8b, true).bytes;
    expect(ada / optimizerStateBytes("adamw", n, 4, llama8b, true).bytes).toBeLessThan(0.01);
  });
  it("Adafactor without an architecture (or under LoRA) is approximated and flagged", () => {
    const r = optimizerStateBytes("adafactor", 1e9, 4, undefined, true);
    expect(r.approximate).toBe(true);
    expect(r.bytes).toBeCloseTo(0.01 * 8e9, 0);
    expect(optimizerStateBytes("adafactor", 1e6, 4, llama8b, false).approximate).toBe(true);
  });
  it("every optimizer gives a finite, non-negative figure", () => {
    for (const o of OPTIMIZERS) {
      const b = optimizerStateBytes(o, 123456, 4, llama8b, true).bytes;
      expect(Number.isFinite(b) && b >= 0, o).toBe(true);
    }
  });
});

describe("paged optimizers and the optimizer step", () => {
  it("paged states are flagged; bitsandbytes' 32-bit states are fp32 whatever the parameters", () => {
    // PagedAdamW32bit: 2 states x 4 bytes = 8 bytes/param even for bf16 parameters.
    expect(optimizerStateBytes("adamw-paged", 1e9, 2, undefined, true)).toEqual({
      bytes: 8e9,
      approximate: false,
      paged: true,
    });
    // PagedAdamW8bit: the same 2.03125 bytes/param as AdamW8bit, but paged.
    const p8 = optimizerStateBytes("adam-8bit-paged", 1e9, 2, undefined, true);
    expect(p8.paged).toBe(true);
    expect(p8.bytes).toBeCloseTo(2.03125e9, 0);
    expect(isPaged("adam-8bit")).toBe(false);
    expect(isPaged("adamw-paged")).toBe(true);
  });
  it("foreach AdamW or SGD holds one more value per parameter in the states' dtype; fused and bnb none", () => {
    // torch.optim docs: foreach uses ~sizeof(params) more peak memory. 1e9 fp32 states: 4e9.
    expect(optimizerStepBytes("adamw", true, 1e9, 4)).toBe(4e9);
    expect(optimizerStepBytes("sgd-momentum", true, 1e9, 2)).toBe(2e9);
    expect(optimizerStepBytes("adamw", false, 1e9, 4)).toBe(0);
    expect(optimizerStepBytes("adam-8bit", true, 1e9, 4)).toBe(0);
    expect(optimizerStepBytes("adam-8bit-paged", true, 1e9, 4)).toBe(0);
    expect(optimizerStepBytes("adafactor", true, 1e9, 4)).toBe(0);
  });
});
