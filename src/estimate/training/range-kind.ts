/**
 * The kinds of estimate (training runs, serving) whose errors differ, and what a kind's held-out
 * error is recorded as (`generated/time-ranges.ts`), apart from the code that reads it
 * (`time-range.ts`) so the generated file and its reader do not import each other.
 */
/**
 * Kinds of estimate whose errors differ: training dense models, training mixture-of-experts
 * models, training LoRA or QLoRA adapters (on either; their runs miss by far more than full
 * training's), serving (output tokens per second of an engine) dense models and
 * mixture-of-experts models apart (the published MoE runs miss by several times the dense
 * ones'), and serving's time to first
 * token, for users sending in turn (`ttft-closed`: requests of one length, which start and
 * end together, so each round's prompts queue as a burst's) and for a burst (`ttft-burst`).
 * A mixture-of-experts model's time to first token has one kind of its own (`ttft-moe`),
 * whichever way its requests arrive: its published runs are too few to split. A time to
 * first token is a time: its range scales it as hours are.
 */
export const RANGE_KINDS = [
  "training-dense",
  "training-moe",
  "training-adapter",
  "serving",
  "serving-moe",
  "ttft-closed",
  "ttft-burst",
  "ttft-moe",
] as const;
export type RangeKind = (typeof RANGE_KINDS)[number];

/**
 * The held-out error of a kind: the ratios at the 10th and 90th percentile of estimated ÷
 * measured speed, or for a time to first token of measured ÷ estimated time (the same
 * multiplier of the estimated time).
 */
export interface RangeSpread {
  /** Multiplier of the estimated hours at the fast end (≤ 1). */
  low: number;
  /** Multiplier of the estimated hours at the slow end (≥ 1). */
  high: number;
  /** Held-out runs and publications behind it. */
  runs: number;
  sources: number;
}
