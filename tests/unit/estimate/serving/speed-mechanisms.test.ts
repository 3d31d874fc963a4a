/**
 * What `servingSpeed` adds on top of the schedule and the step model: the limit's ties, the
 * warnings it passes on or raises (with their parameters), the breakdown's parts by name,
 * the prompt-only speed, the bytes a step reads, and how a queue's wait and a burst reach the
 * time to first token, the request rate and a request's length. Expected values are worked
 * by hand in the comments; where a step's time is needed it is priced by the step model
 * (`decode-step.ts`) with the constants transcribed from `generated/decode-constants.ts`.
 */
import { describe, expect, it } from "vitest";
import type {
  DecodeConstants,
  StepConstants,
} from "../../../../src/estimate/serving/decode-step.ts";
import { stepFeatures, stepTimes } from "../../../../src/estimate/serving/decode-step.ts";
import type { ServingSpeedInput } from "../../../../src/estimate/serving/speed.ts";
import {
  decodeConstants,
  limitOf,
  servingLoads,
  servingSpeed,
} from "../../../../src/estimate/serving/speed.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import { findPreset } from "../../../../src/estimate/model/presets.ts";
import { expectRel, llama2VllmOn4090, rtx4090 } from "../helpers.ts";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";

/** Llama 2 7B: 6,738,415,616 parameters. */
const N = 6_738_415_616;
/** Llama 2 7B's 16-bit KV cache: 2 (K and V) × 32 layers × 32 heads × 128 × 2 B a token. */
const KV_PER_TOKEN = 2 * 32 * 32 * 128 * 2;

/** Llama 2 7B in 16 bits on vLLM, one RTX 4090 (a 24 GB card: 2048-token steps). */
const VLLM = llama2VllmOn4090;

/** vLLM's 16-bit constants (generated/decode-constants.ts); its compute share is the pooled one. */
const VLLM_FP16: StepConstants = {
  bandwidthShare: 0.9542,
  perLayerSeconds: 0.0001029,
  computeShare: 0.4668,
  allReduceSeconds: 0.00001156,
};
/** SGLang's 16-bit constants, likewise. */
const SGLANG_FP16: StepConstants = {
  ...VLLM_FP16,
  bandwidthShare: 0.8377,
  perLayerSeconds: 0.00008081,
};

/** The step model's time of one step of this load for the input's model and GPU. */
const stepTotal = (
  input: ServingSpeedInput,
  c: StepConstants,
  load: { sequences: number; contextTokens: number; tokens: number; promptTokens: number },
  promptLength = input.promptTokens,
) =>
  stepTimes(
    stepFeatures({
      model: input.model,
      format: input.format,
      weightBits: input.weightBits,
      scaleBits: input.scaleBits,
      kvBits: input.kvBits,
      gpu: input.gpu,
      engine: input.engine,
      tensorParallel: input.tensorParallel,
      contextTokens: load.contextTokens,
      batch: load.sequences,
      tokens: load.tokens,
      promptTokensInStep: load.promptTokens,
      promptLength: Math.max(1, promptLength),
    }),
    c,
  ).total;

const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);

describe("limitOf: ties go to the earlier part", () => {
  const step = (w: number, kv: number, compute: number, overhead: number, allReduce: number) => ({
    weightReadSeconds: w,
    kvReadSeconds: kv,
    computeSeconds: compute,
    overheadSeconds: overhead,
    allReduceSeconds: allReduce,
  });
  it("arithmetic only as long as the weight read does not hide it: the reads stay memory", () => {
    // Compute 2 ms = weight read 2 ms: not compute bound, so memory is 2 + 1 = 3 ms, compute 0.
    expect(limitOf(step(2, 1, 2, 0, 0))).toBe("memory-bandwidth");
  });
  it("equal parts name the earlier one: memory before overhead, compute before overhead, overhead before communication", () => {
    // Memory 1 + 0 = 1 ms against a 1 ms per-layer cost.
    expect(limitOf(step(1, 0, 0, 1, 0))).toBe("memory-bandwidth");
    // Compute 3 ms hides the 2 ms read; per-layer 3 ms as well.
    expect(limitOf(step(2, 0, 3, 3, 0))).toBe("compute");
    // Reads 0, per-layer 1 ms, all-reduces 1 ms.
    expect(limitOf(step(0, 0, 0, 1, 1))).toBe("launch-overhead");
  });
});

