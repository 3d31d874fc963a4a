/**
 * What stands in where the calibration has no rows, on a made-up set of constants so each
 * choice is visible: another format falls back to the engine's 16-bit rows (then vLLM's),
 * a link without its own all-reduce time to PCIe, then the GPU link, then none; an engine
 * without compute-bound rows to every engine's pooled share, then to the training range.
 * And the lengths a serving estimate keeps within the context, shortening the prompt first.
 */
import { describe, expect, it } from "vitest";
import type { DecodeConstants } from "../../../../src/estimate/serving/decode-step.ts";
import type { ServingSpeedInput } from "../../../../src/estimate/serving/speed.ts";
import {
  decodeConstants,
  PREFILL_MFU,
  servingLoads,
  servingSpeed,
} from "../../../../src/estimate/serving/speed.ts";
import { DECODE_CONSTANTS } from "../../../../src/estimate/generated/decode-constants.ts";
import { llama2VllmOn4090 } from "../helpers.ts";

/** Llama 2 7B in 16 bits on vLLM, one RTX 4090: the serving request these tests vary. */
const LLAMA2_VLLM = llama2VllmOn4090;

const C: DecodeConstants = {
  perLayerSeconds: { "vllm/fp16": 1e-5, "vllm/awq": 3e-5, "llama.cpp/fp16": 2e-5 },
  bandwidthShare: { "vllm/fp16": 0.8, "vllm/awq": 0.6 },
  computeShare: { "vllm/fp16": 0.45, all: 0.4 },
  allReduceSeconds: { "gpu-link": 5e-6, pcie: 2e-5 },
  rows: {},
};

describe("decodeConstants: what stands in for missing rows", () => {
  it("a calibrated engine and format: its own rows, no warning", () => {
    expect(decodeConstants("vllm", "awq", "pcie", C)).toEqual({
      basis: "vllm/awq",
      // awq has no compute-bound rows of its own: every engine's pooled share.
      computeBasis: "all",
      bandwidthShare: 0.6,
      perLayerSeconds: 3e-5,
      computeShare: 0.4,
      allReduceSeconds: 2e-5,
      warnings: [],
    });
  });

  it("another format: the engine's own 16-bit rows, with a warning naming both", () => {
    const c = decodeConstants("llama.cpp", "gguf", "gpu-link", C);
    expect(c.basis).toBe("llama.cpp/fp16");
    expect(c.perLayerSeconds).toBe(2e-5);
    // No bandwidth term fitted for llama.cpp: the bound itself.
    expect(c.bandwidthShare).toBe(1);
    expect(c.allReduceSeconds).toBe(5e-6);
    expect(c.warnings).toEqual([
      { code: "decode-format-uncalibrated", params: { engine: "llama.cpp", format: "gguf" } },
    ]);
  });

  it("an engine with no rows at all: vLLM's 16-bit rows; Ollama is llama.cpp's", () => {
    const ex = decodeConstants("exllamav2", "exl2", "pcie", C);
    expect(ex.basis).toBe("vllm/fp16");
    expect([ex.perLayerSeconds, ex.bandwidthShare, ex.computeShare]).toEqual([1e-5, 0.8, 0.45]);
    expect(ex.computeBasis).toBe("vllm/fp16");
    expect(ex.warnings.map((w) => w.code)).toEqual(["decode-format-uncalibrated"]);
    const ollama = decodeConstants("ollama", "fp16", "pcie", C);
    expect(ollama.basis).toBe("llama.cpp/fp16");
    expect(ollama.warnings).toEqual([]);
  });

  it("no compute-bound rows anywhere: the training range (PREFILL_MFU)", () => {
    const none = { ...C, computeShare: {} };
    const c = decodeConstants("vllm", "fp16", "pcie", none);
    expect(c.computeBasis).toBe("none");
    expect(c.computeShare).toBe(PREFILL_MFU);
    expect(PREFILL_MFU).toBe(0.5);
  });

  it("links: PCIe without peer-to-peer takes PCIe's time, with a warning; then the GPU link; then none", () => {
    const noP2p = decodeConstants("vllm", "fp16", "pcie-no-p2p", C);
    expect(noP2p.allReduceSeconds).toBe(2e-5);
    expect(noP2p.warnings).toEqual([{ code: "no-p2p-uncalibrated", params: {} }]);
    // Its own time, when the calibration has one: no warning.
    const own = decodeConstants("vllm", "fp16", "pcie-no-p2p", {
      ...C,
      allReduceSeconds: { ...C.allReduceSeconds, "pcie-no-p2p": 9e-5 },
    });
    expect([own.allReduceSeconds, own.warnings]).toEqual([9e-5, []]);
    const onlyGpuLink = { ...C, allReduceSeconds: { "gpu-link": 5e-6 } };
    expect(decodeConstants("vllm", "fp16", "pcie", onlyGpuLink).allReduceSeconds).toBe(5e-6);
    expect(
      decodeConstants("vllm", "fp16", "pcie", { ...C, allReduceSeconds: {} }).allReduceSeconds,
    ).toBe(0);
  });

  it("a basis without a per-layer row costs nothing per layer", () => {
    const c = decodeConstants("vllm", "fp16", "pcie", { ...C, perLayerSeconds: {} });
    // Neither vllm/fp16 nor any fallback has a row: the last resort is still vLLM's basis.
    expect(c.basis).toBe("vllm/fp16");
    expect(c.perLayerSeconds).toBe(0);
  });
});

