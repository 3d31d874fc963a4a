/**
 * A training step on a parallel layout, by mechanism: each GPU's share of the FLOPs at the
 * utilisation its matrix math and attention reach, the pipeline's idle bubble, and the
 * traffic of data, tensor, pipeline and expert parallelism over the links each group
 * crosses (`training/scaling.ts`), inside a node or over the network between nodes. Its throughput
 * (tokens per second per GPU) is what training time and the plan's training rows divide
 * the job's tokens by.
 *
 * Groups are laid out as Megatron-Core orders them (megatron/core/parallel_state.py:
 * tensor-parallel ranks adjacent, expert-parallel ranks adjacent within a stage's tensor x
 * data parallel GPUs, pipeline stages outermost), so tensor and expert groups stay inside
 * a node when they fit one, and data-parallel rings and pipeline neighbours cross the
 * network once the job spans nodes.
 */
import type { GpuSpec } from "../hardware/gpu.ts";
import type { ModelArch, ModelSpec } from "../model/model.ts";
import { isArch, matrixShapes, shapeFromParams } from "../model/model.ts";
import type { MathFormat, PeakChoice } from "../hardware/precision.ts";
import { peakTflops } from "../hardware/precision.ts";
import type { LinkPath, RingLink, ScalingPrediction, StepLinks } from "./scaling.ts";
import { bubbleShare, predictScaling, ringLink, stepCommSeconds } from "./scaling.ts";
import type { AttentionCurve } from "./attention-speed.ts";
import { ATTENTION_BENCH_PASSES, attentionShareAt } from "./attention-speed.ts";
import { moeLayersOf, routedCopyBytesPerToken } from "./moe-routing.ts";
import type { TokenFlops } from "./flops.ts";
import { hardwareFlopsOf, modelFlopsOf } from "./flops.ts";
import type { DenseFormat } from "./utilisation-entry.ts";
import { FLOPS_PER_TFLOP, gbToBytes } from "../units.ts";
import type { Sharding } from "../vocabulary.ts";

/** bf16 activations: 2 bytes per element sent between GPUs. */
export const ACTIVATION_BYTES = 2;

export interface TrainingLayout {
  gpus: number;
  tensorParallel: number;
  pipelineParallel: number;
  /** Model chunks per GPU of the interleaved pipeline schedule (1: plain 1F1B). */
  virtualStages: number;
  expertParallel: number;
  sharding: Sharding;
  microBatch: number;
  seqLen: number;
  /** Micro-batches per optimizer step on each pipeline (gradient accumulation). */
  gradAccumulation: number;
}

/**
 * How fast one GPU runs the FLOPs: the table's utilisation of the dense FLOPs at the dense
 * format's peak and the attention kernels' measured speed by sequence length, or one
 * utilisation the user gives for all model FLOPs.
 */
export type StepUtilisation =
  | { kind: "table"; dense: number; denseFormat: DenseFormat; attention: AttentionCurve }
  | { kind: "mfu"; mfu: number };

export interface StepInput {
  model: ModelSpec;
  flops: TokenFlops;
  gpu: GpuSpec;
  /** The 16-bit (or fp32) math format of the precision. */
  format: MathFormat;
  /** Linear layers in FP8 (Transformer Engine, torchao float8). */
  fp8: boolean;
  layout: TrainingLayout;
  /** Unsharded bytes of the trainable gradients and of the weights, as the collectives move them. */
  state: { gradientBytes: number; paramBytes: number };
  /** Network bandwidth per GPU between nodes, GB/s one direction; none: unknown. */
  interNodeGBps?: number;
  utilisation: StepUtilisation;
  /** A scaling efficiency the user measured; replaces the prediction. */
  measuredScaling?: number;
  /** Megatron-Core overlaps tensor-parallel traffic and parameter gathers with compute. */
  megatronOverlap: boolean;
  /** Work beside the FLOPs (`training/run.ts`): absent, none. */
  fixed?: FixedWork;
}

/**
 * Work a step does beside the model's FLOPs, on one GPU: memory traffic per token that
 * one GPU alone would move (LoRA's unfused adapters), per micro-step (a k-bit base's
 * dequantisation) and per optimizer step (the optimizer's update): the last two do not
 * grow with the tokens, so a step over few tokens spends more of its time on them.
 */
export interface FixedWork {
  secondsPerToken: number;
  secondsPerMicroStep: number;
  secondsPerOptimizerStep: number;
}

export type ScalingBasis = "single-gpu" | "measured" | "predicted" | "assumed";

