/**
 * Training plan rows: for each GPU type and count its nodes come in, the memory per GPU
 * (sharding the model with ZeRO-3 when plain data parallel does not fit), and the time
 * from the training step on that GPU (`training/run.ts`: FLOPs by mechanism at the
 * measured utilisation table's entry or your MFU, with the scaling predicted from its
 * links and the network between nodes, or the one you measured).
 */
import type { GpuSpec } from "../hardware/gpu.ts";
import { missingSpeedFigures } from "../hardware/gpu.ts";
import type { Limits, PlanReason, PlanRow } from "./row.ts";
import { doesNotFit, gpuCounts, memoryPerGpu, placeRow, priceRow } from "./row.ts";
import type { UsedPrice } from "../cost/price.ts";
import type { TokenFlops } from "../training/flops.ts";
import type { TrainingMemoryInput } from "../memory/training-memory.ts";
import { trainingMemory } from "../memory/training-memory.ts";
import type { MemoryViews } from "../memory/views.ts";
import { headroomShortBytes, memoryFit, rentGB } from "../memory/views.ts";
import type { RunOptions } from "../training/run.ts";
import { runOn, stateBytes } from "../training/run.ts";
import { SECONDS_PER_HOUR } from "../units.ts";
import { rangeKindOf } from "../training/time-range.ts";
import type { Sharding } from "../vocabulary.ts";
import type { MeasuredRun, SpeedBasis } from "../measured/basis.ts";
import { trainingBasis } from "../measured/basis.ts";

export interface TrainingPlanInput extends Limits {
  memory: TrainingMemoryInput;
  /** FLOPs per trained token, and the tokens of one epoch. */
  flops: TokenFlops;
  tokens: number;
  /** Passes over the data the job's tokens are split into, for the cost per epoch. */
  epochs: number;
  /** The speed options (your MFU, measured scaling, the network between nodes, …). */
  run: RunOptions;
  /**
   * A peak measured on a real run (the run-log analyzer's), used instead of the estimated
   * memory: it holds on at least as many GPUs as the run used; fewer is unknown.
   */
  measured?: MeasuredRun;
  /** measured ÷ estimated tokens/s on the run's GPU (`measured/basis.ts`); every row's speed × it. */
  speedRatio?: number;
  maxGpus: number;
  price: (gpuId: string) => UsedPrice | null;
}

const sharded = (s: Sharding) => s === "zero3" || s === "fsdp";

interface Fit {
  sharding: Sharding;
  /** The memory to rent per GPU, headroom included. */
  bytes: number;
  /** What the headroom lacks on a tight fit (`bytes` − the GPU's memory); 0 when it fits. */
  shortBytes: number;
}

/**
 * How `gpus` of this GPU hold the workload: with its own sharding, else ZeRO-3; a sharding
 * that fits with headroom before one that is only tight (the peak fits, the headroom does
 * not), which is a warning, not a refusal.
 */
function fitAt(p: TrainingPlanInput, gpu: GpuSpec, gpus: number): Fit | null {
  const own = p.memory.sharding ?? "none";
  const capacity = gpu.memoryTotalBytes;
  const m = p.measured;
  const fitOf = (
    sharding: Sharding,
    views: Pick<MemoryViews, "nvidiaSmiBytes" | "recommendedBytes">,
  ): Fit | null =>
    memoryFit(views, capacity) === "does-not-fit"
      ? null
      : {
          sharding,
          bytes: views.recommendedBytes,
          shortBytes: headroomShortBytes(views, capacity),
        };
  if (m?.peakBytes !== undefined) {
    const views = { nvidiaSmiBytes: m.peakBytes, recommendedBytes: m.peakBytes * (1 + m.headroom) };
    return gpus >= m.gpus ? fitOf(own, views) : null;
  }
  const tries: Sharding[] = gpus > 1 && !sharded(own) ? [own, "zero3"] : [own];
  const fits = tries
    .map((sharding) => fitOf(sharding, trainingMemory({ ...p.memory, gpu, gpus, sharding })))
    .filter((f) => f !== null);
  return fits.find((f) => f.shortBytes === 0) ?? fits[0] ?? null;
}