describe("decodeConstants: the no-P2P warning is for a PCIe link without P2P only", () => {
  const C: DecodeConstants = {
    perLayerSeconds: { "vllm/fp16": 1e-5 },
    bandwidthShare: { "vllm/fp16": 0.8 },
    computeShare: { all: 0.4 },
    allReduceSeconds: { "gpu-link": 5e-6 },
    rows: {},
  };
  it("PCIe with P2P and no time of its own falls to the GPU link's time, saying nothing", () => {
    expect(decodeConstants("vllm", "fp16", "pcie", C)).toMatchObject({
      allReduceSeconds: 5e-6,
      warnings: [],
    });
  });
  it("PCIe without P2P in the same case is warned of", () => {
    expect(decodeConstants("vllm", "fp16", "pcie-no-p2p", C).warnings).toEqual([
      { code: "no-p2p-uncalibrated", params: {} },
    ]);
  });
});

describe("servingLoads: the weights' exact size from the user's file", () => {
  it("scales the bytes a step reads by the file's size over the computed one", () => {
    // Computed: 2·N stored; a decode step reads 2·N less the 32000 × 4096 input embedding
    // but one of its rows (2 B each). A file of N bytes (half of it) halves the read:
    // N − 32000·4096 + 4096 = 6,738,415,616 − 131,072,000 + 4,096 = 6,607,347,712 B.
    const load = { sequences: 1, contextTokens: 1, tokens: 1, promptTokens: 0 };
    const l = servingLoads({ ...VLLM, weightFileBytes: N });
    expect(l.featuresOf(load).weightBytesPerGpu).toBeCloseTo(6_607_347_712, 0);
    // Without a file: the computed 13,214,695,424 B.
    expect(servingLoads(VLLM).featuresOf(load).weightBytesPerGpu).toBe(13_214_695_424);
  });
});

