import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DECODE_BANDWIDTH_FRACTION,
  decodeSpeed,
  FLOPS_PER_PARAM_PER_TOKEN,
  PREFILL_MFU,
  prefillSeconds,
  requestsPerSecond,
} from "../../../src/estimate/inference-speed.ts";
import type { DecodeInput } from "../../../src/estimate/inference-speed.ts";
import { a100, allFinite, GPUS, RUNS, rtx4090, runOk } from "./helpers.ts";

const N = 6_738_415_616; // Llama 2 7B
const llama2fp16: DecodeInput = {
  gpu: rtx4090,
  weightBytes: 2 * N,
  activeParams: N,
  kvBytesPerToken: 524_288,
  contextTokens: 0,
  batch: 1,
  engine: "llama.cpp",
};

describe("decode: tokens/s ≤ bandwidth / bytes read per token", () => {
  it("Llama-2-7B fp16 on an RTX 4090: 1008e9 / (6.74e9 × 2) ≈ 74.8 tok/s bound; × 0.75 (row C1) ≈ 56.1", () => {
    const r = decodeSpeed(llama2fp16);
    expect(r.boundTokensPerSecond).toBeCloseTo(1008e9 / (2 * N), 6);
    expect(r.boundTokensPerSecond).toBeCloseTo(74.8, 1);
    expect(r.efficiency).toBe(0.75);
    expect(r.tokensPerSecond).toBeCloseTo(0.75 * 74.8, 0);
    expect(r.limitedBy).toBe("memory-bandwidth");
    expect(r.tokensPerSecond).toBeLessThanOrEqual(r.boundTokensPerSecond);
  });
  it("the KV cache is read too: at 4096 context, 13.48 GB + 4096 × 0.5 MiB", () => {
    const r = decodeSpeed({ ...llama2fp16, contextTokens: 4096 });
    expect(r.bytesPerStep).toBe(2 * N + 4096 * 524_288);
    expect(r.boundTokensPerSecond).toBeCloseTo(1008e9 / (2 * N + 4096 * 524_288), 6);
  });
  it("efficiency defaults per engine: llama.cpp 0.75, PyTorch 1/3.4, vLLM 1/1.8", () => {
    expect(DECODE_BANDWIDTH_FRACTION["llama.cpp"]).toBe(0.75);
    expect(DECODE_BANDWIDTH_FRACTION.pytorch).toBeCloseTo(0.294, 3);
    expect(DECODE_BANDWIDTH_FRACTION.vllm).toBeCloseTo(0.556, 3);
  });
  it("batching: weights are read once per step, so aggregate tokens/s grows, until compute bound", () => {
    const b1 = decodeSpeed(llama2fp16);
    const b8 = decodeSpeed({ ...llama2fp16, batch: 8 });
    expect(b8.tokensPerSecond).toBeCloseTo(8 * b1.tokensPerSecond, 6);
    const huge = decodeSpeed({ ...llama2fp16, batch: 4096 });
    expect(huge.limitedBy).toBe("compute");
    expect(huge.warnings.map((w) => w.code)).toContain("compute-bound-decode");
    // Compute bound: 2·N·batch FLOPs at the FP16-accumulate peak (330.4) × 0.5.
    expect(huge.stepSeconds).toBeCloseTo((2 * N * 4096) / (330.4e12 * PREFILL_MFU), 9);
  });
  it("breakdown: weight-read + kv-read + compute excess = step time", () => {
    const r = decodeSpeed({ ...llama2fp16, contextTokens: 2048, batch: 4 });
    expect(r.breakdown.reduce((a, b) => a + b.value, 0)).toBeCloseTo(r.stepSeconds, 12);
    expect(r.total).toBeCloseTo(r.stepSeconds, 12);
  });
  it("properties: finite, ≤ the bound, more context or bigger weights never faster", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e6, max: 1e12, noNaN: true }),
        fc.integer({ min: 0, max: 131072 }),
        fc.integer({ min: 1, max: 512 }),
        fc.constantFrom("pytorch", "vllm", "llama.cpp" as const),
        fc.constantFrom(...GPUS),
        fc.integer({ min: 1, max: 8 }),
        (n, ctx, batch, engine, gpu, gpus) => {
          const i: DecodeInput = {
            gpu,
            weightBytes: 2 * n,
            activeParams: n,
            kvBytesPerToken: 131072,
            contextTokens: ctx,
            batch,
            engine,
            gpus,
          };
          const r = decodeSpeed(i);
          expect(allFinite(r)).toBe(true);
          expect(r.tokensPerSecond).toBeGreaterThan(0);
          expect(r.tokensPerSecond).toBeLessThanOrEqual(r.boundTokensPerSecond * (1 + 1e-12));
          expect(decodeSpeed({ ...i, contextTokens: ctx + 1 }).tokensPerSecond).toBeLessThanOrEqual(
            r.tokensPerSecond,
          );
          expect(decodeSpeed({ ...i, weightBytes: 4 * n }).tokensPerSecond).toBeLessThanOrEqual(
            r.tokensPerSecond,
          );
        },
      ),
      RUNS,
    );
  });
});

