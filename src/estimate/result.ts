/**
 * The common shape of every estimate. Labels and warnings are codes with parameters, not
 * sentences, so the site can render them in zh-CN or en; `messages-en.ts` holds the
 * English defaults the command line prints.
 */

/** One additive part of a total. `labelKey` names the UI string for the part. */
export interface BreakdownItem {
  key: string;
  labelKey: string;
  value: number;
}

/** A value the estimate assumed, and where the value comes from. */
export interface Assumption {
  key: string;
  value: number | string | boolean;
  source: string;
}

export type WarningCode =
  | "shape-assumed"
  | "activations-need-architecture"
  | "no-bf16"
  | "no-fp8"
  | "low-precision-fallback"
  | "exceeds-gpu-memory"
  | "headroom-below-seed-range"
  | "headroom-above-seed-range"
  | "kv-exceeds-weights"
  | "unverified-gpu-figures"
  | "no-nvlink-tensor-parallel"
  | "compute-bound-decode"
  | "not-gpu-bound"
  | "partly-gpu-bound"
  | "seed-rule-of-thumb"
  | "no-price"
  | "engine-reserves-memory"
  | "zero-without-data-parallel"
  | "adafactor-needs-architecture";

export interface Warning {
  code: WarningCode;
  params: Record<string, number | string>;
}

/** Every estimate: a total in the unit its name states, parts that add up to it, and why. */
export interface Result {
  total: number;
  breakdown: BreakdownItem[];
  assumptions: Assumption[];
  warnings: Warning[];
}

/** Sums breakdown values; the total of a result is always built this way. */
export function sumBreakdown(items: readonly BreakdownItem[]): number {
  return items.reduce((acc, item) => acc + item.value, 0);
}

/** Builds a breakdown item whose UI label key follows the `breakdown.<key>` convention. */
export function part(key: string, value: number): BreakdownItem {
  return {
    key,
    labelKey: `breakdown.${key}`,
    // Negative parts (rounding below zero) show as 0; NaN and Infinity pass through, so the
    // task runner can refuse the result instead of printing a 0 it never computed.
    value: value > 0 || !Number.isFinite(value) ? value : 0,
  };
}
