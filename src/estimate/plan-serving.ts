/**
 * Serving plan rows: users x output tokens/s each x context → for each GPU type, the
 * tensor-parallel group (within one node) and the number of replicas that hold every
 * user's KV cache and give each user the rate asked for, from the same memory and decode
 * models as the serving calculators. Replicas are independent, so several nodes need no
 * network between them.
 */
import type { GpuSpec } from "./gpu.ts";
import { missingSpeedFigures } from "./gpu.ts";
import type { InferenceMemoryInput } from "./inference-memory.ts";
import { inferenceMemory } from "./inference-memory.ts";
import type { ServingSpeedInput, ServingSpeedResult } from "./inference-speed.ts";
import { servingSpeed } from "./inference-speed.ts";
import { costPerMillionTokens } from "./cost.ts";
import type { Limits, PlanReason, PlanRow } from "./plan-row.ts";
import { doesNotFit, placeRow, priceRow } from "./plan-row.ts";
import type { UsedPrice } from "./price.ts";

/** Tensor-parallel degrees engines split a model over: powers of two within a node. */
const TP_DEGREES = [1, 2, 4, 8] as const;

export interface ServingPlanInput extends Limits {
  /** The serving setup without the GPU, the group size or the batch, which the plan picks. */
  memory: Omit<InferenceMemoryInput, "gpu" | "tensorParallel" | "sequences">;
  speed: Omit<ServingSpeedInput, "gpu" | "tensorParallel" | "batch">;
  users: number;
  /** Output tokens per second each user needs. */
  tokensPerSecondPerUser: number;
  /** Hours priced (a day of serving: 24). */
  hours: number;
  maxGpus: number;
  price: (gpuId: string) => UsedPrice | null;
}

/** Whether `batch` sequences fit a group of `tp` GPUs: the engine's KV pool, or the need. */
function holds(p: ServingPlanInput, gpu: GpuSpec, tp: number, batch: number): boolean {
  const m = inferenceMemory({ ...p.memory, gpu, tensorParallel: tp, sequences: batch });
  if (m.kvPool) return m.kvPool.maxSequences >= batch;
  return m.recommendedBytes <= gpu.memoryTotalBytes;
}

const speedAt = (p: ServingPlanInput, gpu: GpuSpec, tp: number, batch: number) =>
  servingSpeed({ ...p.speed, gpu, tensorParallel: tp, batch });

/** The largest batch in [1, users] a group holds at the users' rate (both fall with batch). */
function largestBatch(p: ServingPlanInput, gpu: GpuSpec, tp: number): number {
  const ok = (b: number) =>
    holds(p, gpu, tp, b) &&
    speedAt(p, gpu, tp, b).tokensPerSecondPerSequence >= p.tokensPerSecondPerUser;
  if (!ok(1)) return 0;
  let lo = 1;
  let hi = p.users;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

interface Group {
  tp: number;
  replicas: number;
  gpus: number;
  speed: ServingSpeedResult;
}

/** The group size and replica count that serve everyone on the fewest GPUs. */
function bestGroup(p: ServingPlanInput, gpu: GpuSpec): Group | null {
  const perNode = Math.max(...gpu.nodeGpus);
  let best: Group | null = null;
  for (const tp of TP_DEGREES) {
    if (tp > perNode || tp > p.maxGpus) break;
    const batch = largestBatch(p, gpu, tp);
    if (batch === 0) continue;
    const replicas = Math.ceil(p.users / batch);
    const gpus = replicas * tp;
    if (gpus > p.maxGpus) continue;
    if (best && gpus >= best.gpus) continue;
    best = { tp, replicas, gpus, speed: speedAt(p, gpu, tp, Math.ceil(p.users / replicas)) };
  }
  return best;
}

export function servingRow(p: ServingPlanInput, gpu: GpuSpec): PlanRow {
  const missing = missingSpeedFigures(gpu, ["bandwidthGBps", "fp32Tflops"]);
  if (missing.length > 0) {
    const row = doesNotFit(gpu, 1);
    return {
      ...row,
      reasons: missing.map((m): PlanReason =>
        m === "bandwidthGBps" ? "no-bandwidth-figure" : "no-compute-figure",
      ),
    };
  }
  const group = bestGroup(p, gpu);
  if (!group) {
    const perNode = Math.max(...gpu.nodeGpus);
    const slow = TP_DEGREES.some((tp) => tp <= perNode && holds(p, gpu, tp, 1));
    return {
      ...doesNotFit(gpu, p.maxGpus),
      reasons: [slow ? "too-slow-per-user" : "does-not-fit-largest"],
    };
  }
  const perNode = Math.max(...gpu.nodeGpus);
  const perUser = group.speed.tokensPerSecondPerSequence;
  const replicasPerNode = Math.floor(perNode / group.tp);
  const nodes = Math.ceil(group.replicas / replicasPerNode);
  const price = p.price(gpu.id);
  const priced = priceRow({ hours: p.hours, gpus: group.gpus }, price, p);
  const reasons: PlanReason[] = [];
  if (group.tp > 1) reasons.push("tensor-parallel-in-node");
  if (group.replicas > 1) reasons.push("replicas-independent");
  if (gpu.unverified.length > 0) reasons.push("unverified-figures");
  const memory = inferenceMemory({
    ...p.memory,
    gpu,
    tensorParallel: group.tp,
    sequences: Math.ceil(p.users / group.replicas),
  });
  return {
    ...placeRow(gpu, group.gpus),
    // Replicas never span nodes: a node holds whole groups.
    nodes,
    fewestNodes: nodes,
    shape: group.tp > 1 ? "tensor-parallel" : group.replicas > 1 ? "replicas" : "single",
    ...priced,
    costPerMillionTokens: price
      ? costPerMillionTokens(price.pricePerGpuHour * group.gpus, p.users * perUser)
      : null,
    reasons: [...reasons, ...priced.reasons],
    // Replicas share nothing; within a group the decode model already counts the all-reduces.
    scalingEfficiency: null,
    scalingBasis: group.gpus === 1 ? "single-gpu" : "independent",
    limitedBy: group.speed.limitedBy,
    memoryPerGpuBytes: memory.kvPool ? memory.nvidiaSmiBytes : memory.recommendedBytes,
    tokensPerSecondPerUser: perUser,
  };
}