describe("servingSpeed's warnings", () => {
  const catalog = loadGpuSpecs();
  /** An RTX 4090 whose P2P no document settles (consumer, "unverified"). */
  const unchecked: GpuSpec = {
    ...rtx4090,
    id: "rtx-4090d",
    name: "RTX 4090D",
    pcieP2p: "unverified",
  };

  it("passes on the constants' own: a format vLLM has no rows for", () => {
    const r = servingSpeed({ ...VLLM, format: "bnb", weightBits: 4 });
    expect(r.warnings).toContainEqual({
      code: "decode-format-uncalibrated",
      params: { engine: "vllm", format: "bnb" },
    });
  });
  it("passes on the constants' own: no all-reduce time calibrated for PCIe without P2P", () => {
    // The fixture RTX 4090 has P2P "no": two of them join over PCIe without it.
    const r = servingSpeed({ ...VLLM, tensorParallel: 2 });
    expect(r.warnings).toContainEqual({ code: "no-p2p-uncalibrated", params: {} });
    // Its P2P is settled ("no"): nothing assumed.
    expect(codes(r)).not.toContain("p2p-unverified-as-no");
  });
  it("an unsettled P2P costed as none names the GPU, unless the user named the link", () => {
    expect(servingSpeed({ ...VLLM, gpu: unchecked, tensorParallel: 2 }).warnings).toContainEqual({
      code: "p2p-unverified-as-no",
      params: { gpus: "RTX 4090D" },
    });
    const named = servingSpeed({ ...VLLM, gpu: unchecked, tensorParallel: 2, link: "pcie-no-p2p" });
    expect(codes(named)).not.toContain("p2p-unverified-as-no");
  });
  it("a bridge joining two such cards is a GPU link: nothing assumed of PCIe", () => {
    const bridged: GpuSpec = { ...unchecked, link: "nvlink-bridge", linkGBps: 112.5 };
    const r = servingSpeed({ ...VLLM, gpu: bridged, tensorParallel: 2 });
    expect(codes(r)).not.toContain("p2p-unverified-as-no");
  });
  it("compute-bound decoding names the batch; one user's memory-bound decoding is not warned of", () => {
    // Llama 3.1 8B on an H100 at 256 users: the arithmetic outlasts the weight read
    // (speed.test.ts, "each user's speed falls as users grow").
    const h100 = catalog.find((g) => g.id === "h100-sxm")!;
    const busy = servingSpeed({
      ...VLLM,
      model: findPreset("llama-3.1-8b")!.model,
      gpu: h100,
      promptTokens: 1024,
      outputTokens: 256,
      contextTokens: 8192,
      batch: 256,
    });
    expect(busy.warnings).toContainEqual({ code: "compute-bound-decode", params: { batch: 256 } });
    expect(codes(servingSpeed(VLLM))).not.toContain("compute-bound-decode");
  });
  it("users past the engine's places queue as users in a loop, as requests in a burst", () => {
    // The KV pool holds 2 sequences; 6 users: 2 run, 4 wait.
    const loop = servingSpeed({ ...VLLM, memoryRunning: 2, batch: 6 });
    expect(loop.warnings).toContainEqual({
      code: "users-queued",
      params: { users: 6, running: 2 },
    });
    expect(codes(loop)).not.toContain("requests-queued");
    const burst = servingSpeed({ ...VLLM, memoryRunning: 2, batch: 6, arrival: "burst" });
    expect(burst.warnings).toContainEqual({
      code: "requests-queued",
      params: { users: 6, running: 2 },
    });
    // Exactly as many users as places: no one waits, nothing said.
    const full = servingSpeed({ ...VLLM, memoryRunning: 2, batch: 2 });
    expect(codes(full)).not.toContain("users-queued");
    expect(codes(full)).not.toContain("requests-queued");
  });
});

describe("servingSpeed's breakdown and prompt-only speed", () => {
  it("names its six parts, in order", () => {
    expect(servingSpeed(VLLM).breakdown.map((b) => b.key)).toEqual([
      "weight-read-seconds",
      "kv-read-seconds",
      "compute-excess-seconds",
      "per-layer-overhead-seconds",
      "all-reduce-seconds",
      "prompt-stall-seconds",
    ]);
  });
  it("SGLang's prompt steps pause decoding: the stall is the others' prompt steps spread over each output", () => {
    // Separate steps, 4 users, prompts of 1000 in one 2048-token step, 101 output tokens (100
    // decode steps). A request spans 100 decode steps D and the 4 users' prompt steps P;
    // its first token follows its own: TPOT = (100·D + 4·P − P) / 100 = D + 3·P/100.
    const input: ServingSpeedInput = {
      ...VLLM,
      engine: "sglang",
      stepTokens: 2048,
      batch: 4,
      promptTokens: 1000,
      outputTokens: 101,
    };
    const r = servingSpeed(input);
    expect(r.promptStepsPerRequest).toBe(1);
    // The prompt step: one sequence, 1000 tokens at half their length in context.
    const P = stepTotal(input, SGLANG_FP16, {
      sequences: 1,
      contextTokens: 500,
      tokens: 1000,
      promptTokens: 1000,
    });
    const stall = r.breakdown.find((b) => b.key === "prompt-stall-seconds")!.value;
    expectRel(stall, (3 * P) / 100, 1e-9);
  });
  it("a prompt-only step of the prompt asked: 1000 tokens over a step with 500 of them in context", () => {
    const input = { ...VLLM, promptTokens: 1000 };
    const t = stepTotal(input, VLLM_FP16, {
      sequences: 1,
      contextTokens: 500,
      tokens: 1000,
      promptTokens: 1000,
    });
    expectRel(servingSpeed(input).prefillTokensPerSecond, 1000 / t, 1e-12);
  });
  it("without a prompt, llama-bench's pp512: 512 tokens of a 512-token prompt, 256 in context", () => {
    const input = { ...VLLM, promptTokens: 0 };
    // The probe's attention is a 512-token prompt's, not the request's empty one.
    const t = stepTotal(
      input,
      VLLM_FP16,
      { sequences: 1, contextTokens: 256, tokens: 512, promptTokens: 512 },
      512,
    );
    expect(t).toBeGreaterThan(
      stepTotal(
        input,
        VLLM_FP16,
        { sequences: 1, contextTokens: 256, tokens: 512, promptTokens: 512 },
        1,
      ),
    );
    expectRel(servingSpeed(input).prefillTokensPerSecond, 512 / t, 1e-12);
  });
});

