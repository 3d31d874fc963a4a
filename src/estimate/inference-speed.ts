/**
 * Inference speed: decode steps (`decode-step.ts`: weight and KV reads at the engine's
 * achieved bandwidth, a per-layer cost, tensor-parallel all-reduces), the compute bound that
 * large batches reach, prefill (compute bound), and requests per second.
 */
import type { DecodeConstants, LinkClass, StepConstants } from "./decode-step.ts";
import { stepFeatures, stepTimes } from "./decode-step.ts";
import { DECODE_CONSTANTS } from "./decode-constants.ts";
import type { GpuSpec } from "./gpu.ts";
import type { ModelSpec } from "./model.ts";
import { paramCounts } from "./model.ts";
import { inferencePeakTflops } from "./precision.ts";
import type { Assumption, Result, SourceKey, Warning } from "./result.ts";
import { part } from "./result.ts";
import { FLOPS_PER_TFLOP } from "./units.ts";
import type { Engine, WeightFormat } from "./vocabulary.ts";

/**
 * Prefill utilisation: prompt processing is large matmuls like training, so the training
 * range applies (Megatron 51-56%, PaLM 46.2%); 0.5.
 */
export const PREFILL_MFU = 0.5;
/** A forward pass costs 2·N FLOPs per token (Kaplan et al. 2020). */
export const FLOPS_PER_PARAM_PER_TOKEN = 2;

/**
 * Engines without calibration rows of their own run another's kernels: Ollama is llama.cpp
 * underneath (ollama/ollama llama/ and ml/backend/ggml); no single-stream TensorRT-LLM row
 * with a stated GPU was found, so vLLM's constants stand in and the result says so.
 */
const CALIBRATED_AS: Partial<Record<Engine, Engine>> = {
  ollama: "llama.cpp",
  "tensorrt-llm": "vllm",
};

export interface ConstantsChoice extends StepConstants {
  /** `engine/format` whose rows set the constants. */
  basis: string;
  warnings: Warning[];
}

/**
 * The constants for an engine, format and link, with what stood in where the calibration
 * has no rows: the engine's own 16-bit rows for another format, the bound itself where the
 * fit found no bandwidth term (Transformers' AutoAWQ rows are all per-layer cost), PCIe
 * with peer-to-peer for PCIe without it.
 */
export function decodeConstants(
  engine: Engine,
  format: WeightFormat,
  link: LinkClass,
  c: DecodeConstants = DECODE_CONSTANTS,
): ConstantsChoice {
  const warnings: Warning[] = [];
  const as = CALIBRATED_AS[engine] ?? engine;
  if (as !== engine && engine === "tensorrt-llm")
    warnings.push({ code: "decode-uncalibrated", params: { engine, basis: as } });
  let basis = `${as}/${format}` as const;
  if (c.perLayerSeconds[basis] === undefined) {
    const fallback = `${as}/fp16` as const;
    warnings.push({ code: "decode-format-uncalibrated", params: { engine, format } });
    basis = c.perLayerSeconds[fallback] !== undefined ? fallback : "vllm/fp16";
  }
  const allReduce =
    c.allReduceSeconds[link] ?? c.allReduceSeconds.pcie ?? c.allReduceSeconds["gpu-link"] ?? 0;
  if (link === "pcie-no-p2p" && c.allReduceSeconds[link] === undefined)
    warnings.push({ code: "no-p2p-uncalibrated", params: {} });
  return {
    basis,
    bandwidthShare: c.bandwidthShare[basis] ?? 1,
    perLayerSeconds: c.perLayerSeconds[basis] ?? 0,
    allReduceSeconds: allReduce,
    warnings,
  };
}

export interface ServingSpeedInput {
  model: ModelSpec;
  gpu: GpuSpec;
  format: WeightFormat;
  weightBits: number;
  /** Scale bits per weight on top of `weightBits` (`formatScaleBits`). */
  scaleBits: number;
  /** The weights' exact size from the user's file. */
  weightFileBytes?: number;
  kvBits: number;
  /** Context each sequence has reached (the KV cache read per step). */
  contextTokens: number;
  /** Sequences decoded together. */
  batch: number;
  engine: Engine;
  /** GPUs the model is split over by tensor parallelism. */
  tensorParallel: number;
  /** How they are joined, where the user knows; otherwise the catalog's (`linkClass`). */
  link?: LinkClass;
  promptTokens: number;
  outputTokens: number;
  /** The achieved share of the bandwidth bound, replacing the calibrated one. */
  efficiency?: number;
}

export type LimitedBy = "memory-bandwidth" | "compute" | "launch-overhead";