/**
 * The measured basis on the run's GPU and count, at the sharding the plan would fit it with
 * there (the workload's own where nothing fits, as the run did run).
 */
export function trainingRunBasis(
  p: TrainingPlanInput,
  gpu: GpuSpec,
  m: MeasuredRun & { tokensPerSecond: number },
): SpeedBasis | null {
  const sharding = fitAt(p, gpu, m.gpus)?.sharding ?? p.memory.sharding ?? "none";
  return trainingBasis(p.memory, p.flops, gpu, sharding, p.run, m);
}

/** Every count of this GPU the workload fits on, or one row saying it fits none. */
export function trainingRows(p: TrainingPlanInput, gpu: GpuSpec): PlanRow[] {
  const state = stateBytes(p.memory);
  const tp = p.memory.tensorParallel ?? 1;
  const perNode = Math.max(...gpu.nodeGpus);
  const noSpeed = missingSpeedFigures(gpu, ["fp32Tflops"]).length > 0;
  const rows: PlanRow[] = [];
  // A replica is tensor x pipeline parallel GPUs, and each stage's experts split over
  // expert-parallel ranks: counts the layout does not divide cannot run it.
  const pp = p.run.pipelineParallel;
  const ep = p.run.expertParallel;
  for (const gpus of gpuCounts(gpu, p.maxGpus)) {
    if (gpus % (tp * pp) !== 0 || gpus % (pp * ep) !== 0) continue;
    // Several nodes only over a network the user states, or where one node cannot hold it.
    if (gpus > perNode && p.run.interNodeGBps === undefined && rows.length > 0) break;
    const fit = fitAt(p, gpu, gpus);
    if (!fit) continue;
    const reasons: PlanReason[] = [];
    if (fit.sharding !== (p.memory.sharding ?? "none")) reasons.push("needs-sharding");
    if (fit.shortBytes > 0) reasons.push("memory-tight");
    if (tp > 1) reasons.push("tensor-parallel-in-node");
    if (gpu.unverified.length > 0) reasons.push("unverified-figures");
    let hours: number | null = null;
    let efficiency: number | null = gpus === 1 ? 1 : null;
    let limitedBy: PlanRow["limitedBy"] = null;
    if (noSpeed) reasons.push("no-compute-figure");
    else {
      const { step } = runOn(p.memory, p.flops, gpu, gpus, fit.sharding, p.run, state);
      if (step.paths.includes("pcie-host-staged")) reasons.push("host-staged-p2p");
      if (gpus > perNode && step.basis === "assumed") reasons.push("no-inter-node-network");
      const known = step.basis !== "assumed";
      efficiency = known ? step.efficiency : null;
      if (gpus > 1 && known)
        reasons.push(step.basis === "measured" ? "scaling-measured" : "scaling-predicted");
      limitedBy = step.basis === "measured" ? null : (step.prediction?.limitedBy ?? "compute");
      const speed = step.tokensPerSecondPerGpu * (p.speedRatio ?? 1);
      if (known) hours = (p.tokens * p.epochs) / (speed * gpus) / SECONDS_PER_HOUR;
      if (known && p.speedRatio !== undefined) reasons.push("speed-from-run");
    }
    const priced = priceRow(
      {
        hours,
        gpus,
        units: p.epochs,
        rangeKind: rangeKindOf(p.memory.model, p.memory.lora !== undefined),
      },
      p.price(gpu.id),
      p,
    );
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
        gpus === 1 ? "single-gpu" : p.run.measuredScaling === undefined ? "predicted" : "measured",
      limitedBy,
      sharding: fit.sharding,
      ...memoryPerGpu(fit.bytes),
      ...(fit.shortBytes > 0
        ? { memoryShortBytes: fit.shortBytes, memoryShortGB: rentGB(fit.shortBytes) }
        : {}),
    });
  }
  if (rows.length > 0) return rows;
  return [doesNotFit(gpu, p.maxGpus)];
}
