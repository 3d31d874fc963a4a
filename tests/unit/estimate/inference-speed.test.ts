import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DECODE_CONSTANTS } from "../../../src/estimate/decode-constants.ts";
import { kvShareOnGpu, linkClass, stepFeatures } from "../../../src/estimate/decode-step.ts";
import {
  decodeConstants,
  FLOPS_PER_PARAM_PER_TOKEN,
  PREFILL_MFU,
  prefillRate,
  servingSpeed,
} from "../../../src/estimate/inference-speed.ts";
import type { ServingSpeedInput } from "../../../src/estimate/inference-speed.ts";
import { findPreset } from "../../../src/estimate/presets.ts";
import { weightBytes } from "../../../src/estimate/weight-bytes.ts";
import { a100, allFinite, GPUS, RUNS, rtx4090, runOk } from "./helpers.ts";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";

const CATALOG = loadGpuSpecs();

const llama2 = findPreset("llama-2-7b")!.model;
const N = 6_738_415_616; // Llama 2 7B
const base: ServingSpeedInput = {
  model: llama2,
  gpu: rtx4090,
  format: "gguf",
  weightBits: 16,
  scaleBits: 0,
  kvBits: 16,
  contextTokens: 1,
  batch: 1,
  engine: "llama.cpp",
  tensorParallel: 1,
  promptTokens: 0,
  outputTokens: 256,
};

describe("what a decode step reads", () => {
  it("every active weight and the head, but one row of an untied input embedding", () => {
    const w = weightBytes(llama2, "fp16", 16, 0);
    expect(w.stored).toBe(2 * N);
    // 32000 x 4096 embedding: only its 4096-wide row is read.
    expect(w.readPerStep).toBe(2 * N - 2 * 32000 * 4096 + 2 * 4096);
  });
  it("the KV cache at the context reached; tensor parallel splits KV heads, replicating past their count", () => {
    const llama31 = findPreset("llama-3.1-8b")!.model;
    expect(kvShareOnGpu(llama31, 1)).toBe(1);
    expect(kvShareOnGpu(llama31, 4)).toBe(1 / 4);
    // 8 KV heads over 16 GPUs: each still holds one head.
    expect(kvShareOnGpu(llama31, 16)).toBe(1 / 8);
    const f = stepFeatures({ ...base, model: llama31, contextTokens: 4096, format: "fp16" });
    expect(f.kvBytesPerGpu).toBe(4096 * 2 * 32 * 8 * 128 * 2);
  });
  it("the bound: bytes per GPU at the datasheet bandwidth; tensor parallel divides them", () => {
    const one = stepFeatures({ ...base, gpu: a100 });
    const two = stepFeatures({ ...base, gpu: a100, tensorParallel: 2 });
    expect(one.boundSeconds).toBeCloseTo(one.bytesPerGpu / 2039e9, 15);
    expect(two.weightBytesPerGpu).toBeCloseTo(one.weightBytesPerGpu / 2, 3);
    expect(two.allReduceSteps).toBe(2 * 32);
  });
  it("links: NVSwitch and Infinity Fabric are GPU links; a bridge joins pairs only; GeForce PCIe has no P2P", () => {
    const gpu = (id: string) => CATALOG.find((g) => g.id === id)!;
    expect(linkClass(gpu("h100-sxm"), 8)).toBe("gpu-link");
    expect(linkClass(gpu("mi300x"), 8)).toBe("gpu-link");
    expect(linkClass(gpu("rtx-3090"), 2)).toBe("gpu-link");
    expect(linkClass(gpu("rtx-3090"), 4)).toBe("pcie");
    expect(linkClass(gpu("rtx-4090"), 2)).toBe("pcie-no-p2p");
  });
});

