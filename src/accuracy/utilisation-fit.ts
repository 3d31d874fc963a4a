/**
 * Fits the training utilisation table (`src/estimate/generated/utilisation-table.ts`) to the
 * calibration rows of content/reference/training-throughput.tsv, and only to them. Each
 * row is run as its `train-time` request against a trial table holding one entry for its
 * key, and the entry's dense utilisation is solved (by bisection: the row's tokens per
 * second rise with it) so the request gives the measured throughput: the utilisation the
 * run reached once its attention time, pipeline bubble and exposed traffic, as modelled,
 * are taken out. Each table entry is the median over its key's rows and needs at least two
 * of them, so no single row sets a value; rows are keyed by GPU family, FP8 or 16-bit,
 * stack, dense or MoE and size class. A row that would need more than the datasheet peak
 * (utilisation above 1) cannot be explained by any utilisation and is left out and listed.
 */
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import { isArch } from "../estimate/model/model.ts";
import { matmulParams } from "../estimate/training/flops.ts";
import type { UtilisationEntry, UtilisationKey } from "../estimate/training/utilisation-entry.ts";
import { gpuFamily, keyName, sizeClass, stackOf } from "../estimate/training/utilisation-entry.ts";
import { estimateRow, rowModel } from "./training-throughput.ts";
import type { ThroughputRow } from "./training-throughput-rows.ts";

/** Bisection bounds and steps: a utilisation in (0, 1], the peak, to 1e-12 of its width. */
const LOW = 1e-3;
const HIGH = 1;
const STEPS = 40;
/** Rows an entry needs: one row never sets a constant. */
export const MIN_ROWS_PER_ENTRY = 2;

/** The table key a row measures; null on a GPU family no entry can be keyed by. */
export function rowKey(row: ThroughputRow, gpus: readonly GpuSpec[]): UtilisationKey | null {
  const gpu = gpus.find((g) => g.id === row.gpu);
  const family = gpu ? gpuFamily(gpu) : null;
  if (!family) return null;
  const model = rowModel(row);
  return {
    family,
    format: row.fp8 ? "fp8" : "16-bit",
    stack: stackOf(row.framework),
    moe: isArch(model) && model.moe !== undefined,
    size: sizeClass(matmulParams(model)),
  };
}

/** The dense utilisation at which the row's request gives its measured throughput. */
export function impliedUtilisation(row: ThroughputRow, gpus: readonly GpuSpec[]): number | null {
  const key = rowKey(row, gpus);
  if (!key) return null;
  const at = (dense: number) =>
    estimateRow(row, gpus, [{ ...key, dense, rows: 1, sources: [] }]) - row.tokens_per_s_per_gpu;
  let lo = LOW;
  let hi = HIGH;
  if (at(hi) < 0 || at(lo) > 0) return null;
  for (let i = 0; i < STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (at(mid) < 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** Significant digits the table keeps: finer than any row's measurement. */
const DIGITS = 4;

export interface UtilisationFit {
  table: UtilisationEntry[];
  /** Calibration rows no utilisation up to the peak explains, or on families the table cannot key. */
  unfitted: string[];
  /** Keys with fewer than `MIN_ROWS_PER_ENTRY` rows: no entry (the nearest one stands in). */
  thin: string[];
}

/** The table: one entry per key of the calibration rows, the median of their utilisations. */
export function fitUtilisation(
  rows: readonly ThroughputRow[],
  gpus: readonly GpuSpec[],
): UtilisationFit {
  const groups = new Map<string, { key: UtilisationKey; values: number[]; sources: Set<string> }>();
  const unfitted: string[] = [];
  for (const row of rows) {
    if (row.role !== "calibration") continue;
    const key = rowKey(row, gpus);
    const u = impliedUtilisation(row, gpus);
    if (!key || u === null) {
      unfitted.push(row.id);
      continue;
    }
    const name = keyName(key);
    const g = groups.get(name) ?? { key, values: [], sources: new Set<string>() };
    g.values.push(u);
    g.sources.add(row.source_id);
    groups.set(name, g);
  }
  const sorted = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const thin = sorted.filter(([, g]) => g.values.length < MIN_ROWS_PER_ENTRY).map(([n]) => n);
  const table = sorted
    .filter(([, g]) => g.values.length >= MIN_ROWS_PER_ENTRY)
    .map(([, g]) => ({
      ...g.key,
      dense: Number(median(g.values).toPrecision(DIGITS)),
      rows: g.values.length,
      sources: [...g.sources].sort(),
    }));
  return { table, unfitted, thin };
}
