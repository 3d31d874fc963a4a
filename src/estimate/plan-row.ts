/**
 * One row of a rental plan: a GPU type x count x node shape, whether the workload fits,
 * how long it runs, what it costs (with whose price) and why. Shared by the training,
 * serving and batch planners, which differ only in how they find time and fit.
 */
import type { GpuSpec } from "./gpu.ts";
import type { Currency, ReferencePrice, UsedPrice } from "./price.ts";
import { referencePrice } from "./price.ts";
import type { PlanSort } from "./vocabulary.ts";

export type { PlanSort } from "./vocabulary.ts";

export type Verdict = "fits" | "needs-gpus" | "needs-nodes" | "does-not-fit";

export type PlanShape =
  "single" | "data-parallel" | "sharded" | "tensor-parallel" | "replicas" | "independent";

export type PlanLimit = "compute" | "memory-bandwidth" | "communication" | "launch-overhead";

export type PlanReason =
  | "does-not-fit-largest"
  | "needs-sharding"
  | "tensor-parallel-in-node"
  | "independent-jobs"
  | "replicas-independent"
  | "no-inter-node-network"
  | "no-compute-figure"
  | "no-bandwidth-figure"
  | "unverified-figures"
  | "no-price"
  | "user-price"
  | "reference-price"
  | "scaling-measured"
  | "scaling-predicted"
  | "host-staged-p2p"
  | "speed-carried"
  | "misses-deadline"
  | "over-budget"
  | "too-slow-per-user";

export type ScalingBasis = "single-gpu" | "predicted" | "measured" | "independent";

export interface PlanRow {
  gpu: string;
  gpuName: string;
  gpus: number;
  nodes: number;
  /** GPUs in each node. */
  gpusPerNode: number;
  /**
   * The fewest GPUs of this type the workload runs on, and their nodes: what the verdict
   * says. A GPU it does not fit on gives the largest count tried.
   */
  fewestGpus: number;
  fewestNodes: number;
  /** What the workload needs of this GPU (the fewest count), whatever count this row uses. */
  verdict: Verdict;
  shape: PlanShape;
  /** Run hours (training, batch) or the hours priced (serving); null when unknown. */
  hours: number | null;
  cost: number | null;
  currency: Currency | null;
  pricePerGpuHour: number | null;
  priceSource: UsedPrice["source"] | null;
  /** Serving: cost of a million output tokens at the load asked (users x their rate). */
  costPerMillionTokens?: number | null;
  /** Batch and training: cost of one unit of work (an item, an epoch). */
  costPerUnit?: number | null;
  scalingEfficiency: number | null;
  scalingBasis: ScalingBasis;
  limitedBy: PlanLimit | null;
  memoryPerGpuBytes: number | null;
  /** Serving: output tokens/s each user gets while an answer streams (1 / time per output token). */
  tokensPerSecondPerUser?: number;
  /** Serving: seconds to a user's first token. */
  ttftSeconds?: number;
  /** Serving: GPUs per replica (tensor parallel) and the users one replica serves. */
  tensorParallel?: number;
  usersPerReplica?: number;
  /** Serving: output tokens/s the users asked for (users x rate), what the cost is priced at. */
  loadTokensPerSecond?: number;
  /** Serving: users the row's GPUs could serve at the rate asked, and the share of that left unused. */
  capacityUsers?: number;
  spareShare?: number;
  meetsDeadline: boolean | null;
  withinBudget: boolean | null;
  reasons: PlanReason[];
}

/** The price a plan uses for a GPU: the user's own, else the sourced reference. */
export function usedPrice(
  gpuId: string,
  own: Readonly<Record<string, number>>,
  prices: readonly ReferencePrice[],
  currency: Currency,
): UsedPrice | null {
  const mine = own[gpuId];
  if (mine !== undefined) return { pricePerGpuHour: mine, currency, source: "request" };
  const ref = referencePrice(prices, gpuId, currency);
  if (!ref) return null;
  return {
    pricePerGpuHour: ref.pricePerGpuHour,
    currency,
    source: { provider: ref.provider, date: ref.date, url: ref.url, product: ref.product },
  };
}

/**
 * GPU counts to try for a GPU: the node sizes it is rented in, then whole nodes of the
 * largest size, up to `maxGpus`.
 */
export function gpuCounts(gpu: GpuSpec, maxGpus: number): number[] {
  const perNode = Math.max(...gpu.nodeGpus);
  const out = gpu.nodeGpus.filter((n) => n <= maxGpus);
  for (let nodes = 2; nodes * perNode <= maxGpus; nodes *= 2) out.push(nodes * perNode);
  return out;
}

export interface Priced {
  hours: number | null;
  gpus: number;
  units?: number;
}

