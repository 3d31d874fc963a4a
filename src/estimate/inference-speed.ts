/**
 * Inference speed. Decode reads every active weight and the KV cache once per step, so at
 * small batch it is bounded by memory bandwidth; prefill is bounded by compute.
 */
import type { GpuSpec } from "./gpu.ts";
import { requiredFigure } from "./gpu.ts";
import type { Engine } from "./inference-memory.ts";
import { defaultScaleBits, quantizedWeightBytes } from "./inference-memory.ts";
import { kvBytesPerToken } from "./kv-cache.ts";
import type { ModelSpec } from "./model.ts";
import { isArch, paramCounts, shapeFromParams } from "./model.ts";
import { inferencePeakTflops } from "./precision.ts";
import type { Assumption, Result, Warning } from "./result.ts";
import { part } from "./result.ts";
import { FLOPS_PER_TFLOP, gbToBytes } from "./units.ts";

/**
 * Achieved share of the bandwidth bound at batch 1, per engine.
 * llama.cpp: row C1 (RTX 4090, llama 7B): F16 tg 61.03 tok/s against a bound of
 * 1008 GB/s / 13.48 GB = 74.8 (82%); Q8_0 98.13 against 140.7 (70%); the mean, 0.75, is
 * derived from that row. PyTorch eager (HF generate, LitGPT): pochenai/llm-inference-
 * calculator found measured time per token 1.8-5.0x the ideal at batch 1; the midpoint
 * 3.4x gives 0.29 (checked against row B5). vLLM's CUDA-graph decode sits at the good end
 * of that calibration: 1/1.8 = 0.55.
 */
export const DECODE_BANDWIDTH_FRACTION: Record<Engine, number> = {
  "llama.cpp": 0.75,
  pytorch: 1 / 3.4,
  vllm: 1 / 1.8,
};
/**
 * Prefill utilisation: prompt processing is large matmuls like training, so the training
 * range applies (Megatron 51-56%, PaLM 46.2%); 0.5.
 */
export const PREFILL_MFU = 0.5;
/** Decode at large batch becomes compute bound; per token 2·N FLOPs (Kaplan et al. 2020). */
export const FLOPS_PER_PARAM_PER_TOKEN = 2;

export interface DecodeInput {
  gpu: GpuSpec;
  /** Bytes of weights read per token (active parameters x bytes per weight). */
  weightBytes: number;
  activeParams: number;
  /** KV cache bytes per token of context. */
  kvBytesPerToken: number;
  /** Context length each sequence has reached. */
  contextTokens: number;
  batch: number;
  engine: Engine;
  efficiency?: number;
  gpus?: number;
}

export interface DecodeResult extends Result {
  /** Aggregate tokens/s over the batch. */
  tokensPerSecond: number;
  tokensPerSecondPerSequence: number;
  /** Bandwidth bound at this batch, tokens/s. */
  boundTokensPerSecond: number;
  efficiency: number;
  bytesPerStep: number;
  stepSeconds: number;
  limitedBy: "memory-bandwidth" | "compute";
}

export function decodeSpeed(input: DecodeInput): DecodeResult {
  const gpus = Math.max(1, input.gpus ?? 1);
  const efficiency = input.efficiency ?? DECODE_BANDWIDTH_FRACTION[input.engine];
  const bandwidthGBps = requiredFigure(input.gpu, "bandwidthGBps");
  const bandwidth = gbToBytes(bandwidthGBps) * gpus;
  const kvRead = input.kvBytesPerToken * input.contextTokens * input.batch;
  const bytesPerStep = input.weightBytes + kvRead;
  const memSeconds = bytesPerStep / (bandwidth * efficiency);
  const peak =
    inferencePeakTflops(input.gpu, input.engine === "llama.cpp") * FLOPS_PER_TFLOP * gpus;
  const computeSeconds =
    (FLOPS_PER_PARAM_PER_TOKEN * input.activeParams * input.batch) / (peak * PREFILL_MFU);
  const stepSeconds = Math.max(memSeconds, computeSeconds);
  const limitedBy = computeSeconds > memSeconds ? "compute" : "memory-bandwidth";
  const tokensPerSecond = input.batch / stepSeconds;
  const boundTokensPerSecond = (input.batch * bandwidth) / bytesPerStep;
  const warnings: Warning[] =
    limitedBy === "compute"
      ? [{ code: "compute-bound-decode", params: { batch: input.batch } }]
      : [];
  const assumptions: Assumption[] = [
    {
      key: "bandwidth-GBps",
      value: bandwidthGBps * gpus,
      source: "datasheet",
      sourceParams: { gpu: input.gpu.name },
    },
    {
      key: "efficiency",
      value: efficiency,
      source: input.engine === "llama.cpp" ? "llama-cpp-c1" : "pochenai-calibration",
    },
    { key: "bytes-per-step", value: bytesPerStep, source: "weights-plus-kv" },
  ];
  // Breakdown of one step's time: weight reads, KV reads, and compute beyond the memory time.
  const weightSec = input.weightBytes / (bandwidth * efficiency);
  const kvSec = kvRead / (bandwidth * efficiency);
  const breakdown = [
    part("weight-read-seconds", weightSec),
    part("kv-read-seconds", kvSec),
    part("compute-excess-seconds", stepSeconds - memSeconds),
  ];
  return {
    total: weightSec + kvSec + Math.max(0, stepSeconds - memSeconds),
    breakdown,
    assumptions,
    warnings,
    tokensPerSecond,
    tokensPerSecondPerSequence: 1 / stepSeconds,
    boundTokensPerSecond,
    efficiency,
    bytesPerStep,
    stepSeconds,
    limitedBy,
  };
}

