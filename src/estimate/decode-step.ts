/**
 * The time of one decode step, as three mechanisms that add up:
 * - reading the weights and the KV cache from memory, at a share of the GPU's bandwidth
 *   that depends on the engine's kernels for the weight format;
 * - a fixed cost per layer per step (kernel launches and the host work between them),
 *   which dominates small models in engines without CUDA graphs;
 * - under tensor parallelism, two all-reduces per layer (after attention and after the
 *   MLP, Shoeybi et al. 2019, Megatron-LM sec. 3), whose latency grows with log2 of the
 *   GPUs and depends on the link between them.
 * The constants come from published single-stream measurements (`decode-constants.ts`,
 * generated from content/reference/decode-calibration.tsv by `npm run -s calibrate`); the
 * same features are computed here for the fit and for every estimate.
 */
import type { GpuSpec } from "./gpu.ts";
import { requiredFigure } from "./gpu.ts";
import { kvCacheBytes } from "./kv-cache.ts";
import type { ModelArch, ModelSpec } from "./model.ts";
import { isArch, shapeFromParams } from "./model.ts";
import { gbToBytes } from "./units.ts";
import { weightBytes } from "./weight-bytes.ts";
import type { Engine, LinkClass, WeightFormat } from "./vocabulary.ts";

export type { LinkClass } from "./vocabulary.ts";

/** The link a group of `tp` GPUs of this kind uses: a bridge joins pairs only. */
export function linkClass(gpu: GpuSpec, tp: number): LinkClass {
  switch (gpu.link) {
    case "nvswitch":
    case "nvlink-mesh":
    case "xgmi":
    case "hccs":
      return "gpu-link";
    case "nvlink-bridge":
      return tp <= 2 ? "gpu-link" : "pcie";
    case "pcie":
      return gpu.pcieP2p === "no" ? "pcie-no-p2p" : "pcie";
  }
}

/** What one tensor-parallel rank holds of the KV cache: vLLM and SGLang split KV heads, replicating them when tp exceeds their count; MLA's latent is replicated (vllm/config/model.py). */
export function kvShareOnGpu(model: ModelArch, tp: number): number {
  if (tp <= 1) return 1;
  if (model.mla) return 1;
  const heads = model.kvHeads ?? model.heads;
  return Math.max(1, Math.floor(heads / tp)) / heads;
}

export interface StepInput {
  model: ModelSpec;
  format: WeightFormat;
  weightBits: number;
  scaleBits: number;
  /** The weights' exact size from the user's file. */
  weightFileBytes?: number;
  kvBits: number;
  /** Context each sequence has reached: the KV cache read per step. */
  contextTokens: number;
  batch: number;
  gpu: GpuSpec;
  tensorParallel: number;
  /** The link, where a measurement states it; otherwise the catalog's (`linkClass`). */
  link?: LinkClass;
}

export interface StepFeatures {
  /** Bytes one GPU reads per step: its share of the weights and of the KV cache. */
  bytesPerGpu: number;
  weightBytesPerGpu: number;
  kvBytesPerGpu: number;
  /** Seconds those bytes take at the full datasheet bandwidth. */
  boundSeconds: number;
  layers: number;
  /** All-reduces per step times log2 of the group size (0 on one GPU). */
  allReduceSteps: number;
  link: LinkClass;
}

export function stepFeatures(input: StepInput): StepFeatures {
  const tp = Math.max(1, input.tensorParallel);
  const arch = isArch(input.model) ? input.model : shapeFromParams(input.model.params);
  const w = weightBytes(
    input.model,
    input.format,
    input.weightBits,
    input.scaleBits,
    input.weightFileBytes,
  );
  const weightBytesPerGpu = w.readPerStep / tp;
  const kvBytesPerGpu =
    kvCacheBytes(arch, input.contextTokens, input.kvBits) * kvShareOnGpu(arch, tp) * input.batch;
  const bytesPerGpu = weightBytesPerGpu + kvBytesPerGpu;
  const bandwidth = gbToBytes(requiredFigure(input.gpu, "bandwidthGBps"));
  return {
    bytesPerGpu,
    weightBytesPerGpu,
    kvBytesPerGpu,
    boundSeconds: bytesPerGpu / bandwidth,
    layers: arch.layers,
    allReduceSteps: tp > 1 ? 2 * arch.layers * Math.log2(tp) : 0,
    link: input.link ?? linkClass(input.gpu, tp),
  };
}

/** The fitted constants (`decode-constants.ts`): per `engine/format` and per link. */
export interface DecodeConstants {
  /** Seconds per layer per step (dequantizing kernels cost more per launch). */
  perLayerSeconds: Partial<Record<`${Engine}/${WeightFormat}`, number>>;
  /** Achieved share of the bandwidth bound. */
  bandwidthShare: Partial<Record<`${Engine}/${WeightFormat}`, number>>;
  /** Seconds per all-reduce per doubling of the group. */
  allReduceSeconds: Partial<Record<LinkClass, number>>;
  /** Rows behind each constant (`share:…`, `layer:…`, `link:…`). */
  rows: Record<string, number>;
}

export interface StepConstants {
  /** Achieved share of the bandwidth bound for the weight and KV reads. */
  bandwidthShare: number;
  perLayerSeconds: number;
  /** Seconds per all-reduce per doubling of the group. */
  allReduceSeconds: number;
}

export interface StepTimes {
  readSeconds: number;
  overheadSeconds: number;
  allReduceSeconds: number;
  total: number;
}

export function stepTimes(f: StepFeatures, c: StepConstants): StepTimes {
  const readSeconds = f.boundSeconds / c.bandwidthShare;
  const overheadSeconds = f.layers * c.perLayerSeconds;
  const allReduceSeconds = f.allReduceSteps * c.allReduceSeconds;
  return {
    readSeconds,
    overheadSeconds,
    allReduceSeconds,
    total: readSeconds + overheadSeconds + allReduceSeconds,
  };
}
