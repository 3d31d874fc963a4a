/**
 * The kinds of training run whose estimates err differently, and what a kind's held-out
 * error is recorded as (`generated/time-ranges.ts`), apart from the code that reads it
 * (`time-range.ts`) so the generated file and its reader do not import each other.
 */
/** Kinds of run whose errors differ: dense models and mixture-of-experts models. */
export const RANGE_KINDS = ["training-dense", "training-moe"] as const;
export type RangeKind = (typeof RANGE_KINDS)[number];

/** The held-out error of a kind: the ratios (estimated ÷ measured speed) at the 10th and 90th percentile. */
export interface RangeSpread {
  /** Multiplier of the estimated hours at the fast end (≤ 1). */
  low: number;
  /** Multiplier of the estimated hours at the slow end (≥ 1). */
  high: number;
  /** Held-out runs and publications behind it. */
  runs: number;
  sources: number;
}
