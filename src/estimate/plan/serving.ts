/**
 * Serving plan rows: users x output tokens/s each x context → for each GPU type, the
 * tensor-parallel group (within one node) and the number of replicas that hold every
 * user's KV cache and give each user the rate asked for (no group more users than its
 * engine runs at once), from the same memory verdict and serving-speed model as the serving
 * calculators. Replicas are independent, so several nodes need no network between them.
 * Cost per million tokens is at the load asked (users x their rate); what the GPUs could
 * serve beyond it is reported beside it.
 */
import type { GpuSpec } from "../hardware/gpu.ts";
import { missingSpeedFigures } from "../hardware/gpu.ts";
import type { InferenceMemoryInput } from "../serving/memory.ts";
import { inferenceMemory, servingFit } from "../serving/memory.ts";
import {
  likelyHours,
  likelyRate,
  servingRangeKind,
  ttftRangeKind,
} from "../training/time-range.ts";
import type { ServingSpeedInput, ServingSpeedResult } from "../serving/speed.ts";
import { servingSpeed } from "../serving/speed.ts";
import { costPerMillionTokens } from "../cost/cost.ts";
import type { Limits, PlanReason, PlanRow } from "./row.ts";
import { doesNotFit, memoryPerGpu, placeRow, priceRow } from "./row.ts";
import type { UsedPrice } from "../cost/price.ts";
import { engineSchedule, TRTLLM_MAX_BATCH } from "../serving/schedule.ts";

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
  /** measured ÷ estimated output tokens/s on the run's GPU (`measured/basis.ts`); every speed × it. */
  speedRatio?: number;
}

const memoryAt = (p: ServingPlanInput, gpu: GpuSpec, tp: number, batch: number) =>
  inferenceMemory({ ...p.memory, gpu, tensorParallel: tp, sequences: batch });

/**
 * Whether `batch` sequences fit a group of `tp` GPUs with their headroom: the memory page's
 * own verdict. A group takes no user a tight fit would squeeze in: more replicas or a larger
 * group serve them with headroom.
 */
const holds = (p: ServingPlanInput, gpu: GpuSpec, tp: number, batch: number): boolean =>
  servingFit(memoryAt(p, gpu, tp, batch), gpu, batch) === "fits";

function speedAt(p: ServingPlanInput, gpu: GpuSpec, tp: number, batch: number) {
  const s = servingSpeed({ ...p.speed, gpu, tensorParallel: tp, batch });
  const r = p.speedRatio;
  if (r === undefined) return s;
  return {
    ...s,
    tokensPerSecond: s.tokensPerSecond * r,
    tokensPerSecondPerSequence: s.tokensPerSecondPerSequence * r,
  };
}

/**
 * The most users a group's engine runs at once (`engineSchedule`: vLLM's max_num_seqs, 1,024
 * or 256 by GPU; TensorRT-LLM's max_batch_size, 2,048); Infinity where it declares none
 * (SGLang's max_running_requests follows from its KV pool, which `holds` holds every user in).
 */
const runningLimit = (p: ServingPlanInput, gpu: GpuSpec, tp: number): number =>
  engineSchedule(p.speed.engine, gpu, tp).maxRunning;

/**
 * Whether a group of `tp` GPUs holds `b` users and gives each the rate asked. Users beyond
 * what the engine runs at once queue for a place: they do not get the rate.
 */
const serves = (p: ServingPlanInput, gpu: GpuSpec, tp: number, b: number): boolean =>
  b <= runningLimit(p, gpu, tp) &&
  holds(p, gpu, tp, b) &&
  speedAt(p, gpu, tp, b).tokensPerSecondPerSequence >= p.tokensPerSecondPerUser;

