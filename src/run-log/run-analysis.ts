/**
 * A whole log as measurements: every GPU's analysis (`gpu-analysis.ts`), the run's steady
 * window (where every busy GPU is steady), and what the run as a whole suggests. This is the
 * part of the analysis that depends on nothing but the log, done once per file.
 */
import type { Finding } from "./findings.ts";
import type { GpuAnalysis } from "./gpu-analysis.ts";
import { analyzeGpu } from "./gpu-analysis.ts";
import { finite, maxOf, minOf } from "./stats.ts";
import type { GpuSample, ParsedLog } from "./types.ts";

/** The seed's shortest measurement ("连续运行10至30分钟"): shorter logs give `short-run`. */
export const MIN_RUN_SECONDS = 600;
/** Steady mean utilisation spread across GPUs above this is `imbalanced-gpus`, points. */
export const IMBALANCE_PCT = 25;

export interface RunAnalysis {
  /** Epoch seconds of the first sample; every `...Seconds` below is relative to it. */
  startEpochSeconds: number;
  durationSeconds: number;
  /** The log's GPUs with samples, in its order. */
  gpus: GpuAnalysis[];
  /** The run's steady window: the intersection of the busy GPUs' windows (whole run if none). */
  steadyStartSeconds: number;
  steadyEndSeconds: number;
  /** What the run as a whole suggests; each GPU's own findings are on the GPU. */
  runFindings: Finding[];
}

const run = (code: Finding["code"], severity: Finding["severity"], params: Finding["params"]) => ({
  code,
  severity,
  gpuIndex: null,
  params,
});

/** Analyse every GPU of a parsed log. */
export function analyzeRun(log: ParsedLog): RunAnalysis {
  const withSamples = log.gpus.filter((g) => g.samples.length > 0);
  let t0 = Infinity;
  let tEnd = -Infinity;
  for (const g of withSamples) {
    t0 = Math.min(t0, (g.samples[0] as GpuSample).epochSeconds);
    tEnd = Math.max(tEnd, (g.samples[g.samples.length - 1] as GpuSample).epochSeconds);
  }
  if (withSamples.length === 0)
    return {
      startEpochSeconds: 0,
      durationSeconds: 0,
      gpus: [],
      steadyStartSeconds: 0,
      steadyEndSeconds: 0,
      runFindings: [run("no-samples", "warn", { malformedCount: log.malformedCount })],
    };
  const gpus = withSamples.map((g) => analyzeGpu(g, t0));
  const durationSeconds = finite(tEnd - t0);
  const busy = gpus.filter((g) => !g.unused && g.steady.found);
  let steadyStart = busy.length > 0 ? maxOf(busy.map((g) => g.steady.startSeconds)) : 0;
  let steadyEnd = busy.length > 0 ? minOf(busy.map((g) => g.steady.endSeconds)) : durationSeconds;
  if (!(steadyEnd > steadyStart)) {
    steadyStart = 0;
    steadyEnd = durationSeconds;
  }
  const runFindings: Finding[] = [];
  if (durationSeconds < MIN_RUN_SECONDS)
    runFindings.push(run("short-run", "info", { durationSeconds, minSeconds: MIN_RUN_SECONDS }));
  if (busy.length >= 2) {
    const means = busy.map((g) => g.meanUtilSteadyPct);
    const lo = minOf(means);
    const hi = maxOf(means);
    if (hi - lo > IMBALANCE_PCT)
      runFindings.push(run("imbalanced-gpus", "warn", { minMeanUtilPct: lo, maxMeanUtilPct: hi }));
  }
  return {
    startEpochSeconds: t0,
    durationSeconds,
    gpus,
    steadyStartSeconds: steadyStart,
    steadyEndSeconds: steadyEnd,
    runFindings,
  };
}
