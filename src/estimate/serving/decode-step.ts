/**
 * The time of one forward step of a serving engine, as mechanisms that add up:
 * - the matrix multiplies: every weight the step's tokens touch is read from memory at a
 *   share of the GPU's bandwidth, and 2 FLOPs per weight per token run at a share of its
 *   dense peak; whichever takes longer sets their time (one token per sequence reads the
 *   weights and does little arithmetic; hundreds of tokens make the same read compute bound);
 * - attention reads every live sequence's KV cache, at the same share of the bandwidth,
 *   and a prompt's own attention (quadratic in its length) adds to the arithmetic;
 * - a fixed cost per layer per step (kernel launches and the host work between them),
 *   which dominates small models in engines without CUDA graphs;
 * - under tensor parallelism, two all-reduces per layer (after attention and after the
 *   MLP, Shoeybi et al. 2019, Megatron-LM sec. 3): a latency that grows with log2 of the
 *   GPUs and depends on the link, plus the activations sent over it.
 * The shares and costs come from published measurements (`generated/decode-constants.ts`, generated
 * from content/reference/decode-calibration.tsv by `npm run -s calibrate`); the same
 * features are computed here for the fit and for every estimate.
 */
import type { GpuSpec } from "../hardware/gpu.ts";
import { pcieP2pWorks, requiredFigure } from "../hardware/gpu.ts";
import { kvCacheBytes, slidingLayersOf } from "./kv-cache.ts";
import type { ModelArch, ModelSpec } from "../model/model.ts";
import { headDimOf, isArch, paramCounts, shapeFromParams } from "../model/model.ts";
import { inferencePeakTflops, peakTflops } from "../hardware/precision.ts";
import { FLOPS_PER_TFLOP, gbToBytes } from "../units.ts";
import { weightBytes } from "../model/weight-bytes.ts";
import type { Engine, LinkClass, WeightFormat } from "../vocabulary.ts";

export type { LinkClass } from "../vocabulary.ts";

/** A forward pass costs 2 FLOPs per weight per token (Kaplan et al. 2020, sec. 2.1). */
export const FLOPS_PER_PARAM_PER_TOKEN = 2;
/**
 * Causal attention over a prompt of P tokens: QKᵀ and PV each cost 2·P²/2 multiply-adds
 * per head dimension, so a prompt token costs 2·heads·head_dim·P FLOPs per layer on
 * average (Kaplan et al. 2020, table 1, with the causal half).
 */
export const PROMPT_ATTENTION_FLOPS_PER_HEAD_DIM = 2;
/** Activations cross the tensor-parallel all-reduces in 16 bit. */
export const ACTIVATION_BYTES = 2;
/** Two all-reduces per layer (after attention and after the MLP). */
export const ALL_REDUCES_PER_LAYER = 2;

/**
 * The link a group of `tp` GPUs of this kind uses: a bridge joins pairs only; PCIe without
 * peer-to-peer where the card has none or is costed without it (`pcieP2pWorks`).
 */
export function linkClass(gpu: GpuSpec, tp: number): LinkClass {
  switch (gpu.link) {
    case "nvswitch":
    case "nvlink-mesh":
    case "xgmi":
    case "hccs":
      return "gpu-link";
    case "nvlink-bridge":
      if (tp <= 2) return "gpu-link";
      return pcieP2pWorks(gpu) ? "pcie" : "pcie-no-p2p";
    case "pcie":
      return pcieP2pWorks(gpu) ? "pcie" : "pcie-no-p2p";
  }
}

/**
 * One direction of the link, bytes/s: vendors state GPU links with both directions summed;
 * without peer-to-peer NCCL stages through host memory (two PCIe crossings per hop).
 */
function linkBytesPerSecond(gpu: GpuSpec, link: LinkClass): number {
  if (link === "gpu-link" && gpu.linkGBps !== undefined) return gbToBytes(gpu.linkGBps / 2);
  if (link === "pcie-no-p2p") return gbToBytes(gpu.pcieGBps / 2);
  return gbToBytes(gpu.pcieGBps);
}

