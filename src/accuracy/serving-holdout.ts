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
import { calibrationCases, outcome, servingAccuracyCases } from "./cases.ts";
import { loadCalibration } from "./calibration.ts";
import { loadServingRuns } from "./serving-runs.ts";
import { servingCases } from "./serving-throughput.ts";
import type { ServingError } from "./serving-throughput.ts";
import type { FitRow } from "./decode-fit.ts";
import { fitDecode, fitRows, groupOf, UndeterminedFit } from "./decode-fit.ts";
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
      // Only a singular fit sets a group aside; anything else is a bug to surface.
      if (!(error instanceof UndeterminedFit)) throw error;
      const counts = new Map<string, number>();
      for (const r of kept) counts.set(groupOf(r), (counts.get(groupOf(r)) ?? 0) + 1);
      const smallest = [...counts].sort(([a, m], [b, n]) => m - n || (a < b ? -1 : 1))[0]?.[0];
      if (smallest === undefined) throw error;
      kept = kept.filter((r) => groupOf(r) !== smallest);
    }
  }
}

/**
 * The step constants fitted without a publisher's data, per publisher asked (each fit worked
 * out once); undefined for a publisher that supplies no fit row (the shipped constants never
 * saw it).
 */
export function constantsWithout(
  gpus: readonly GpuSpec[],
  calibration: readonly CalibrationRow[],
  runs: readonly ServingRun[],
): (publisher: string) => DecodeConstants | undefined {
  // Each row's terms do not depend on the other rows: worked out once, then refitted per publisher.
  const fitted = fitRows(calibration, gpus, runs);
  const publisherOf = new Map<string, string>([
    ...calibration.map((r): [string, string] => [r.id, r.publisher]),
    ...runs.map((r): [string, string] => [r.id, r.publisher]),
  ]);
  const fits = new Map<string, DecodeConstants | undefined>();
  return (publisher) => {
    if (!fits.has(publisher)) {
      const own = (f: FitRow) => publisherOf.get(f.id) === publisher;
      fits.set(
        publisher,
        fitted.some(own) ? determinedFit(fitted.filter((f) => !own(f))) : undefined,
      );
    }
    return fits.get(publisher);
  };
}

/** Every publisher of decode rows or serving runs, each scored without its own data. */
export function servingLeaveOneOut(
  gpus: readonly GpuSpec[],
  calibration: readonly CalibrationRow[],
  runs: readonly ServingRun[],
): PublisherHoldout[] {
  const without = constantsWithout(gpus, calibration, runs);
  const publishers = [...new Set([...calibration, ...runs].map((r) => r.publisher))].sort();
  return publishers.map((source) => {
    const constants = without(source);
    const cases = [
      ...calibrationCases(calibration.filter((r) => r.publisher === source)),
      ...servingAccuracyCases(runs.filter((r) => r.publisher === source)),
    ];
    const rows = cases.map((c) => ({
      id: c.id,
      signedError: c.estimate(gpus, constants) / c.measured - 1,
      moe: c.moe === true,
    }));
    return { source, fits: constants !== undefined, rows, spread: errorSpread(rows) };
  });
}

/**
 * Every serving run's error (estimated ÷ measured − 1 on output tokens/s over all users),
 * each estimated with constants fitted without its publisher's data, with its source and
 * whether its model is a mixture of experts: what the likely range of a serving speed comes
 * from (`time-range-fit.ts`, dense and MoE apart), the error of runs the fit never saw.
 */
export function servingNeverFittedErrors(
  gpus: readonly GpuSpec[],
  calibration: readonly CalibrationRow[] = loadCalibration(),
  runs: readonly ServingRun[] = loadServingRuns(),
): ServingError[] {
  const without = constantsWithout(gpus, calibration, runs);
  return servingCases(runs).map((c) => ({
    signedError: outcome(c.request, "tokensPerSecond")(gpus, without(c.publisher)) / c.measured - 1,
    source: c.source,
    moe: c.moe,
  }));
}

/**
 * Time to first token of the serving runs that publish one, by how their requests arrive:
 * measured ÷ estimated mean time − 1 (a time's error, the multiplier of the estimate), each
 * estimated with constants fitted without its publisher's data, and whether the model is a
 * mixture of experts. No constant is fitted to these: they only give the figure's likely range.
 */
export function servingNeverFittedTtftErrors(
  gpus: readonly GpuSpec[],
  calibration: readonly CalibrationRow[] = loadCalibration(),
  runs: readonly ServingRun[] = loadServingRuns(),
): Record<"closed" | "burst", ServingError[]> {
  const without = constantsWithout(gpus, calibration, runs);
  const out: Record<"closed" | "burst", ServingError[]> = { closed: [], burst: [] };
  for (const c of servingCases(runs)) {
    const run = runs.find((r) => r.id === c.id);
    const measured = run?.ttft_ms;
    if (!run || measured === undefined || measured === null) continue;
    const estimated = outcome(c.request, "ttftSeconds")(gpus, without(c.publisher));
    out[run.mode].push({
      signedError: measured / 1000 / estimated - 1,
      source: c.source,
      moe: c.moe,
    });
  }
  return out;
}
