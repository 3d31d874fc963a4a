/**
 * How sure a training time is: its likely range, from the error estimates of the same kind
 * had on published runs their fit never saw (leave one source out,
 * `src/accuracy/source-holdout.ts`, and the held-out publications gathered later). A run's true hours are its estimated hours times
 * (estimated ÷ measured tokens per second), so the 10th and 90th percentiles of that ratio
 * over the held-out runs (`generated/time-ranges.ts`, written by `npm run -s calibrate`)
 * scale the estimate to the fast and the slow end: eight runs in ten of that kind landed
 * inside. A deadline is checked against the slow end.
 */
import type { ModelSpec } from "../model/model.ts";
import { isArch } from "../model/model.ts";
import { LIKELY_SPREAD } from "../generated/time-ranges.ts";
import type { RangeKind, RangeSpread } from "./range-kind.ts";
export type { RangeKind, RangeSpread } from "./range-kind.ts";
export { RANGE_KINDS } from "./range-kind.ts";

/** A figure's likely range and what it comes from. */
export interface LikelyRange {
  low: number;
  high: number;
  basis: RangeKind;
  /** Held-out runs and publications the range comes from. */
  runs: number;
  sources: number;
}

/** The kind of a training run: adapters first (their error is the larger), then MoE or dense. */
export const rangeKindOf = (model: ModelSpec, adapter: boolean): RangeKind =>
  adapter ? "training-adapter" : isMoe(model) ? "training-moe" : "training-dense";

const isMoe = (model: ModelSpec): boolean => isArch(model) && model.moe !== undefined;

/** The kind of a serving speed: a mixture-of-experts model's or a dense model's. */
export const servingRangeKind = (model: ModelSpec): RangeKind =>
  isMoe(model) ? "serving-moe" : "serving";

/** The kind of a time to first token: a mixture-of-experts model's, or by how requests arrive. */
export const ttftRangeKind = (model: ModelSpec, arrival: "closed" | "burst"): RangeKind =>
  isMoe(model) ? "ttft-moe" : arrival === "burst" ? "ttft-burst" : "ttft-closed";

/** The likely range of a training time in hours (or any time: it scales the same way). */
export function likelyHours(
  hours: number,
  kind: RangeKind,
  spread: Readonly<Record<RangeKind, RangeSpread>> = LIKELY_SPREAD,
): LikelyRange {
  const s = spread[kind];
  return {
    low: hours * Math.min(1, s.low),
    high: hours * Math.max(1, s.high),
    basis: kind,
    runs: s.runs,
    sources: s.sources,
  };
}

/** The likely range of a speed (tokens per second): the inverse of the time's. */
export function likelyRate(
  rate: number,
  kind: RangeKind,
  spread: Readonly<Record<RangeKind, RangeSpread>> = LIKELY_SPREAD,
): LikelyRange {
  const s = spread[kind];
  return {
    low: rate / Math.max(1, s.high),
    high: rate / Math.min(1, s.low),
    basis: kind,
    runs: s.runs,
    sources: s.sources,
  };
}

/**
 * A deadline against a time's range: met even at the slow end, may be missed (the deadline
 * falls inside the range), or missed even at the fast end.
 */
export const DEADLINE_VERDICTS = ["meets-even-slow", "may-miss", "misses"] as const;
export type DeadlineVerdict = (typeof DEADLINE_VERDICTS)[number];

export function deadlineVerdict(
  range: Pick<LikelyRange, "low" | "high">,
  deadlineHours: number,
): DeadlineVerdict {
  if (range.high <= deadlineHours) return "meets-even-slow";
  return range.low > deadlineHours ? "misses" : "may-miss";
}