/** Cost, currency and price source of a row, and the budget and deadline checks. */
export function priceRow(
  p: Priced,
  price: UsedPrice | null,
  limits: { deadlineHours?: number; budget?: number },
): Pick<
  PlanRow,
  | "cost"
  | "currency"
  | "pricePerGpuHour"
  | "priceSource"
  | "meetsDeadline"
  | "withinBudget"
  | "reasons"
> & { costPerUnit?: number | null } {
  const reasons: PlanReason[] = [];
  const cost = price && p.hours !== null ? p.hours * p.gpus * price.pricePerGpuHour : null;
  reasons.push(
    price ? (price.source === "request" ? "user-price" : "reference-price") : "no-price",
  );
  const meetsDeadline =
    limits.deadlineHours === undefined || p.hours === null ? null : p.hours <= limits.deadlineHours;
  const withinBudget = limits.budget === undefined || cost === null ? null : cost <= limits.budget;
  if (meetsDeadline === false) reasons.push("misses-deadline");
  if (withinBudget === false) reasons.push("over-budget");
  return {
    cost,
    currency: price?.currency ?? null,
    pricePerGpuHour: price?.pricePerGpuHour ?? null,
    priceSource: price?.source ?? null,
    meetsDeadline,
    withinBudget,
    reasons,
    ...(p.units === undefined ? {} : { costPerUnit: cost === null ? null : cost / p.units }),
  };
}

export function verdictFor(gpus: number, perNode: number): Verdict {
  return gpus === 1 ? "fits" : gpus <= perNode ? "needs-gpus" : "needs-nodes";
}

/** Each GPU's first row in the plan's order: its best count for the chosen sort. */
export const bestPerGpu = (rows: readonly PlanRow[]): PlanRow[] =>
  rows.filter((r, i) => rows.findIndex((x) => x.gpu === r.gpu) === i);

/**
 * Where a row runs: the GPU, how many, in how many nodes of the GPU's largest shape; and the
 * verdict, from the fewest GPUs the workload runs on (a row may use more, to finish sooner).
 */
export function placeRow(
  gpu: GpuSpec,
  gpus: number,
  fewest: number = gpus,
): Pick<
  PlanRow,
  "gpu" | "gpuName" | "gpus" | "nodes" | "gpusPerNode" | "fewestGpus" | "fewestNodes" | "verdict"
> {
  const perNode = Math.max(...gpu.nodeGpus);
  return {
    gpu: gpu.id,
    gpuName: gpu.name,
    gpus,
    nodes: Math.ceil(gpus / perNode),
    gpusPerNode: Math.min(gpus, perNode),
    fewestGpus: fewest,
    fewestNodes: Math.ceil(fewest / perNode),
    verdict: verdictFor(fewest, perNode),
  };
}

const VERDICT_ORDER: Record<Verdict, number> = {
  fits: 0,
  "needs-gpus": 0,
  "needs-nodes": 0,
  "does-not-fit": 1,
};

/**
 * Rows that run first, then by cost or time; `deadline` puts rows within the deadline and
 * the budget first and orders them by cost. Unknown costs and times sort last. Costs and
 * times are compared to 12 significant digits, so rounding noise never decides; at the same
 * cost, a row within the deadline and budget comes first, then the one with fewer GPUs:
 * each GPU more is another machine to set up, fill with data and watch, hours a plan does
 * not count.
 */
export function sortRows(rows: PlanRow[], sortBy: PlanSort): PlanRow[] {
  const last = Number.MAX_VALUE;
  const key = (r: PlanRow) =>
    Number((sortBy === "time" ? (r.hours ?? last) : (r.cost ?? last)).toPrecision(12));
  const outside = (r: PlanRow) => (r.meetsDeadline === false || r.withinBudget === false ? 1 : 0);
  const allowed = (r: PlanRow) => (sortBy === "deadline" ? outside(r) : 0);
  return [...rows].sort(
    (a, b) =>
      VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] ||
      allowed(a) - allowed(b) ||
      key(a) - key(b) ||
      outside(a) - outside(b) ||
      a.gpus - b.gpus ||
      (a.hours ?? last) - (b.hours ?? last) ||
      a.gpu.localeCompare(b.gpu),
  );
}

/** A GPU the workload fits on at no count up to the largest tried. */
export function doesNotFit(gpu: GpuSpec, maxGpus: number): PlanRow {
  const largest = gpuCounts(gpu, maxGpus).at(-1) ?? 1;
  return {
    ...placeRow(gpu, largest),
    verdict: "does-not-fit",
    shape: "single",
    hours: null,
    cost: null,
    currency: null,
    pricePerGpuHour: null,
    priceSource: null,
    scalingEfficiency: null,
    scalingBasis: "single-gpu",
    limitedBy: null,
    memoryPerGpuBytes: null,
    meetsDeadline: null,
    withinBudget: null,
    reasons: ["does-not-fit-largest"],
  };
}
