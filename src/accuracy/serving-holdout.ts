/**
 * Leave-one-publisher-out error of serving speeds: each publisher's decode-calibration rows
 * and serving runs, scored with step constants fitted without any of that publisher's data
 * (`fitDecode` over every other publisher's fit rows). A publisher that supplies no fit row
 * is scored with the shipped constants, which it never touched. Where a publisher was the
 * only source for an engine's constants (NVIDIA's course data for TensorRT-LLM), its rows
 * fall back as any uncalibrated engine does (`decodeConstants`), and the score shows how far
 * the rest carries.
 */
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import type { CalibrationRow } from "./calibration.ts";
import { calibrationCases, servingAccuracyCases } from "./cases.ts";
import type { FitRow } from "./decode-fit.ts";
import { fitDecode, fitRows, groupOf } from "./decode-fit.ts";
import type { DecodeConstants } from "../estimate/serving/decode-step.ts";
import type { ServingRun } from "./serving-runs.ts";
import { errorSpread } from "./training-throughput.ts";

export interface PublisherHoldout {
  /** The publisher (`measured-table.ts`). */
  source: string;
  /** Whether its data joins the shipped fit (it was left out for this score). */
  fits: boolean;
  /** Its rows' signed errors, (estimate − measured) / measured, mixture-of-experts models marked. */
  rows: { id: string; signedError: number; moe: boolean }[];
  spread: ReturnType<typeof errorSpread>;
}

/**
 * The constants the rows determine. Where they leave an engine and format undetermined (its
 * remaining rows cannot tell its per-layer cost from its bandwidth share, and the fit is
 * singular), that group's rows are set aside, the smallest group first, and the engine runs
 * on the fallbacks of an engine nobody calibrated.
 */
function determinedFit(rows: readonly FitRow[]): DecodeConstants {
  let kept = rows;
  for (;;) {
    try {
      return fitDecode(kept);
    } catch (error) {
      const counts = new Map<string, number>();
      for (const r of kept) counts.set(groupOf(r), (counts.get(groupOf(r)) ?? 0) + 1);
      const smallest = [...counts].sort(([a, m], [b, n]) => m - n || (a < b ? -1 : 1))[0]?.[0];
      if (smallest === undefined) throw error;
      kept = kept.filter((r) => groupOf(r) !== smallest);
    }
  }
}

/** Every publisher of decode rows or serving runs, each scored without its own data. */
export function servingLeaveOneOut(
  gpus: readonly GpuSpec[],
  calibration: readonly CalibrationRow[],
  runs: readonly ServingRun[],
): PublisherHoldout[] {
  // Each row's terms do not depend on the other rows: worked out once, then refitted per publisher.
  const fitted = fitRows(calibration, gpus, runs);
  const publisherOf = new Map<string, string>([
    ...calibration.map((r): [string, string] => [r.id, r.publisher]),
    ...runs.map((r): [string, string] => [r.id, r.publisher]),
  ]);
  const publishers = [...new Set(publisherOf.values())].sort();
  return publishers.map((source) => {
    const own = (id: string) => publisherOf.get(id) === source;
    const fits = fitted.some((f) => own(f.id));
    const constants = fits ? determinedFit(fitted.filter((f) => !own(f.id))) : undefined;
    const cases = [
      ...calibrationCases(calibration.filter((r) => r.publisher === source)),
      ...servingAccuracyCases(runs.filter((r) => r.publisher === source)),
    ];
    const rows = cases.map((c) => ({
      id: c.id,
      signedError: c.estimate(gpus, constants) / c.measured - 1,
      moe: c.moe === true,
    }));
    return { source, fits, rows, spread: errorSpread(rows) };
  });
}
