/**
 * One row of a rental plan: a GPU type x count x node shape, whether the workload fits,
 * how long it runs, what it costs (with whose price) and why. Shared by the training,
 * serving and batch planners, which differ only in how they find time and fit.
 */
import type { Billing } from "../cost/billed-hours.ts";
import { overheadsFor } from "../cost/billed-hours.ts";
import type { DeadlineVerdict, LikelyRange, RangeKind } from "../training/time-range.ts";
import { deadlineVerdict, likelyHours } from "../training/time-range.ts";
import { billedHourParts, rentalCost } from "../cost/cost.ts";
import type { GpuSpec } from "../hardware/gpu.ts";
import { rentGB } from "../memory/views.ts";
import type { ReferencePrice, UsedPrice } from "../cost/price.ts";
import type { Currency } from "../vocabulary.ts";
import { referencePrice, referenceSource, todayIso } from "../cost/price.ts";
import type { Conversion, ExchangeRate } from "../cost/exchange.ts";
import { converter } from "../cost/exchange.ts";
import type { BreakdownItem } from "../result.ts";
import { sumBreakdown } from "../result.ts";
import type { PlanSort, Sharding } from "../vocabulary.ts";

export type { PlanSort } from "../vocabulary.ts";

export type Verdict = "fits" | "needs-gpus" | "needs-nodes" | "does-not-fit";

export type PlanShape =
  "single" | "data-parallel" | "sharded" | "tensor-parallel" | "replicas" | "independent";

export type PlanLimit = "compute" | "memory-bandwidth" | "communication" | "launch-overhead";

export type PlanReason =
  | "does-not-fit-largest"
  | "needs-sharding"
  | "memory-tight"
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
  | "converted-price"
  | "scaling-measured"
  | "scaling-predicted"
  | "host-staged-p2p"
  | "speed-carried"
  | "speed-from-run"
  | "speed-render-score"
  | "speed-fp32-fallback"
  | "memory-unchecked"
  | "misses-deadline"
  | "may-miss-deadline"
  | "meets-deadline-even-slow"
  | "over-budget"
  | "too-slow-per-user"
  | "may-be-too-slow-per-user";

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
  /**
   * Billed hours: the run (training, batch) or the hours served, plus setup, downloads,
   * reruns, checkpoints, export and idle time (`cost/billed-hours.ts`); null when unknown.
   */
  hours: number | null;
  /** The run alone (or the hours served), without the overheads. */
  runHours: number | null;
  /** `hours` by part: run, setup, download, reruns, checkpoints, export, idle. */
  billed: BreakdownItem[] | null;
  cost: number | null;
  currency: Currency | null;
  pricePerGpuHour: number | null;
  priceSource: UsedPrice["source"] | null;
  /** How the price was converted from the currency it was quoted in; null when it was not. */
  priceConversion: Conversion | null;
  /** Serving: cost of a million output tokens at the load asked (users x their rate). */
  costPerMillionTokens?: number | null;
  /** Batch and training: cost of one unit of work (an item, an epoch). */
  costPerUnit?: number | null;
  /** Batch and training: the units of work `costPerUnit` divides by (items, epochs). */
  units?: number;
  scalingEfficiency: number | null;
  scalingBasis: ScalingBasis;
  limitedBy: PlanLimit | null;
  memoryPerGpuBytes: number | null;
  /**
   * `memoryPerGpuBytes` in GB rounded up to 0.1 GB, as the memory pages' "rent at least"
   * headline rounds it (`rentGB`), so the table and those pages print the same figure.
   */
  memoryPerGpuRentGB: number | null;
  /**
   * Training: on a tight fit (the peak fits, its headroom does not), what the headroom lacks
   * per GPU in bytes; absent when the memory fits with headroom.
   */
  memoryShortBytes?: number;
  /** `memoryShortBytes` in GB rounded up to 0.1 GB (`rentGB`'s rounding): never 0 on a tight fit. */
  memoryShortGB?: number;
  /** Serving: output tokens/s each user gets while an answer streams (1 / time per output token). */
  tokensPerSecondPerUser?: number;
  /**
   * Serving: the likely range of `tokensPerSecondPerUser` (`time-range.ts`, kind `serving`);
   * absent where the speed comes from the user's own run.
   */
  tokensPerSecondPerUserRange?: LikelyRange;
  /** Serving: seconds to a user's first token, and its likely range (kind `ttft-closed`). */
  ttftSeconds?: number;
  ttftRange?: LikelyRange;
  /** Training: the sharding its memory per GPU was computed with (the workload's, or ZeRO-3 to fit). */
  sharding?: Sharding;
  /** Serving: GPUs per replica (tensor parallel) and the users one replica serves. */
  tensorParallel?: number;
  usersPerReplica?: number;
  /** Serving: output tokens/s the users asked for (users x rate), what the cost is priced at. */
  loadTokensPerSecond?: number;
  /** Serving: users the row's GPUs could serve at the rate asked, and the share of that left unused. */
  capacityUsers?: number;
  spareShare?: number;
  meetsDeadline: boolean | null;
  /**
   * Training: the billed hours at the fast and slow end of the run's likely range
   * (`training/time-range.ts`), and the deadline against them; absent where no range is known.
   */
  hoursRange?: LikelyRange | null;
  deadlineVerdict?: DeadlineVerdict | null;
  withinBudget: boolean | null;
  reasons: PlanReason[];
}