/** What one tensor-parallel rank holds of the KV cache: vLLM and SGLang split KV heads, replicating them when tp exceeds their count; MLA's latent is replicated (vllm/config/model.py). */
export function kvShareOnGpu(model: ModelArch, tp: number): number {
  if (tp <= 1) return 1;
  if (model.mla) return 1;
  const heads = model.kvHeads ?? model.heads;
  return Math.max(1, Math.floor(heads / tp)) / heads;
}

/**
 * The dense peak the step's matrix multiplies run at, FLOP/s per GPU: FP8 weights run FP8
 * tensor math where the GPU has it (W8A8); 4-bit formats dequantize to 16 bit (W4A16);
 * llama.cpp and Ollama accumulate in FP16, twice as fast on GeForce cards.
 */
export function stepPeakFlops(gpu: GpuSpec, engine: Engine, format: WeightFormat): number {
  if (format === "fp8") return peakTflops(gpu, "fp8").tflops * FLOPS_PER_TFLOP;
  const fp16Accumulate = engine === "llama.cpp" || engine === "ollama";
  return inferencePeakTflops(gpu, fp16Accumulate) * FLOPS_PER_TFLOP;
}

/** Weights whose FLOPs every token pays: all active ones but the input embedding (a lookup). */
function computeParams(model: ModelSpec, arch: ModelArch): number {
  const active = paramCounts(model).active;
  if (!isArch(model) || arch.tiedEmbeddings) return active;
  return active - arch.vocab * arch.hidden;
}

/** Attention FLOPs of one prompt token, averaged over a prompt of `prompt` tokens. */
function promptAttentionFlops(arch: ModelArch, prompt: number): number {
  const sliding = slidingLayersOf(arch);
  const window = Math.min(prompt, arch.slidingWindow ?? prompt);
  // MLA: queries and keys are nope + rope wide, values v wide; their mean plays head_dim.
  const headWidth = arch.mla
    ? (arch.mla.qkNopeHeadDim + arch.mla.qkRopeHeadDim + arch.mla.vHeadDim) / 2
    : headDimOf(arch);
  const perPosition = PROMPT_ATTENTION_FLOPS_PER_HEAD_DIM * arch.heads * headWidth;
  return perPosition * ((arch.layers - sliding) * prompt + sliding * window);
}

export interface StepInput {
  model: ModelSpec;
  format: WeightFormat;
  weightBits: number;
  scaleBits: number;
  /** The weights' exact size from the user's file. */
  weightFileBytes?: number;
  kvBits: number;
  /** Context each live sequence has reached, on average: its KV cache read this step. */
  contextTokens: number;
  /** Live sequences: every one's KV cache is read. */
  batch: number;
  /** Tokens through the weights this step: one per decoding sequence plus prompt tokens; default `batch`. */
  tokens?: number;
  /** Of those, prompt tokens, and the length of the prompts they come from (their attention). */
  promptTokensInStep?: number;
  promptLength?: number;
  gpu: GpuSpec;
  engine: Engine;
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
  weightSeconds: number;
  kvSeconds: number;
  /** FLOPs one GPU runs, and the seconds they take at the full dense peak. */
  flopsPerGpu: number;
  computeSeconds: number;
  layers: number;
  /** All-reduces per step times log2 of the group size (0 on one GPU). */
  allReduceSteps: number;
  /** Seconds the all-reduced activations take on the link (ring: 2·(tp−1)/tp of them each way). */
  allReduceTransferSeconds: number;
  link: LinkClass;
}

