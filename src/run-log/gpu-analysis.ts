/**
 * One GPU's log as measurements: peak memory and when it was reached, the steady window,
 * utilisation and power, idle gaps, and what they suggest (findings). The memory to rent
 * from the peak is the `measured-run` task's (`sizing.ts`), as on every calculator.
 */
import { BYTES_PER_MIB, SECONDS_PER_HOUR } from "../estimate/units.ts";
import type { Finding } from "./findings.ts";
import { findingsOf } from "./findings.ts";
import type { HistogramBucket } from "./histogram.ts";
import { utilHistogram } from "./histogram.ts";
import type { IdleGap } from "./idle-gaps.ts";
import { findIdleGaps, gapFinding } from "./idle-gaps.ts";
import { safeDiv } from "./ratio.ts";
import { finite, maxOf, mean, present } from "./stats.ts";
import type { SteadyState } from "./steady-state.ts";
import { detectSteadyState, median } from "./steady-state.ts";
import type { GpuSample, GpuSeries } from "./types.ts";

/** Steady-state mean utilisation below this is `low-util-steady`, percent. */
export const LOW_UTIL_PCT = 70;
/** Steady-state mean utilisation at or above this gives `high-util-check-throughput`, percent. */
export const HIGH_UTIL_PCT = 90;
/** Peak memory at or above this share of the GPU's total is `memory-near-capacity`. */
export const NEAR_CAPACITY_SHARE = 0.9;
/** Warm-up longer than this and than LONG_WARMUP_SHARE of the run is `long-warmup`. */
export const LONG_WARMUP_SECONDS = 120;
export const LONG_WARMUP_SHARE = 0.2;
/**
 * Memory growing more than this share across the steady window (median of its last tenth over
 * median of its first tenth) is `memory-growing`: the seed's hint to look for leaks.
 */
export const MEMORY_GROWTH_SHARE = 0.05;
/** A GPU whose utilisation never reaches this is `gpu-unused`, percent. */
export const UNUSED_MAX_UTIL_PCT = 5;

export interface GpuAnalysis {
  index: number;
  name: string | null;
  memoryTotalMiB: number | null;
  sampleCount: number;
  /** Median spacing between samples, seconds. */
  intervalSeconds: number;
  peakMemoryMiB: number;
  peakMemoryBytes: number;
  /** Seconds since the run start when the peak was first reached. */
  peakAtSeconds: number;
  /** Utilisation never reached UNUSED_MAX_UTIL_PCT: this GPU did no work. */
  unused: boolean;
  /** Window start/end in seconds since the run start, plus the detector's details. */
  steady: SteadyState & { startSeconds: number; endSeconds: number };
  meanUtilPct: number;
  meanUtilSteadyPct: number;
  meanPowerSteadyW: number | null;
  peakPowerW: number | null;
  utilHistogram: HistogramBucket[];
  utilHistogramSteady: HistogramBucket[];
  idleGaps: IdleGap[];
  findings: Finding[];
}

function medianInterval(samples: readonly GpuSample[]): number {
  const dts: number[] = [];
  for (let i = 1; i < samples.length; i++) {
    const d = (samples[i] as GpuSample).epochSeconds - (samples[i - 1] as GpuSample).epochSeconds;
    if (d > 0) dts.push(d);
  }
  return median(dts) ?? 1;
}

/** The steady window's memory grew: median of its last tenth over its first tenth. */
function memoryGrowth(steadySamples: readonly GpuSample[], windowSeconds: number) {
  const mem = present(steadySamples.map((s) => s.memoryUsedMiB));
  const tenth = Math.max(1, Math.floor(mem.length / 10));
  const firstMem = median(mem.slice(0, tenth));
  const lastMem = median(mem.slice(-tenth));
  if (firstMem === null || lastMem === null || !(firstMem > 0)) return null;
  if (!(lastMem - firstMem > MEMORY_GROWTH_SHARE * firstMem)) return null;
  return {
    startMiB: firstMem,
    endMiB: lastMem,
    growthMiBPerHour: finite(safeDiv(lastMem - firstMem, windowSeconds) * SECONDS_PER_HOUR),
  };
}