/**
 * The price a plan uses for a GPU, in the plan's `currency`: the user's own (converted at
 * the plan's exchange rate when they typed it in the other currency), else the sourced
 * reference on the plan's date `today` (`referencePrice`), with its age and conversion.
 * A user's price no reading can convert prices nothing; the plan's rules refuse it first.
 */
export function usedPrice(
  gpuId: string,
  own: Readonly<Record<string, { pricePerGpuHour: number; currency: Currency }>>,
  prices: readonly ReferencePrice[],
  currency: Currency,
  today: string = todayIso(),
  rates: readonly ExchangeRate[] = [],
): UsedPrice | null {
  const mine = own[gpuId];
  if (mine !== undefined) {
    const c = converter(rates, currency, today)(mine.pricePerGpuHour, mine.currency);
    return c
      ? { pricePerGpuHour: c.amount, currency, source: "request", conversion: c.conversion }
      : null;
  }
  const ref = referencePrice(prices, gpuId, currency, today, rates);
  if (!ref) return null;
  return {
    pricePerGpuHour: ref.pricePerGpuHour,
    currency,
    source: referenceSource(ref.row, today),
    conversion: ref.conversion,
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
  /** Run hours (or hours served); null when unknown. */
  hours: number | null;
  gpus: number;
  units?: number;
  /** The kind of run whose held-out error gives the hours their likely range. */
  rangeKind?: RangeKind;
}

/** What a plan holds a row to, and the hours it bills beside the run. */
export interface Limits {
  deadlineHours?: number;
  budget?: number;
  billing?: Billing;
}

/**
 * Billed hours and cost of a row (the cost page's arithmetic, `rentalCost`), currency and
 * price source, and the budget and deadline checks, both on the billed hours: setup and
 * downloads take wall-clock time before the run as surely as they take money.
 */
export function priceRow(
  p: Priced,
  price: UsedPrice | null,
  limits: Limits,
): Pick<
  PlanRow,
  | "hours"
  | "runHours"
  | "billed"
  | "cost"
  | "currency"
  | "pricePerGpuHour"
  | "priceSource"
  | "priceConversion"
  | "meetsDeadline"
  | "withinBudget"
  | "reasons"
> & {
  costPerUnit?: number | null;
  units?: number;
  hoursRange?: LikelyRange | null;
  deadlineVerdict?: DeadlineVerdict | null;
} {
  const reasons: PlanReason[] = [];
  const overheads = limits.billing && p.hours !== null ? overheadsFor(p.hours, limits.billing) : {};
  const billed = p.hours === null ? null : billedHourParts(p.hours, overheads);
  const hours = billed ? sumBreakdown(billed) : null;
  const bill =
    price && p.hours !== null
      ? rentalCost(price.pricePerGpuHour * p.gpus, p.hours, overheads)
      : null;
  const cost = bill?.total ?? null;
  reasons.push(
    price ? (price.source === "request" ? "user-price" : "reference-price") : "no-price",
  );
  if (price?.conversion) reasons.push("converted-price");
  const meetsDeadline =
    limits.deadlineHours === undefined || hours === null ? null : hours <= limits.deadlineHours;
  const withinBudget = limits.budget === undefined || cost === null ? null : cost <= limits.budget;
  // The billed hours at each end of the run's likely range: the overheads that grow with
  // the run (reruns, checkpoints) grow with it.
  const billedAt = (run: number) =>
    sumBreakdown(billedHourParts(run, limits.billing ? overheadsFor(run, limits.billing) : {}));
  const run =
    p.rangeKind === undefined || p.hours === null ? null : likelyHours(p.hours, p.rangeKind);
  const hoursRange = run && { ...run, low: billedAt(run.low), high: billedAt(run.high) };
  const verdict =
    hoursRange && limits.deadlineHours !== undefined
      ? deadlineVerdict(hoursRange, limits.deadlineHours)
      : null;
  // With a range, the deadline verdict names the miss; without, the point estimate does.
  if (verdict === "misses" || (!hoursRange && meetsDeadline === false))
    reasons.push("misses-deadline");
  if (verdict === "may-miss") reasons.push("may-miss-deadline");
  if (verdict === "meets-even-slow") reasons.push("meets-deadline-even-slow");
  if (withinBudget === false) reasons.push("over-budget");
  return {
    hours,
    runHours: p.hours,
    billed,
    cost,
    currency: price?.currency ?? null,
    pricePerGpuHour: price?.pricePerGpuHour ?? null,
    priceSource: price?.source ?? null,
    priceConversion: price?.conversion ?? null,
    meetsDeadline,
    withinBudget,
    reasons,
    ...(p.rangeKind === undefined ? {} : { hoursRange, deadlineVerdict: verdict }),
    ...(p.units === undefined
      ? {}
      : { units: p.units, costPerUnit: cost === null ? null : cost / p.units }),
  };
}

export function verdictFor(gpus: number, perNode: number): Verdict {
  return gpus === 1 ? "fits" : gpus <= perNode ? "needs-gpus" : "needs-nodes";
}

/**
 * Each GPU's first row in the plan's order, its best count for the chosen sort, as indices
 * into the rows: a plan names those rows rather than holding them twice.
 */
export const bestPerGpu = (rows: readonly PlanRow[]): number[] =>
  rows.flatMap((r, i) => (rows.findIndex((x) => x.gpu === r.gpu) === i ? [i] : []));

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

/** A plan's limits as a row stands to them. */
export type LimitTier = "meets" | "unknown" | "misses";

/**
 * `misses` a deadline or budget it is known to break; `unknown` where a limit is given but
 * the row has no hours (no speed figure) or no cost (no price) to check it against.
 */
export function limitTier(r: PlanRow, limits: Limits): LimitTier {
  if (r.meetsDeadline === false || r.withinBudget === false) return "misses";
  const unknown =
    (limits.deadlineHours !== undefined && r.meetsDeadline === null) ||
    (limits.budget !== undefined && r.withinBudget === null);
  return unknown ? "unknown" : "meets";
}

const TIER_ORDER: Record<LimitTier, number> = { meets: 0, unknown: 1, misses: 2 };
/** A row with no hours at all (no speed figure) cannot be checked or compared: last. */
const NO_HOURS = 3;

/** Whether a row has a price (the user's, or a current reference, converted or not). */
export const isPriced = (r: PlanRow): boolean => r.pricePerGpuHour !== null;

/**
 * Rows that run first, then rows with a price: an option without one is listed apart,
 * after every priced one, for the user to give theirs (its cost cannot be compared, and a
 * ranking that put it first would answer "rent this" without saying at what cost). Then
 * rows known to be within the deadline and the budget (limits,
 * not tie-breakers: a row that misses one never ranks above one that meets both, and a row
 * that cannot be checked sits between), then by cost or time. Unknown costs and times sort
 * last. Costs and times are compared to 12 significant digits, so rounding noise never
 * decides; at the same cost the row with fewer GPUs comes first: each GPU more is another
 * machine to set up, fill with data and watch.
 */
export function sortRows(rows: PlanRow[], sortBy: PlanSort, limits: Limits = {}): PlanRow[] {
  const last = Number.MAX_VALUE;
  const key = (r: PlanRow) =>
    Number((sortBy === "time" ? (r.hours ?? last) : (r.cost ?? last)).toPrecision(12));
  const tier = (r: PlanRow) => (r.hours === null ? NO_HOURS : TIER_ORDER[limitTier(r, limits)]);
  return [...rows].sort(
    (a, b) =>
      VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] ||
      Number(!isPriced(a)) - Number(!isPriced(b)) ||
      tier(a) - tier(b) ||
      key(a) - key(b) ||
      a.gpus - b.gpus ||
      (a.hours ?? last) - (b.hours ?? last) ||
      a.gpu.localeCompare(b.gpu),
  );
}

/** A row's memory to rent per GPU (with headroom), in bytes and as the pages print it. */
export const memoryPerGpu = (
  bytes: number | null,
): Pick<PlanRow, "memoryPerGpuBytes" | "memoryPerGpuRentGB"> => ({
  memoryPerGpuBytes: bytes,
  memoryPerGpuRentGB: bytes === null ? null : rentGB(bytes),
});

/** A GPU the workload fits on at no count up to the largest tried. */
export function doesNotFit(gpu: GpuSpec, maxGpus: number): PlanRow {
  const largest = gpuCounts(gpu, maxGpus).at(-1) ?? 1;
  return {
    ...placeRow(gpu, largest),
    verdict: "does-not-fit",
    shape: "single",
    hours: null,
    runHours: null,
    billed: null,
    cost: null,
    currency: null,
    pricePerGpuHour: null,
    priceSource: null,
    priceConversion: null,
    scalingEfficiency: null,
    scalingBasis: "single-gpu",
    limitedBy: null,
    ...memoryPerGpu(null),
    meetsDeadline: null,
    withinBudget: null,
    reasons: ["does-not-fit-largest"],
  };
}