export function stepFeatures(input: StepInput): StepFeatures {
  const tp = Math.max(1, input.tensorParallel);
  const arch = isArch(input.model) ? input.model : shapeFromParams(input.model.params);
  const tokens = Math.max(1, input.tokens ?? input.batch);
  const w = weightBytes(
    input.model,
    input.format,
    input.weightBits,
    input.scaleBits,
    input.weightFileBytes,
    tokens,
  );
  const weightBytesPerGpu = w.readPerStep / tp;
  const kvBytesPerGpu =
    kvCacheBytes(arch, input.contextTokens, input.kvBits) * kvShareOnGpu(arch, tp) * input.batch;
  const bytesPerGpu = weightBytesPerGpu + kvBytesPerGpu;
  const bandwidth = gbToBytes(requiredFigure(input.gpu, "bandwidthGBps"));
  const prompt = input.promptTokensInStep ?? 0;
  const flops =
    FLOPS_PER_PARAM_PER_TOKEN * computeParams(input.model, arch) * tokens +
    prompt * promptAttentionFlops(arch, input.promptLength ?? 0);
  const flopsPerGpu = flops / tp;
  const link = input.link ?? linkClass(input.gpu, tp);
  const reduced = ALL_REDUCES_PER_LAYER * arch.layers * tokens * arch.hidden * ACTIVATION_BYTES;
  return {
    bytesPerGpu,
    weightBytesPerGpu,
    kvBytesPerGpu,
    boundSeconds: bytesPerGpu / bandwidth,
    weightSeconds: weightBytesPerGpu / bandwidth,
    kvSeconds: kvBytesPerGpu / bandwidth,
    flopsPerGpu,
    computeSeconds: flopsPerGpu / stepPeakFlops(input.gpu, input.engine, input.format),
    layers: arch.layers,
    allReduceSteps: tp > 1 ? ALL_REDUCES_PER_LAYER * arch.layers * Math.log2(tp) : 0,
    allReduceTransferSeconds:
      tp > 1 ? (reduced * (2 * (tp - 1))) / tp / linkBytesPerSecond(input.gpu, link) : 0,
    link,
  };
}

/** The fitted constants (`generated/decode-constants.ts`): per `engine/format`, per engine, per link. */
export interface DecodeConstants {
  /** Seconds per layer per step (dequantizing kernels cost more per launch). */
  perLayerSeconds: Partial<Record<`${Engine}/${WeightFormat}`, number>>;
  /** Achieved share of the bandwidth bound. */
  bandwidthShare: Partial<Record<`${Engine}/${WeightFormat}`, number>>;
  /**
   * Achieved share of the dense peak in compute-bound steps, per `engine/format`; `all`
   * pools every engine's rows, for those whose own rows do not reach the compute bound on
   * two GPU models.
   */
  computeShare: Partial<Record<`${Engine}/${WeightFormat}` | "all", number>>;
  /** Seconds per all-reduce per doubling of the group. */
  allReduceSeconds: Partial<Record<LinkClass, number>>;
  /** Rows behind each constant (`share:…`, `layer:…`, `compute:…`, `link:…`). */
  rows: Record<string, number>;
}

export interface StepConstants {
  /** Achieved share of the bandwidth bound for the weight and KV reads. */
  bandwidthShare: number;
  perLayerSeconds: number;
  /** Achieved share of the dense peak when the multiplies are compute bound. */
  computeShare: number;
  /** Seconds per all-reduce per doubling of the group. */
  allReduceSeconds: number;
}

export interface StepTimes {
  /** The weight and KV reads at the achieved bandwidth. */
  readSeconds: number;
  weightReadSeconds: number;
  kvReadSeconds: number;
  /** The step's FLOPs at the achieved share of the peak. */
  computeSeconds: number;
  /** What the arithmetic adds beyond the weight read it overlaps with. */
  computeExcessSeconds: number;
  overheadSeconds: number;
  allReduceSeconds: number;
  total: number;
}

export function stepTimes(f: StepFeatures, c: StepConstants): StepTimes {
  const weightReadSeconds = f.weightSeconds / c.bandwidthShare;
  const kvReadSeconds = f.kvSeconds / c.bandwidthShare;
  const computeSeconds = f.computeSeconds / c.computeShare;
  const computeExcessSeconds = Math.max(0, computeSeconds - weightReadSeconds);
  const overheadSeconds = f.layers * c.perLayerSeconds;
  const allReduceSeconds = f.allReduceSteps * c.allReduceSeconds + f.allReduceTransferSeconds;
  return {
    readSeconds: weightReadSeconds + kvReadSeconds,
    weightReadSeconds,
    kvReadSeconds,
    computeSeconds,
    computeExcessSeconds,
    overheadSeconds,
    allReduceSeconds,
    total:
      weightReadSeconds + computeExcessSeconds + kvReadSeconds + overheadSeconds + allReduceSeconds,
  };
}