describe("servingLoads: lengths within the context", () => {
  // 80 + 50 tokens asked of a 100-token context.
  const input: ServingSpeedInput = {
    ...LLAMA2_VLLM,
    contextTokens: 100,
    promptTokens: 80,
    outputTokens: 50,
  };

  it("prompt and output past the context: the output kept, the prompt shortened, a warning", () => {
    const l = servingLoads(input);
    // 50 output tokens fit in 100; the prompt keeps the 50 left.
    expect([l.outputTokens, l.promptTokens]).toEqual([50, 50]);
    expect(l.warnings).toEqual([
      {
        code: "lengths-exceed-context",
        params: { promptTokens: 80, outputTokens: 50, contextTokens: 100 },
      },
    ]);
  });

  it("an output as long as the context leaves one token of room for the prompt's end", () => {
    const l = servingLoads({ ...input, promptTokens: 10, outputTokens: 100 });
    expect([l.outputTokens, l.promptTokens]).toEqual([99, 1]);
  });

  it("lengths within the context are kept as asked, with no warning", () => {
    const l = servingLoads({ ...input, promptTokens: 60, outputTokens: 40 });
    expect([l.outputTokens, l.promptTokens, l.warnings]).toEqual([40, 60, []]);
  });

  it("a context under 2 tokens counts as 2; tensor parallel under 1 as 1", () => {
    const l = servingLoads({ ...input, contextTokens: 0, tensorParallel: 0 });
    expect([l.outputTokens, l.promptTokens, l.tp]).toEqual([1, 1, 1]);
  });

  it("the step features read every live sequence's KV cache at its context, at least 1 token", () => {
    const l = servingLoads({ ...input, promptTokens: 60, outputTokens: 40 });
    // Llama 2 7B, 16-bit KV: 2 (K and V) × 32 layers × 32 heads × 128 × 2 bytes = 524,288 per token.
    const perToken = 2 * 32 * 32 * 128 * 2;
    const at = (contextTokens: number) =>
      l.featuresOf({ sequences: 3, contextTokens, tokens: 3, promptTokens: 0 }).kvBytesPerGpu;
    expect(at(500)).toBe(3 * 500 * perToken);
    expect(at(0)).toBe(3 * 1 * perToken);
  });
});

describe("servingSpeed's assumptions: what a reader is told the figures rest on", () => {
  const input: ServingSpeedInput = { ...LLAMA2_VLLM, batch: 4 };
  const byKey = (r: ReturnType<typeof servingSpeed>) =>
    Object.fromEntries(r.assumptions.map((a) => [a.key, a]));

  it("the datasheet bandwidth, the calibrated constants by their basis, the engine's schedule and budget", () => {
    const a = byKey(servingSpeed(input));
    expect(a["bandwidth-GBps"]).toEqual({
      key: "bandwidth-GBps",
      value: 1008,
      source: "datasheet",
      sourceParams: { gpu: "GeForce RTX 4090" },
    });
    expect(a["efficiency"]).toEqual({
      key: "efficiency",
      value: DECODE_CONSTANTS.bandwidthShare["vllm/fp16"],
      source: "decode-calibration",
      sourceParams: { basis: "vllm/fp16" },
    });
    expect(a["per-layer-seconds"]).toEqual({
      key: "per-layer-seconds",
      value: DECODE_CONSTANTS.perLayerSeconds["vllm/fp16"],
      source: "decode-calibration",
      sourceParams: { basis: "vllm/fp16" },
    });
    expect(a["compute-share"]?.source).toBe("decode-calibration");
    // vLLM on a 24 GB card: mixed steps of at most 2048 tokens (vllm/engine/arg_utils.py).
    expect(a["schedule"]).toEqual({ key: "schedule", value: "mixed", source: "vllm-schedule" });
    expect(a["step-token-budget"]).toEqual({
      key: "step-token-budget",
      value: 2048,
      source: "vllm-schedule",
    });
    // One GPU, users in a loop: no all-reduce, no burst.
    expect(a["all-reduce-seconds"]).toBeUndefined();
    expect(a["arrival"]).toBeUndefined();
  });

  it("a user's efficiency and step budget are the request's; a burst says so; two GPUs name their link", () => {
    const a = byKey(
      servingSpeed({
        ...input,
        efficiency: 0.5,
        stepTokens: 1000,
        arrival: "burst",
        tensorParallel: 2,
        link: "pcie",
      }),
    );
    expect(a["efficiency"]).toMatchObject({ value: 0.5, source: "request" });
    expect(a["step-token-budget"]).toMatchObject({ value: 1000, source: "request" });
    expect(a["arrival"]).toEqual({ key: "arrival", value: "burst", source: "request" });
    expect(a["burst-ramp-seconds"]?.source).toBe("vllm-schedule");
    expect(a["burst-ramp-seconds"]?.value).toBeGreaterThan(0);
    expect(a["all-reduce-seconds"]).toEqual({
      key: "all-reduce-seconds",
      value: DECODE_CONSTANTS.allReduceSeconds.pcie,
      source: "decode-calibration",
      sourceParams: { basis: "link/pcie" },
    });
  });

  it("Transformers runs every prompt at once: no step budget to report", () => {
    const a = byKey(servingSpeed({ ...input, engine: "transformers" }));
    expect(a["schedule"]).toEqual({
      key: "schedule",
      value: "static",
      source: "hf-generate-schedule",
    });
    expect(a["step-token-budget"]).toBeUndefined();
  });
});