export function analyzeGpu(series: GpuSeries, t0: number): GpuAnalysis {
  const samples = series.samples;
  const { list: findings, warn, info } = findingsOf(series.index);
  const intervalSeconds = medianInterval(samples);

  let peak = 0;
  let peakAt = samples[0]?.epochSeconds ?? t0;
  let peakPower: number | null = null;
  for (const s of samples) {
    if (s.memoryUsedMiB !== null && s.memoryUsedMiB > peak) {
      peak = s.memoryUsedMiB;
      peakAt = s.epochSeconds;
    }
    if (s.powerW !== null && (peakPower === null || s.powerW > peakPower)) peakPower = s.powerW;
  }
  const total = series.memoryTotalMiB;
  const st = detectSteadyState(samples);
  const steadySamples = samples.slice(st.startIndex, st.endIndex + 1);
  const utilAll = present(samples.map((s) => s.utilizationPct));
  const utilSteady = present(steadySamples.map((s) => s.utilizationPct));
  const meanUtilSteadyPct = mean(utilSteady) ?? 0;
  const idleGaps = findIdleGaps(
    samples,
    t0,
    intervalSeconds,
    st.startEpochSeconds,
    st.endEpochSeconds,
  );
  const first = samples[0];
  const last = samples[samples.length - 1];
  const runSeconds = first && last ? last.epochSeconds - first.epochSeconds : 0;
  const maxU = maxOf(utilAll);

  const unused = utilAll.length > 0 && maxU < UNUSED_MAX_UTIL_PCT;
  if (unused) warn("gpu-unused", { maxUtilPct: maxU });
  if (total !== null && peak >= NEAR_CAPACITY_SHARE * total)
    warn("memory-near-capacity", {
      peakMiB: peak,
      totalMiB: total,
      usedPct: finite(safeDiv(peak, total) * 100),
    });
  if (!unused) {
    if (!st.found) warn("no-steady-state", { reason: st.reason ?? "" });
    else {
      if (
        st.warmupSeconds > LONG_WARMUP_SECONDS &&
        st.warmupSeconds > LONG_WARMUP_SHARE * runSeconds
      )
        info("long-warmup", {
          warmupSeconds: st.warmupSeconds,
          runSeconds,
          sharePct: finite(safeDiv(st.warmupSeconds, runSeconds) * 100),
        });
      const growth = memoryGrowth(steadySamples, st.windowSeconds);
      if (growth) warn("memory-growing", growth);
    }
    if (utilSteady.length > 0) {
      if (meanUtilSteadyPct < LOW_UTIL_PCT)
        warn("low-util-steady", { meanUtilPct: meanUtilSteadyPct, thresholdPct: LOW_UTIL_PCT });
      else if (meanUtilSteadyPct >= HIGH_UTIL_PCT)
        info("high-util-check-throughput", { meanUtilPct: meanUtilSteadyPct });
    }
    const gaps = gapFinding(idleGaps, st.windowSeconds);
    if (gaps) warn(gaps.code, gaps.params);
  }

  return {
    index: series.index,
    name: series.name,
    memoryTotalMiB: total,
    sampleCount: samples.length,
    intervalSeconds,
    peakMemoryMiB: peak,
    peakMemoryBytes: peak * BYTES_PER_MIB,
    peakAtSeconds: peakAt - t0,
    unused,
    steady: { ...st, startSeconds: st.startEpochSeconds - t0, endSeconds: st.endEpochSeconds - t0 },
    meanUtilPct: mean(utilAll) ?? 0,
    meanUtilSteadyPct,
    meanPowerSteadyW: mean(present(steadySamples.map((s) => s.powerW))),
    peakPowerW: peakPower,
    utilHistogram: utilHistogram(samples),
    utilHistogramSteady: utilHistogram(steadySamples),
    idleGaps,
    findings,
  };
}