/** The largest batch in [1, `most`] a group serves (memory and speed both fall with batch). */
function largestBatch(p: ServingPlanInput, gpu: GpuSpec, tp: number, most: number): number {
  if (!serves(p, gpu, tp, 1)) return 0;
  let lo = 1;
  let hi = most;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (serves(p, gpu, tp, mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Users one group could serve at the rate asked, found by doubling past `from`, up to the
 * most its engine runs at once, and for engines with no limit of their own the most any
 * engine runs (TensorRT-LLM's max_batch_size): a doubling that would pass it stops at it
 * (3 users double to 1,536, then to 2,048, not to 3,072; in vLLM on an H100, to 768, then
 * to 1,024).
 */
function groupCapacity(p: ServingPlanInput, gpu: GpuSpec, tp: number, from: number): number {
  const most = Math.min(TRTLLM_MAX_BATCH, runningLimit(p, gpu, tp));
  let hi = from;
  while (hi < most) {
    const next = Math.min(hi * 2, most);
    if (!serves(p, gpu, tp, next)) return largestBatch(p, gpu, tp, next - 1);
    hi = next;
  }
  return hi;
}

interface Group {
  tp: number;
  replicas: number;
  gpus: number;
  /** Users one group serves at the rate asked, at most. */
  capacity: number;
  speed: ServingSpeedResult;
}

/** The group size and replica count that serve everyone on the fewest GPUs. */
function bestGroup(p: ServingPlanInput, gpu: GpuSpec): Group | null {
  const perNode = Math.max(...gpu.nodeGpus);
  let best: Group | null = null;
  for (const tp of TP_DEGREES) {
    if (tp > perNode || tp > p.maxGpus) break;
    const batch = largestBatch(p, gpu, tp, p.users);
    if (batch === 0) continue;
    const replicas = Math.ceil(p.users / batch);
    const gpus = replicas * tp;
    if (gpus > p.maxGpus) continue;
    if (best && gpus >= best.gpus) continue;
    const speed = speedAt(p, gpu, tp, Math.ceil(p.users / replicas));
    const capacity = batch < p.users ? batch : groupCapacity(p, gpu, tp, batch);
    best = { tp, replicas, gpus, capacity, speed };
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
    // Too slow only if a group the plan may use holds the model and none gives even one user
    // the rate asked; a group larger than the GPUs allowed (`maxGpus`) is no answer, and
    // groups that serve a user but not all of them on the GPUs allowed mean the users do not
    // fit on what was tried.
    const allowed = TP_DEGREES.filter((tp) => tp <= perNode && tp <= p.maxGpus);
    const slow =
      allowed.some((tp) => holds(p, gpu, tp, 1)) && !allowed.some((tp) => serves(p, gpu, tp, 1));
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
  if (p.speedRatio !== undefined) reasons.push("speed-from-run");
  // How sure the rate each user sees is; a run's measured speed has no range (its ratio
  // replaces the estimate's error). The group gives every user the rate asked at the
  // estimate; at the slow end of the likely range it may not.
  const perUserRange =
    p.speedRatio === undefined ? likelyRate(perUser, servingRangeKind(p.speed.model)) : undefined;
  if (perUserRange && perUserRange.low < p.tokensPerSecondPerUser)
    reasons.push("may-be-too-slow-per-user");
  const usersPerReplica = Math.ceil(p.users / group.replicas);
  const memory = memoryAt(p, gpu, group.tp, usersPerReplica);
  const load = p.users * p.tokensPerSecondPerUser;
  const capacityUsers = group.capacity * group.replicas;
  return {
    ...placeRow(gpu, group.gpus),
    // Replicas never span nodes: a node holds whole groups.
    nodes,
    fewestNodes: nodes,
    shape: group.tp > 1 ? "tensor-parallel" : group.replicas > 1 ? "replicas" : "single",
    ...priced,
    // What the load asked costs: every GPU of the row is billed for the users' tokens.
    costPerMillionTokens: price
      ? costPerMillionTokens(price.pricePerGpuHour * group.gpus, load)
      : null,
    reasons: [...reasons, ...priced.reasons],
    // Replicas share nothing; within a group the decode model already counts the all-reduces.
    scalingEfficiency: null,
    scalingBasis: group.gpus === 1 ? "single-gpu" : "independent",
    limitedBy: group.speed.limitedBy,
    // The memory page's figure to rent per GPU (headroom included), for the users one group serves.
    ...memoryPerGpu(memory.recommendedBytes),
    tokensPerSecondPerUser: perUser,
    ...(perUserRange ? { tokensPerSecondPerUserRange: perUserRange } : {}),
    ttftSeconds: group.speed.ttftSeconds,
    // Users sending in turn: the closed-loop kind (`range-kind.ts`).
    ttftRange: likelyHours(group.speed.ttftSeconds, ttftRangeKind(p.speed.model, "closed")),
    tensorParallel: group.tp,
    usersPerReplica,
    loadTokensPerSecond: load,
    capacityUsers,
    spareShare: Math.max(0, 1 - p.users / capacityUsers),
  };
}