export interface StepResult {
  tokensPerSecondPerGpu: number;
  /** Seconds one GPU alone computes a token: the step's compute without parallelism. */
  secondsPerToken: number;
  /**
   * Ideal compute ÷ the step without its fixed work (compute of the slowest stage + bubble
   * + exposed traffic), ≤ 1: the layout's scaling. The fixed work is `fixedShare`.
   */
  efficiency: number;
  basis: ScalingBasis;
  prediction: ScalingPrediction | null;
  /** The bubble as a share of compute. */
  bubble: number;
  /** The slowest stage's compute ÷ the average stage's (1 when the layers split evenly). */
  imbalance: number;
  densePeak: PeakChoice;
  attentionPeak: PeakChoice;
  /** Model FLOPs per second achieved ÷ the dense peak, the step's whole time counted. */
  mfu: number;
  /** Hardware FLOPs (with recomputation) per second achieved ÷ the dense peak. */
  hfu: number;
  /** Share of the step spent on per-micro-step and per-optimizer-step work (`FixedWork`). */
  fixedShare: number;
  /** Slowest link any group crosses, when one crosses the network or stages through the host. */
  paths: LinkPath[];
}

const archOf = (m: ModelSpec): ModelArch => (isArch(m) ? m : shapeFromParams(m.params));

/** Share of the parameters in routed experts (each expert-parallel rank holds 1/ep of them). */
function expertShare(m: ModelSpec): number {
  if (!isArch(m) || !m.moe) return 0;
  let experts = 0;
  let all = 0;
  for (const s of matrixShapes(m)) {
    const n = s.rows * s.cols * s.count;
    all += n;
    if (s.activeShare < 1) experts += n;
  }
  return all > 0 ? experts / all : 0;
}

/**
 * Seconds one GPU spends on a token's attention: each layer group's causal forward times
 * the passes the kernel benchmark counts (forward and backward) and any recomputed forward,
 * at the benchmark's speed for that group's sequence length.
 */
export function attentionSeconds(flops: TokenFlops, curve: AttentionCurve, peak: number): number {
  const passes = ATTENTION_BENCH_PASSES + flops.attentionRecomputes;
  let seconds = 0;
  for (const g of flops.attention)
    seconds +=
      (passes * g.forward) / (peak * FLOPS_PER_TFLOP * attentionShareAt(curve, g.benchSeqLen));
  return seconds;
}

/**
 * Seconds one GPU spends moving a token's routed copies through memory (`training/moe-routing.ts`),
 * at the datasheet bandwidth; none for a dense model or a GPU without the figure.
 */
export function routedCopySeconds(i: Pick<StepInput, "model" | "flops" | "gpu">): number {
  const bytes = routedCopyBytesPerToken(archOf(i.model), i.flops.forwardReruns);
  const bandwidth = i.gpu.bandwidthGBps;
  return bytes > 0 && bandwidth ? bytes / gbToBytes(bandwidth) : 0;
}

/**
 * Seconds one GPU spends on a token at the given utilisation: the dense FLOPs it runs (a
 * fully recomputed forward's matrix multiplies included: they take time like any other),
 * attention at its kernel's speed and an MoE's routed copies; or the user's MFU over all
 * model FLOPs (a measured MFU already holds the recomputation's cost).
 */
function secondsPerToken(i: StepInput, dense: PeakChoice, attention: PeakChoice): number {
  const u = i.utilisation;
  if (u.kind === "mfu") return modelFlopsOf(i.flops) / (dense.tflops * FLOPS_PER_TFLOP * u.mfu);
  return (
    i.flops.hardwareDense / (dense.tflops * FLOPS_PER_TFLOP * u.dense) +
    attentionSeconds(i.flops, u.attention, attention.tflops) +
    routedCopySeconds(i) +
    (i.fixed?.secondsPerToken ?? 0)
  );
}

/** The peaks a step runs at: the dense format's (FP8 where used) and attention's 16-bit one. */
export function stepPeaks(i: Pick<StepInput, "gpu" | "format" | "fp8" | "utilisation">) {
  const fp8 = i.fp8 && (i.utilisation.kind === "mfu" || i.utilisation.denseFormat === "fp8");
  return {
    dense: peakTflops(i.gpu, fp8 ? "fp8" : i.format),
    attention: peakTflops(i.gpu, i.format),
  };
}

/** The links each group crosses; null for a group that needs the network when none is given. */
function groupLinks(i: StepInput): { links: StepLinks; missing: boolean } {
  const { gpus, tensorParallel: tp, pipelineParallel: pp, expertParallel: ep } = i.layout;
  const perNode = Math.max(...i.gpu.nodeGpus);
  const link = (span: number, members = 1) =>
    ringLink(i.gpu, span, perNode, i.interNodeGBps, members);
  const dp = gpus / (tp * pp);
  // Tensor-parallel groups sit inside a node, so a node holds perNode ÷ tp members of each
  // data-parallel ring (and a whole tensor-parallel group). Pipeline sends and expert
  // all-to-alls go GPU to GPU, each over its own NIC share.
  const links: StepLinks = {
    dp: dp > 1 ? link(gpus / pp, Math.min(dp, Math.floor(perNode / tp))) : null,
    tp: tp > 1 ? link(tp, Math.min(tp, perNode)) : null,
    // Two neighbouring stages span twice a stage's GPUs.
    pp: pp > 1 ? link(Math.min(gpus, (2 * gpus) / pp)) : null,
    ep: ep > 1 ? link(ep) : null,
    epLocal: ep > perNode ? link(perNode) : null,
  };
  const missing =
    (dp > 1 && !links.dp) ||
    (tp > 1 && !links.tp) ||
    (pp > 1 && !links.pp) ||
    (ep > 1 && !links.ep);
  return { links, missing };
}

