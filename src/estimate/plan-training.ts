/**
 * Training plan rows: for each GPU type and count its nodes come in, the memory per GPU
 * (sharding the model with ZeRO-3 when plain data parallel does not fit), the time from
 * the job's FLOPs at that GPU's own dense peak x MFU x GPUs x scaling, and the scaling
 * predicted from its links (or the user's measured one).
 */
import type { GpuSpec } from "./gpu.ts";
import { missingSpeedFigures } from "./gpu.ts";
import { isArch, shapeFromParams } from "./model.ts";
import type { Limits, PlanReason, PlanRow } from "./plan-row.ts";
import { doesNotFit, gpuCounts, placeRow, priceRow } from "./plan-row.ts";
import type { UsedPrice } from "./price.ts";
import type { MathFormat } from "./precision.ts";
import { peakTflops } from "./precision.ts";
import type { ScalingPrediction } from "./scaling.ts";
import { predictScaling, ringLink, stepCommSeconds } from "./scaling.ts";
import type { TrainingMemoryInput } from "./training-memory.ts";
import { trainingMemory } from "./training-memory.ts";
import { FLOPS_PER_TFLOP, SECONDS_PER_HOUR } from "./units.ts";
import type { Sharding } from "./vocabulary.ts";
import { partValue } from "./result.ts";

/** bf16 activations: 2 bytes per element all-reduced by tensor parallelism. */
const ACTIVATION_BYTES = 2;

export interface TrainingPlanInput extends Limits {
  memory: TrainingMemoryInput;
  /** FLOPs of the whole job and the tokens they cover (per GPU step from the batch). */
  flops: number;
  tokens: number;
  /** Passes over the data the job's tokens are split into, for the cost per epoch. */
  epochs: number;
  format: MathFormat;
  mfu: number;
  /** A scaling efficiency the user measured; replaces the prediction. */
  measuredScaling?: number;
  /** Network bandwidth per GPU between nodes, GB/s one direction; none: one node only. */
  interNodeGBps?: number;
  /**
   * A peak measured on a real run (the run-log analyzer's), used instead of the estimated
   * memory: it holds on at least as many GPUs as the run used; fewer is unknown.
   */
  measured?: { peakBytes: number; gpus: number; headroom: number };
  maxGpus: number;
  price: (gpuId: string) => UsedPrice | null;
}

const sharded = (s: Sharding) => s === "zero3" || s === "fsdp";

/** The unsharded gradient and parameter bytes (what the collectives move). */
function stateBytes(memory: TrainingMemoryInput) {
  const whole = trainingMemory({
    ...memory,
    gpus: 1,
    tensorParallel: 1,
    sharding: "none",
    offload: "none",
  });
  return {
    gradientBytes: partValue(whole.breakdown, "gradients"),
    paramBytes: partValue(whole.breakdown, "weights"),
  };
}

interface Fit {
  sharding: Sharding;
  bytes: number;
}

/** The sharding that fits `gpus` of this GPU: the workload's own, else ZeRO-3. */
function fitAt(p: TrainingPlanInput, gpu: GpuSpec, gpus: number): Fit | null {
  const own = p.memory.sharding ?? "none";
  const m = p.measured;
  if (m) {
    const bytes = m.peakBytes * (1 + m.headroom);
    return gpus >= m.gpus && bytes <= gpu.memoryTotalBytes ? { sharding: own, bytes } : null;
  }
  const tries: Sharding[] = gpus > 1 && !sharded(own) ? [own, "zero3"] : [own];
  for (const sharding of tries) {
    const m = trainingMemory({ ...p.memory, gpu, gpus, sharding });
    if (m.recommendedBytes <= gpu.memoryTotalBytes) return { sharding, bytes: m.recommendedBytes };
  }
  return null;
}

/** What a scaling prediction reads of a training plan. */
export type ScalingContext = Pick<
  TrainingPlanInput,
  "memory" | "flops" | "tokens" | "format" | "mfu" | "interNodeGBps"
>;

/** Scaling of the workload's own sharding on `gpus` of this GPU, predicted from its links. */
export function predictTrainingScaling(p: ScalingContext, gpu: GpuSpec, gpus: number) {
  return scalingAt(p, gpu, gpus, p.memory.sharding ?? "none", stateBytes(p.memory));
}