describe("decode speed from the calibrated constants", () => {
  it("step = reads / share + layers × per-layer cost (+ all-reduces), for the engine and format", () => {
    const r = servingSpeed(base);
    const c = decodeConstants("llama.cpp", "gguf", "pcie-no-p2p");
    const f = stepFeatures(base);
    expect(c.basis).toBe("llama.cpp/gguf");
    expect(c.bandwidthShare).toBe(DECODE_CONSTANTS.bandwidthShare["llama.cpp/gguf"]);
    expect(r.stepSeconds).toBeCloseTo(
      f.boundSeconds / c.bandwidthShare + 32 * c.perLayerSeconds,
      12,
    );
    expect(r.breakdown.reduce((a, b) => a + b.value, 0)).toBeCloseTo(r.stepSeconds, 12);
    expect(r.tokensPerSecond).toBeLessThanOrEqual(r.boundTokensPerSecond);
  });
  it("Ollama runs llama.cpp's kernels; TensorRT-LLM, without rows of its own, says whose it uses", () => {
    expect(decodeConstants("ollama", "gguf", "gpu-link").basis).toBe("llama.cpp/gguf");
    const trt = decodeConstants("tensorrt-llm", "fp16", "gpu-link");
    expect(trt.basis).toBe("vllm/fp16");
    expect(trt.warnings.map((w) => w.code)).toContain("decode-uncalibrated");
  });
  it("a format the engine has no rows for falls back to its 16-bit constants, with a warning", () => {
    const c = decodeConstants("vllm", "bnb", "gpu-link");
    expect(c.basis).toBe("vllm/fp16");
    expect(c.warnings.map((w) => w.code)).toContain("decode-format-uncalibrated");
  });
  it("the user's efficiency replaces the calibrated share", () => {
    expect(servingSpeed({ ...base, efficiency: 0.5 }).efficiency).toBe(0.5);
  });
  it("properties: finite, ≤ the bound, more context or wider weights never faster", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 131072 }),
        fc.integer({ min: 1, max: 512 }),
        fc.constantFrom(
          "transformers",
          "vllm",
          "sglang",
          "llama.cpp",
          "ollama",
          "exllamav2" as const,
        ),
        fc.constantFrom(...GPUS.filter((g) => g.bandwidthGBps !== undefined)),
        fc.constantFrom(1, 2, 4, 8),
        (ctx, batch, engine, gpu, tp) => {
          const i: ServingSpeedInput = {
            ...base,
            engine,
            format: engine === "llama.cpp" || engine === "ollama" ? "gguf" : "fp16",
            gpu,
            contextTokens: ctx,
            batch,
            tensorParallel: tp,
          };
          const r = servingSpeed(i);
          expect(allFinite(r)).toBe(true);
          expect(r.tokensPerSecond).toBeGreaterThan(0);
          expect(r.tokensPerSecond).toBeLessThanOrEqual(r.boundTokensPerSecond * (1 + 1e-12));
          // Equal speeds (compute bound) may differ in a float's last bits.
          const slack = r.tokensPerSecond * (1 + 1e-12);
          expect(
            servingSpeed({ ...i, contextTokens: ctx + 1 }).tokensPerSecond,
          ).toBeLessThanOrEqual(slack);
          expect(servingSpeed({ ...i, weightBits: 32 }).tokensPerSecond).toBeLessThanOrEqual(slack);
        },
      ),
      RUNS,
    );
  });
});

describe("prefill and serving", () => {
  it("prefill = 2·N·prompt / (peak × MFU): 512 tokens of Llama 2 7B on an A100 at 0.5", () => {
    expect(FLOPS_PER_PARAM_PER_TOKEN).toBe(2);
    const r = servingSpeed({
      ...base,
      engine: "vllm",
      format: "fp16",
      gpu: a100,
      promptTokens: 512,
    });
    expect(r.ttftSeconds).toBeCloseTo((2 * N * 512) / (312e12 * PREFILL_MFU), 12);
  });
  it("llama.cpp and Ollama on GeForce get the FP16-accumulate rate (×2)", () => {
    expect(prefillRate(rtx4090, "llama.cpp", 1)).toBeCloseTo(330.4e12 * PREFILL_MFU, 0);
    expect(prefillRate(rtx4090, "ollama", 1)).toBeCloseTo(330.4e12 * PREFILL_MFU, 0);
    expect(prefillRate(rtx4090, "vllm", 1)).toBeCloseTo(165.2e12 * PREFILL_MFU, 0);
  });
  it("requests/s = concurrency / (TTFT + output tokens × step)", () => {
    const r = servingSpeed({ ...base, batch: 4, promptTokens: 200 });
    expect(r.secondsPerRequest).toBeCloseTo(r.ttftSeconds + 256 * r.stepSeconds, 12);
    expect(r.requestsPerSecond).toBeCloseTo(4 / r.secondsPerRequest, 12);
  });
});

describe("decode-speed requests (the task the page and the command line run)", () => {
  const run = (extra: object) =>
    runOk<{ tokensPerSecond: number; boundTokensPerSecond: number; stepSeconds: number }>({
      task: "decode-speed",
      model: { preset: "llama-2-7b" },
      weightBits: 16,
      gpu: "rtx-4090",
      contextTokens: 1,
      ...extra,
    });
  it("tensor parallel over 2 GPUs doubles the bound once, not twice", () => {
    const one = run({}).boundTokensPerSecond;
    expect(run({ tensorParallel: 2 }).boundTokensPerSecond / one).toBeCloseTo(2, 2);
    expect(run({ tensorParallel: 4 }).boundTokensPerSecond / one).toBeCloseTo(4, 2);
  });
  it("the engine's default format: GGUF in llama.cpp, bitsandbytes in Transformers at 4 bits", () => {
    expect(run({ engine: "llama.cpp" }).stepSeconds).toBeGreaterThan(0);
    const hf4 = run({ engine: "transformers", weightBits: 4 });
    const vllm4 = run({ engine: "vllm", weightBits: 4 });
    expect(vllm4.tokensPerSecond).toBeGreaterThan(hf4.tokensPerSecond);
  });
});