describe("servingSpeed's assumptions: the compute share and the bytes a step reads", () => {
  it("one user, a 512-token prompt and 128 output tokens: 13,515,114,496 B a decode step", () => {
    // vLLM's mixed steps, 2048 tokens each: the prompt passes in 1 step, then 127 decode
    // steps, 128 in all. The mean context: (1 · 512/2 + 127 · (512 + 127/2)) / 128 =
    // (256 + 73,088.5) / 128 = 573.00390625 tokens; KV 573.00390625 × 524,288 =
    // 300,419,072 B. Weights: 2·N − 2 · 32000 · 4096 + 2 · 4096 = 13,214,695,424 B.
    const bytes = 13_214_695_424 + 573.00390625 * KV_PER_TOKEN;
    expect(bytes).toBe(13_515_114_496);
    const r = servingSpeed(VLLM);
    expect(r.bytesPerStep).toBe(13_515_114_496);
    const said = (key: string) => r.assumptions.find((a) => a.key === key);
    expect(said("bytes-per-step")).toEqual({
      key: "bytes-per-step",
      value: 13_515_114_496,
      source: "weights-plus-kv",
    });
    // vLLM has no compute-bound rows of its own: every engine's pooled share, 0.4668.
    expect(said("compute-share")).toEqual({
      key: "compute-share",
      value: 0.4668,
      source: "decode-calibration",
      sourceParams: { basis: "all" },
    });
  });
});

describe("servingSpeed: requests, waits and a request's length", () => {
  it("each request yields its output tokens: requests/s = tokens/s ÷ 128, in a loop and in a burst", () => {
    const loop = servingSpeed({ ...VLLM, batch: 4 });
    expectRel(loop.requestsPerSecond, loop.tokensPerSecond / 128, 1e-12);
    // 5 requests at once: 5 × 128 tokens and 5 requests over the same makespan.
    const burst = servingSpeed({ ...VLLM, batch: 5, arrival: "burst" });
    expectRel(burst.requestsPerSecond, burst.tokensPerSecond / 128, 1e-12);
  });
  it("6 users on 2 places: each waits two request times (Little's law) before its place's first token", () => {
    // The 2 running users' steps are the same with or without the 4 waiting: a request of
    // service S = 2 / (requests/s of 2 users). Waiting users: 6/2 − 1 = 2 service times.
    const two = servingSpeed({ ...VLLM, memoryRunning: 2, batch: 2 });
    const six = servingSpeed({ ...VLLM, memoryRunning: 2, batch: 6 });
    const S = 2 / two.requestsPerSecond;
    expectRel(six.ttftSeconds, two.ttftSeconds + 2 * S, 1e-12);
    expectRel(six.ttftMedianSeconds, two.ttftMedianSeconds + 2 * S, 1e-12);
    expectRel(six.ttftP90Seconds, two.ttftP90Seconds + 2 * S, 1e-12);
    // A request lasts its wait for the first token, then 127 tokens at the steady pace.
    expect(six.tpotSeconds).toBe(two.tpotSeconds);
    expectRel(six.secondsPerRequest, six.ttftSeconds + 127 * six.tpotSeconds, 1e-12);
    expectRel(two.secondsPerRequest, two.ttftSeconds + 127 * two.tpotSeconds, 1e-12);
  });
});