function scalingAt(
  p: ScalingContext,
  gpu: GpuSpec,
  gpus: number,
  sharding: Sharding,
  state: { gradientBytes: number; paramBytes: number },
): { prediction: ScalingPrediction | null; reasons: PlanReason[] } {
  const tp = p.memory.tensorParallel ?? 1;
  const perNode = Math.max(...gpu.nodeGpus);
  const dpLink = ringLink(gpu, gpus, perNode, p.interNodeGBps);
  if (gpus > perNode && !dpLink) return { prediction: null, reasons: ["no-inter-node-network"] };
  const arch = isArch(p.memory.model) ? p.memory.model : shapeFromParams(p.memory.model.params);
  const microTokens = p.memory.microBatch * p.memory.seqLen;
  const accumulation = p.memory.gradAccumulation ?? 1;
  const rate = peakTflops(gpu, p.format).tflops * FLOPS_PER_TFLOP * p.mfu;
  const computeSeconds = ((p.flops / p.tokens) * microTokens * accumulation) / (rate * tp);
  const comm = stepCommSeconds(
    {
      dataParallel: gpus / tp,
      tensorParallel: tp,
      sharding,
      gradientBytes: state.gradientBytes / tp,
      paramBytes: state.paramBytes / tp,
      activationBytesPerLayer: microTokens * arch.hidden * ACTIVATION_BYTES,
      layers: arch.layers,
      microBatchesPerStep: accumulation,
    },
    dpLink,
    ringLink(gpu, tp, perNode),
  );
  const reasons: PlanReason[] = [];
  if (dpLink?.path === "pcie-host-staged") reasons.push("host-staged-p2p");
  return { prediction: predictScaling(computeSeconds, comm), reasons };
}

/** Every count of this GPU the workload fits on, or one row saying it fits none. */
export function trainingRows(p: TrainingPlanInput, gpu: GpuSpec): PlanRow[] {
  const state = stateBytes(p.memory);
  const tp = p.memory.tensorParallel ?? 1;
  const perNode = Math.max(...gpu.nodeGpus);
  const noSpeed = missingSpeedFigures(gpu, ["fp32Tflops"]).length > 0;
  const rows: PlanRow[] = [];
  for (const gpus of gpuCounts(gpu, p.maxGpus)) {
    if (gpus % tp !== 0) continue;
    // Several nodes only over a network the user states, or where one node cannot hold it.
    if (gpus > perNode && p.interNodeGBps === undefined && rows.length > 0) break;
    const fit = fitAt(p, gpu, gpus);
    if (!fit) continue;
    const reasons: PlanReason[] = [];
    if (fit.sharding !== (p.memory.sharding ?? "none")) reasons.push("needs-sharding");
    if (tp > 1) reasons.push("tensor-parallel-in-node");
    if (gpu.unverified.length > 0) reasons.push("unverified-figures");
    let hours: number | null = null;
    let efficiency: number | null = gpus === 1 ? 1 : null;
    let limitedBy: PlanRow["limitedBy"] = null;
    if (noSpeed) reasons.push("no-compute-figure");
    else {
      const predicted = gpus > 1 ? scalingAt(p, gpu, gpus, fit.sharding, state) : null;
      reasons.push(...(predicted?.reasons ?? []));
      efficiency =
        gpus === 1 ? 1 : (p.measuredScaling ?? predicted?.prediction?.efficiency ?? null);
      if (gpus > 1 && efficiency !== null)
        reasons.push(p.measuredScaling === undefined ? "scaling-predicted" : "scaling-measured");
      limitedBy =
        p.measuredScaling === undefined ? (predicted?.prediction?.limitedBy ?? "compute") : null;
      const rate = peakTflops(gpu, p.format).tflops * FLOPS_PER_TFLOP * p.mfu;
      if (efficiency !== null)
        hours = (p.flops * p.epochs) / (rate * gpus * efficiency) / SECONDS_PER_HOUR;
    }
    const priced = priceRow({ hours, gpus, units: p.epochs }, p.price(gpu.id), p);
    rows.push({
      // Counts rise, so the first row that fits is the fewest GPUs it runs on.
      ...placeRow(gpu, gpus, rows[0]?.gpus ?? gpus),
      shape:
        gpus === 1
          ? "single"
          : tp > 1
            ? "tensor-parallel"
            : sharded(fit.sharding)
              ? "sharded"
              : "data-parallel",
      ...priced,
      reasons: [...reasons, ...priced.reasons],
      scalingEfficiency: efficiency,
      scalingBasis:
        gpus === 1 ? "single-gpu" : p.measuredScaling === undefined ? "predicted" : "measured",
      limitedBy,
      memoryPerGpuBytes: fit.bytes,
    });
  }
  if (rows.length > 0) return rows;
  return [doesNotFit(gpu, p.maxGpus)];
}
