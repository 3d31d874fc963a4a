/**
 * The loss's memory on each path, counted by hand per logit: 4 tokens over a 1000-word
 * vocabulary (4000 logits) and a hidden width of 100, 16-bit logits unless said otherwise.
 */
import { describe, expect, it } from "vitest";
import type { LossInput } from "../../../../src/estimate/memory/loss.ts";
import { fusedChunkRows, lossBytes } from "../../../../src/estimate/memory/loss.ts";

const input = (o: Partial<LossInput> = {}): LossInput => ({
  path: "standard",
  tokens: 4,
  vocab: 1000,
  hidden: 100,
  logitBytes: 2,
  lossInFp32: true,
  tensorParallel: 1,
  ...o,
});

describe("paths that hold every logit", () => {
  it("standard: the start of backward, 3 loss-dtype values a logit, outweighs the forward", () => {
    // fp32 loss: forward 2 + 4 (upcast copy) + 4 (log-softmax) = 10 bytes, backward 3 · 4 =
    // 12: 4000 · 12 = 48,000.
    expect(lossBytes(input())).toEqual({ bytes: 48_000, liveLogitValues: 4000 });
    // A bf16 loss (LitGPT): no copy, forward 2 + 2 = 4, backward 3 · 2 = 6: 24,000.
    expect(lossBytes(input({ lossInFp32: false })).bytes).toBe(24_000);
    // fp32 logits need no upcast: forward 4 + 4 = 8, backward 12: 48,000.
    expect(lossBytes(input({ logitBytes: 4 })).bytes).toBe(48_000);
  });
  it("shifted: one more loss-dtype copy in the forward, which then outweighs backward", () => {
    // 2 + 4 + 2 · 4 = 14 bytes > 12: 4000 · 14 = 56,000.
    expect(lossBytes(input({ path: "shifted" }))).toEqual({ bytes: 56_000, liveLogitValues: 4000 });
    // fp32 logits: 4 + 0 + 8 = 12 = 3 · 4: 48,000. A bf16 loss: 2 + 0 + 4 = 6 = 3 · 2: 24,000.
    expect(lossBytes(input({ path: "shifted", logitBytes: 4 })).bytes).toBe(48_000);
    expect(lossBytes(input({ path: "shifted", lossInFp32: false })).bytes).toBe(24_000);
  });
  it("tensor parallel splits the vocabulary, so every path's bytes", () => {
    expect(lossBytes(input({ tensorParallel: 2 })).bytes).toBe(24_000);
    expect(lossBytes(input({ path: "shifted", tensorParallel: 4 })).bytes).toBe(14_000);
    // A degree below one is one GPU.
    expect(lossBytes(input({ tensorParallel: 0 })).bytes).toBe(48_000);
  });
});

describe("chunked and fused paths", () => {
  it("chunked (torchtune, 8 chunks): every fp32 log-softmax saved, one chunk's logits and copy", () => {
    // 4000 · 4 = 16,000 saved; one chunk of 500 logits at 2 + 4 = 6 bytes: 3000.
    expect(lossBytes(input({ path: "chunked" }))).toEqual({ bytes: 19_000, liveLogitValues: 500 });
    // bf16 loss: 4000 · 2 + 500 · 2 = 9000; tp 2 halves: 9500 for the fp32 one.
    expect(lossBytes(input({ path: "chunked", lossInFp32: false })).bytes).toBe(9000);
    expect(lossBytes(input({ path: "chunked", tensorParallel: 2 })).bytes).toBe(9500);
    // Compiled: 16-bit logits of every chunk kept, one chunk's 16-bit gradient: 8000 + 1000,
    // split by tp 2: 4500.
    expect(lossBytes(input({ path: "chunked", fusedKernels: true }))).toEqual({
      bytes: 9000,
      liveLogitValues: 500,
    });
    expect(lossBytes(input({ path: "chunked", fusedKernels: true, tensorParallel: 2 })).bytes).toBe(
      4500,
    );
  });
  it("fused (Liger): a chunk of rows whose logits match the hidden states, and a grad_input buffer", () => {
    // inc_factor = ceil(1000 / 100) = 10; rows ceil(4 / 10) = 1, a power of two: 1. Chunk
    // 1000 logits at 2 + 4 = 6 bytes = 6000; grad_input 4 · 100 · 2 = 800.
    expect(lossBytes(input({ path: "fused" }))).toEqual({ bytes: 6800, liveLogitValues: 1000 });
    // bf16 loss: 1000 · 2 + 800 = 2800; tp 2: 3400 for the fp32 one.
    expect(lossBytes(input({ path: "fused", lossInFp32: false })).bytes).toBe(2800);
    expect(lossBytes(input({ path: "fused", tensorParallel: 2 })).bytes).toBe(3400);
    // 100 tokens, hidden 64: inc_factor ceil(1000 / 64) = 16, rows ceil(100 / 16) = 7 → 8.
    // Chunk 8000 logits · 6 = 48,000; grad_input 100 · 64 · 2 = 12,800.
    expect(lossBytes(input({ path: "fused", tokens: 100, hidden: 64 }))).toEqual({
      bytes: 60_800,
      liveLogitValues: 8000,
    });
  });
  it("Liger's chunk rows: the next power of two, never more rows than tokens", () => {
    // inc 16: ceil(100 / 16) = 7 → 8; ceil(129 / 16) = 9 → 16; exactly 64 / 16 = 4 → 4.
    expect(fusedChunkRows(100, 1000, 64)).toBe(8);
    expect(fusedChunkRows(129, 1000, 64)).toBe(16);
    expect(fusedChunkRows(64, 1000, 64)).toBe(4);
    // inc 1 (vocabulary no wider than hidden): 3 rows → 4, capped at the 3 tokens.
    expect(fusedChunkRows(3, 10, 100)).toBe(3);
    // One token: 2⁰ = 1 row.
    expect(fusedChunkRows(1, 1000, 64)).toBe(1);
  });
});
