/** One published measurement held against the estimate: what it measured, in which unit. */
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import type { DecodeConstants } from "../estimate/serving/decode-step.ts";

export type Unit = "MiB" | "GiB" | "GB" | "tok/s" | "tokens" | "%";
export type Kind = "memory" | "throughput" | "utilisation" | "serving";

export interface AccuracyCase {
  /** Row id in measured-public.tsv (with a suffix when a row holds several figures). */
  id: string;
  description: string;
  /** What the source measured. */
  measures: string;
  measured: number;
  unit: Unit;
  kind: Kind;
  /**
   * `validation`: judged against its measurement; `calibration`: a row a constant was
   * fitted to (decode-calibration.tsv), shown with its in-sample error and never scored.
   */
  role?: "validation" | "calibration";
  /**
   * A mechanism the measurement includes and the estimate does not model, named: the row is
   * shown and counted in the median, but not held to the per-row bound.
   */
  gap?: string;
  /** A serving run of a mixture-of-experts model (scored apart from dense models'). */
  moe?: boolean;
  /** Who published a serving run (`measured-table.ts`). */
  publisher?: string;
  /** The estimate on these GPUs, with these serving step constants (absent: the fitted ones). */
  estimate: (gpus: readonly GpuSpec[], decodeConstants?: DecodeConstants) => number;
}
