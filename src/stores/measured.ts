/**
 * `$measured`: what the run-log analyzer measured on a real run, for the cost and fit
 * calculators to use instead of estimates. Persisted like the calculator stores (same safe
 * storage engine, validated field by field on load) but kept out of the share-link registry:
 * a link should not carry someone's file name or measurements.
 *
 * "Nothing measured" is `peakMemoryBytes === 0`; absent throughput is `throughputPerHour === 0`
 * with `workUnit === ""`.
 */
import { persistentAtom } from "@nanostores/persistent";
import { defaultsOf, int, num, sanitize, str } from "./fields.ts";
import type { ShapeOf } from "./fields.ts";
import { STORE_VERSION } from "./persist.ts";

export interface MeasuredState {
  /** GPU name as nvidia-smi reported it (largest-memory GPU of the run). */
  gpuName: string;
  /** GPUs with samples in the run. */
  gpuCount: number;
  /** Highest memory.used of any GPU, bytes (MiB × 2^20). */
  peakMemoryBytes: number;
  /** peak × (1 + headroom), bytes. */
  recommendedBytes: number;
  /** The seed's 15-25% headroom, as a fraction. */
  headroom: number;
  /** Work units per hour over the steady window for the whole node; 0 when not measured. */
  throughputPerHour: number;
  /** "samples", "tokens", "frames" or the unit the probe recorded; "" when not measured. */
  workUnit: string;
  /** Name of the imported file ("" for a paste). */
  sourceFile: string;
  /** When the measurements were taken over, ms since epoch (0 = never). */
  savedAt: number;
}

export const MEASURED_SHAPE: ShapeOf<MeasuredState> = {
  gpuName: str("", 120),
  gpuCount: int(0, 0, 1024),
  peakMemoryBytes: num(0, 0, 1e15),
  recommendedBytes: num(0, 0, 1e15),
  headroom: num(0.2, 0.15, 0.25),
  throughputPerHour: num(0, 0, 1e18),
  workUnit: str("", 40),
  sourceFile: str("", 200),
  savedAt: num(0, 0, 1e15),
};
export const MEASURED_DEFAULTS = defaultsOf<MeasuredState>(MEASURED_SHAPE);

/** Validates untrusted stored JSON; bad fields fall back to their defaults. */
export function decodeMeasured(text: string): MeasuredState {
  try {
    const value = sanitize<MeasuredState>(MEASURED_SHAPE, JSON.parse(text) as unknown).value;
    // A recommendation below the peak it came from is inconsistent: treat as nothing measured.
    return value.recommendedBytes < value.peakMemoryBytes ? MEASURED_DEFAULTS : value;
  } catch {
    return MEASURED_DEFAULTS;
  }
}

export const $measured = persistentAtom<MeasuredState>(
  `gpu-calc:measured:v${STORE_VERSION}`,
  MEASURED_DEFAULTS,
  {
    encode: JSON.stringify,
    decode: decodeMeasured,
  },
);

/** Stores new measurements, validating them the same way as a load. */
export function setMeasured(m: MeasuredState): void {
  $measured.set(decodeMeasured(JSON.stringify(m)));
}

/**
 * Hours one GPU would need for `totalWork` at a throughput measured on `gpuCount` GPUs:
 * total ÷ (per-hour ÷ GPU count), i.e. assuming the run's GPUs shared the work evenly. The
 * cost calculator then divides by each option's GPU count and applies its scaling.
 * Null when any input is unusable.
 */
export function singleGpuHoursFor(
  totalWork: number,
  perHour: number,
  gpuCount: number,
): number | null {
  if (
    !(totalWork > 0) ||
    !(perHour > 0) ||
    !Number.isFinite(totalWork) ||
    !Number.isFinite(perHour)
  )
    return null;
  const n = Number.isFinite(gpuCount) && gpuCount >= 1 ? Math.floor(gpuCount) : 1;
  // Rounded to 0.01 h (36 s): the cost form shows what was sent, and a measured throughput
  // is not precise to the second anyway.
  const h = Math.round((totalWork / perHour) * n * 100) / 100;
  return Number.isFinite(h) ? h : null;
}