describe("prefill and serving", () => {
  it("prefill = 2·N·prompt / (peak × MFU): 512 tokens of Llama 2 7B on an A100 at 0.5", () => {
    expect(FLOPS_PER_PARAM_PER_TOKEN).toBe(2);
    const p = prefillSeconds({ gpu: a100, activeParams: N, promptTokens: 512, engine: "vllm" });
    expect(p.seconds).toBeCloseTo((2 * N * 512) / (312e12 * 0.5), 12);
    expect(p.tokensPerSecond).toBeCloseTo(512 / p.seconds, 6);
  });
  it("llama.cpp on GeForce gets the FP16-accumulate rate (×2)", () => {
    expect(
      prefillSeconds({ gpu: rtx4090, activeParams: N, promptTokens: 512, engine: "llama.cpp" })
        .peakTflops,
    ).toBeCloseTo(330.4, 6);
    expect(
      prefillSeconds({ gpu: rtx4090, activeParams: N, promptTokens: 512, engine: "pytorch" })
        .peakTflops,
    ).toBe(165.2);
  });
  it("requests/s = concurrency / (TTFT + output tokens × step)", () => {
    const d = decodeSpeed({ ...llama2fp16, batch: 4 });
    const s = requestsPerSecond({ decode: d, ttftSeconds: 0.2, outputTokens: 256, concurrency: 4 });
    expect(s.secondsPerRequest).toBeCloseTo(0.2 + 256 * d.stepSeconds, 12);
    expect(s.requestsPerSecond).toBeCloseTo(4 / s.secondsPerRequest, 12);
  });
});

describe("decode-speed requests (the task the page and the command line run)", () => {
  const run = (extra: object) =>
    runOk<{ tokensPerSecond: number; boundTokensPerSecond: number; efficiency: number }>({
      task: "decode-speed",
      model: { preset: "llama-2-7b" },
      weightBits: 16,
      gpu: "rtx-4090",
      // One token of context: the bound is the weights' alone (the KV read is 0.5 MiB).
      contextTokens: 1,
      ...extra,
    });
  it("the spec's request gives the 74.8 tok/s bound and PyTorch's efficiency", () => {
    const r = run({});
    expect(r.boundTokensPerSecond).toBeCloseTo(1008e9 / (2 * N + 2 ** 19), 6);
    expect(r.efficiency).toBeCloseTo(1 / 3.4, 12);
    expect(r.tokensPerSecond).toBeCloseTo(1008e9 / (2 * N + 2 ** 19) / 3.4, 6);
  });
  it("tensor parallel over 2 GPUs doubles the bound once, not twice", () => {
    const one = run({}).boundTokensPerSecond;
    expect(run({ tensorParallel: 2 }).boundTokensPerSecond).toBeCloseTo(2 * one, 6);
    expect(run({ tensorParallel: 4 }).boundTokensPerSecond).toBeCloseTo(4 * one, 6);
  });
});