export function trainingStep(i: StepInput): StepResult {
  const L = i.layout;
  const peaks = stepPeaks(i);
  const perToken = secondsPerToken(i, peaks.dense, peaks.attention);
  const modelSplit = L.tensorParallel * L.pipelineParallel;
  const replicaTokens = L.microBatch * L.seqLen * L.gradAccumulation;
  const bubble = bubbleShare(L.pipelineParallel, L.gradAccumulation, L.virtualStages);
  const arch = archOf(i.model);
  // The slowest stage sets the pace: an uneven split gives some stages one layer more.
  const stages = L.pipelineParallel * L.virtualStages;
  const imbalance = (Math.ceil(arch.layers / stages) * stages) / arch.layers;
  const computeSeconds = (replicaTokens * perToken * imbalance) / modelSplit;
  // Routed experts split over expert-parallel ranks within a stage, the rest over tensor parallel.
  const experts = expertShare(i.model);
  const ownShare =
    (experts / L.expertParallel + (1 - experts) / L.tensorParallel) / L.pipelineParallel;
  const moeLayers = moeLayersOf(arch);
  const microTokens = L.microBatch * L.seqLen;
  const { links, missing } = groupLinks(i);
  let prediction: ScalingPrediction | null = null;
  if (L.gpus > 1 && !missing)
    prediction = predictScaling(
      computeSeconds,
      stepCommSeconds(
        {
          dataParallel: L.gpus / modelSplit,
          tensorParallel: L.tensorParallel,
          pipelineParallel: L.pipelineParallel,
          virtualStages: L.virtualStages,
          expertParallel: L.expertParallel,
          sharding: L.sharding,
          gradientBytes: i.state.gradientBytes * ownShare,
          paramBytes: i.state.paramBytes * ownShare,
          activationBytesPerLayer: microTokens * arch.hidden * ACTIVATION_BYTES,
          layers: arch.layers / L.pipelineParallel,
          moeLayers: moeLayers / L.pipelineParallel,
          expertPeersInNode: Math.min(L.expertParallel, Math.max(...i.gpu.nodeGpus)),
          routedBytesPerMoeLayer:
            microTokens * (arch.moe?.activeExperts ?? 0) * arch.hidden * ACTIVATION_BYTES,
          microBatchesPerStep: L.gradAccumulation,
          forwardReruns: i.flops.forwardReruns,
          megatronOverlap: i.megatronOverlap,
        },
        links,
      ),
      bubble,
    );
  const basis: ScalingBasis =
    L.gpus <= 1
      ? "single-gpu"
      : i.measuredScaling !== undefined
        ? "measured"
        : prediction
          ? "predicted"
          : "assumed";
  // Without a prediction the schedule's bubble and stage imbalance are still known; the
  // traffic is not. A measured scaling already holds all of them.
  const efficiency =
    basis === "single-gpu"
      ? 1
      : basis === "measured"
        ? (i.measuredScaling ?? 1)
        : (prediction?.efficiency ?? 1 / (1 + bubble)) / imbalance;
  // The step without its fixed work, then with it: the micro-steps' and the optimizer's.
  const idealSeconds = (replicaTokens * perToken) / modelSplit;
  const withoutFixed = idealSeconds / efficiency;
  const fixedSeconds =
    L.gradAccumulation * (i.fixed?.secondsPerMicroStep ?? 0) +
    (i.fixed?.secondsPerOptimizerStep ?? 0);
  const fixedShare = fixedSeconds / (withoutFixed + fixedSeconds);
  // Each GPU's share of a step's tokens ÷ the step's time (its compute ÷ efficiency, and
  // the fixed work beside it).
  const tokensPerSecondPerGpu = (efficiency * (1 - fixedShare)) / perToken;
  const rate = (flops: number) =>
    (flops * tokensPerSecondPerGpu) / (peaks.dense.tflops * FLOPS_PER_TFLOP);
  const groups: (RingLink | null)[] = [links.dp, links.tp, links.pp, links.ep];
  const paths = groups
    .map((l) => l?.path)
    .filter((p): p is LinkPath => p === "inter-node" || p === "pcie-host-staged");
  return {
    tokensPerSecondPerGpu,
    secondsPerToken: perToken,
    efficiency,
    basis,
    prediction,
    bubble,
    imbalance,
    densePeak: peaks.dense,
    attentionPeak: peaks.attention,
    mfu: rate(modelFlopsOf(i.flops)),
    hfu: rate(hardwareFlopsOf(i.flops)),
    fixedShare,
    paths: [...new Set(paths)],
  };
}