export interface PrefillInput {
  gpu: GpuSpec;
  activeParams: number;
  promptTokens: number;
  engine: Engine;
  mfu?: number;
  gpus?: number;
}

/** Prefill time = 2·N·prompt tokens / (peak x MFU); this is the time to first token. */
export function prefillSeconds(input: PrefillInput): {
  seconds: number;
  tokensPerSecond: number;
  peakTflops: number;
  mfu: number;
} {
  const mfu = input.mfu ?? PREFILL_MFU;
  const peakTflops =
    inferencePeakTflops(input.gpu, input.engine === "llama.cpp") * Math.max(1, input.gpus ?? 1);
  const flops = FLOPS_PER_PARAM_PER_TOKEN * input.activeParams * input.promptTokens;
  const rate = peakTflops * FLOPS_PER_TFLOP * mfu;
  // The rate does not depend on the prompt's length, so it exists for an empty prompt too.
  return {
    seconds: flops / rate,
    tokensPerSecond: rate / (FLOPS_PER_PARAM_PER_TOKEN * input.activeParams),
    peakTflops,
    mfu,
  };
}

export interface ServingInput {
  decode: DecodeResult;
  ttftSeconds: number;
  outputTokens: number;
  concurrency: number;
}

/** Requests per second at a concurrency: each request waits for its prefill, then decodes. */
export function requestsPerSecond(input: ServingInput): {
  requestsPerSecond: number;
  secondsPerRequest: number;
} {
  const secondsPerRequest = input.ttftSeconds + input.outputTokens * input.decode.stepSeconds;
  return { secondsPerRequest, requestsPerSecond: input.concurrency / secondsPerRequest };
}

export interface ServingSpeedInput {
  model: ModelSpec;
  gpu: GpuSpec;
  weightBits: number;
  /** Scale bits per weight; default by format (`defaultScaleBits`). */
  scaleBits?: number;
  kvBits: number;
  /** Context each sequence has reached (the KV cache read per step). */
  contextTokens: number;
  /** Sequences decoded together. */
  batch: number;
  engine: Engine;
  /** GPUs the model is split over by tensor parallelism. */
  tensorParallel: number;
  promptTokens: number;
  outputTokens: number;
  efficiency?: number;
}

export interface ServingSpeedResult extends DecodeResult {
  ttftSeconds: number;
  prefillTokensPerSecond: number;
  requestsPerSecond: number;
  secondsPerRequest: number;
}

/**
 * Decode, prefill and requests per second for a model on `tensorParallel` x `gpu`. Decode
 * reads the active weights once per step; quantizers keep embeddings and the head in 16 bit.
 */
export function servingSpeed(input: ServingSpeedInput): ServingSpeedResult {
  const counts = paramCounts(input.model);
  const arch = isArch(input.model) ? input.model : shapeFromParams(input.model.params);
  const activeShare = counts.active / counts.total;
  const weightBytes = quantizedWeightBytes(
    counts.active,
    counts.quantizable * activeShare,
    input.weightBits,
    input.scaleBits ?? defaultScaleBits(input.weightBits),
    input.engine,
  );
  const decode = decodeSpeed({
    gpu: input.gpu,
    weightBytes,
    activeParams: counts.active,
    kvBytesPerToken: kvBytesPerToken(arch, input.kvBits),
    contextTokens: input.contextTokens,
    batch: input.batch,
    engine: input.engine,
    gpus: input.tensorParallel,
    ...(input.efficiency === undefined ? {} : { efficiency: input.efficiency }),
  });
  const prefill = prefillSeconds({
    gpu: input.gpu,
    activeParams: counts.active,
    promptTokens: input.promptTokens,
    engine: input.engine,
    gpus: input.tensorParallel,
  });
  const serving = requestsPerSecond({
    decode,
    ttftSeconds: prefill.seconds,
    outputTokens: input.outputTokens,
    concurrency: input.batch,
  });
  return {
    ...decode,
    ttftSeconds: prefill.seconds,
    prefillTokensPerSecond: prefill.tokensPerSecond,
    ...serving,
  };
}