export interface ServingSpeedResult extends Result {
  /** Aggregate tokens/s over the batch. */
  tokensPerSecond: number;
  tokensPerSecondPerSequence: number;
  /** Bandwidth bound at this batch, tokens/s (every byte at the datasheet bandwidth). */
  boundTokensPerSecond: number;
  /** Achieved share of the bandwidth bound for the reads. */
  efficiency: number;
  /** Bytes one GPU reads per step. */
  bytesPerStep: number;
  stepSeconds: number;
  limitedBy: LimitedBy;
  ttftSeconds: number;
  prefillTokensPerSecond: number;
  requestsPerSecond: number;
  secondsPerRequest: number;
}

/** Prefill time = 2·N·prompt tokens / (peak x MFU); this is the time to first token. */
export function prefillRate(gpu: GpuSpec, engine: Engine, gpus: number): number {
  const fp16Accumulate = engine === "llama.cpp" || engine === "ollama";
  return inferencePeakTflops(gpu, fp16Accumulate) * gpus * FLOPS_PER_TFLOP * PREFILL_MFU;
}

/** Decode, prefill and requests per second for a model on `tensorParallel` x `gpu`. */
export function servingSpeed(input: ServingSpeedInput): ServingSpeedResult {
  const tp = Math.max(1, input.tensorParallel);
  const counts = paramCounts(input.model);
  const f = stepFeatures({
    model: input.model,
    format: input.format,
    weightBits: input.weightBits,
    scaleBits: input.scaleBits,
    ...(input.weightFileBytes === undefined ? {} : { weightFileBytes: input.weightFileBytes }),
    kvBits: input.kvBits,
    contextTokens: input.contextTokens,
    batch: input.batch,
    gpu: input.gpu,
    tensorParallel: tp,
    ...(input.link === undefined ? {} : { link: input.link }),
  });
  const chosen = decodeConstants(input.engine, input.format, f.link);
  const share = input.efficiency ?? chosen.bandwidthShare;
  const times = stepTimes(f, { ...chosen, bandwidthShare: share });
  // Large batches turn decode compute bound: 2·N FLOPs per token over the group's peak.
  const rate = prefillRate(input.gpu, input.engine, tp);
  const computeSeconds = (FLOPS_PER_PARAM_PER_TOKEN * counts.active * input.batch) / rate;
  const computeExcess = Math.max(0, computeSeconds - times.readSeconds);
  const stepSeconds = times.total + computeExcess;
  const limitedBy: LimitedBy =
    computeSeconds > times.readSeconds
      ? "compute"
      : times.overheadSeconds + times.allReduceSeconds > times.readSeconds
        ? "launch-overhead"
        : "memory-bandwidth";
  const warnings: Warning[] = [...chosen.warnings];
  if (limitedBy === "compute")
    warnings.push({ code: "compute-bound-decode", params: { batch: input.batch } });
  const ttftSeconds = (FLOPS_PER_PARAM_PER_TOKEN * counts.active * input.promptTokens) / rate;
  const secondsPerRequest = ttftSeconds + input.outputTokens * stepSeconds;
  const kvShare = f.kvBytesPerGpu / f.bytesPerGpu;
  const breakdown = [
    part("weight-read-seconds", times.readSeconds * (1 - kvShare)),
    part("kv-read-seconds", times.readSeconds * kvShare),
    part("per-layer-overhead-seconds", times.overheadSeconds),
    part("all-reduce-seconds", times.allReduceSeconds),
    part("compute-excess-seconds", computeExcess),
  ];
  const source: SourceKey = input.efficiency === undefined ? "decode-calibration" : "request";
  const assumptions: Assumption[] = [
    {
      key: "bandwidth-GBps",
      value: input.gpu.bandwidthGBps ?? 0,
      source: "datasheet",
      sourceParams: { gpu: input.gpu.name },
    },
    { key: "efficiency", value: share, source, sourceParams: { basis: chosen.basis } },
    {
      key: "per-layer-seconds",
      value: chosen.perLayerSeconds,
      source: "decode-calibration",
      sourceParams: { basis: chosen.basis },
    },
    { key: "bytes-per-step", value: f.bytesPerGpu, source: "weights-plus-kv" },
  ];
  if (tp > 1)
    assumptions.push({
      key: "all-reduce-seconds",
      value: chosen.allReduceSeconds,
      source: "decode-calibration",
      sourceParams: { basis: `link/${f.link}` },
    });
  return {
    total: stepSeconds,
    breakdown,
    assumptions,
    warnings,
    tokensPerSecond: input.batch / stepSeconds,
    tokensPerSecondPerSequence: 1 / stepSeconds,
    boundTokensPerSecond: input.batch / f.boundSeconds,
    efficiency: share,
    bytesPerStep: f.bytesPerGpu,
    stepSeconds,
    limitedBy,
    ttftSeconds,
    prefillTokensPerSecond: rate / (FLOPS_PER_PARAM_PER_TOKEN * counts.active),
    requestsPerSecond: input.batch / secondsPerRequest,
    secondsPerRequest,
  };
}
