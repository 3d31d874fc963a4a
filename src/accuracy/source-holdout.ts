/**
 * Leave-one-source-out error of training throughput: every publication's rows are scored
 * against a utilisation table fitted without that publication, so no row is ever scored
 * by a constant its own source helped set. Validation publications never enter a fit, so
 * their table is the shipped one; a calibration publication's rows are scored against the
 * table the other calibration publications give (`fitUtilisation` on the rest). The
 * per-source spread shows which kinds of run the table does not carry over to.
 *
 * These errors, not the calibration rows' own, are what the likely ranges of training
 * times are built from (`time-ranges.ts`): the error a new run's estimate is expected to
 * have is the error of runs the fit never saw.
 */
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import type { UtilisationEntry } from "../estimate/training/utilisation-entry.ts";
import type { ThroughputAccuracyRow } from "./training-throughput.ts";
import { errorSpread, scoreRows } from "./training-throughput.ts";
import type { ThroughputRow } from "./training-throughput-rows.ts";
import { fitUtilisation } from "./utilisation-fit.ts";

export interface SourceHoldout {
  source: string;
  /** Whether the source's rows help fit the shipped table (they were left out for this score). */
  calibrates: boolean;
  /** The table its rows were scored with: fitted without this source. */
  table: UtilisationEntry[];
  rows: ThroughputAccuracyRow[];
  spread: ReturnType<typeof errorSpread>;
}

/**
 * Each publication's rows against the table fitted on every other publication's
 * calibration rows.
 */
export function leaveOneSourceOut(
  rows: readonly ThroughputRow[],
  gpus: readonly GpuSpec[],
): SourceHoldout[] {
  const sources = [...new Set(rows.map((r) => r.source_id))].sort();
  const full = fitUtilisation(rows, gpus).table;
  return sources.map((source) => {
    const own = rows.filter((r) => r.source_id === source);
    const calibrates = own.some((r) => r.role === "calibration");
    const table = calibrates
      ? fitUtilisation(
          rows.filter((r) => r.source_id !== source),
          gpus,
        ).table
      : full;
    const scored = scoreRows(own, gpus, table);
    return { source, calibrates, table, rows: scored, spread: errorSpread(scored) };
  });
}

/**
 * Rows grouped by publication (`sourceOf`: a training run's `source`, a serving run's
 * `publisher`), sorted by its name, each with its spread.
 */
export function bySource<R extends Pick<ThroughputAccuracyRow, "signedError">>(
  rows: readonly R[],
  sourceOf: (r: R) => string,
) {
  const groups = new Map<string, R[]>();
  for (const r of rows) groups.set(sourceOf(r), [...(groups.get(sourceOf(r)) ?? []), r]);
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([source, own]) => ({ source, rows: own, spread: errorSpread(own) }));
}

/** Every row's held-out score, all sources together. */
export const heldOutRows = (h: readonly SourceHoldout[]): ThroughputAccuracyRow[] =>
  h.flatMap((s) => s.rows);

/**
 * Every training run scored by a fit its publication never joined: the split's runs each
 * without its own source, and the publications gathered later against the shipped table.
 * The likely ranges of training times come from these (`time-range-fit.ts`).
 */
export const neverFittedRows = (
  split: readonly ThroughputRow[],
  holdout: readonly ThroughputRow[],
  gpus: readonly GpuSpec[],
): ThroughputAccuracyRow[] => [
  ...heldOutRows(leaveOneSourceOut(split, gpus)),
  ...scoreRows(holdout, gpus),
];
