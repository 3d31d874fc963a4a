/**
 * Warm-up and steady-state detection for one GPU's samples. The seed (000_b78667d6c2b187ba,
 * "第二步：记录有效吞吐") says to run 10-30 minutes, drop the warm-up, then compute throughput.
 *
 * The rule, in order:
 * 1. Smooth utilisation with a centred rolling mean over ROLLING_WINDOW_SECONDS (so a job that
 *    alternates busy and stalled seconds still has a steady mean).
 * 2. Reference level: take the samples where the job is loaded (memory ≥ LOADED_MEMORY_SHARE of
 *    the peak; all samples when memory is unknown), keep the later half of them in time, and use
 *    the median smoothed utilisation and the median memory of those.
 * 3. A sample is "in band" when its smoothed utilisation is within ±UTIL_BAND_PCT points of the
 *    reference and its memory is at least (1 − MEMORY_BAND_SHARE) × the reference memory.
 * 4. The steady window starts at the first sample from which the band holds for HOLD_SECONDS
 *    (capped at HOLD_SHARE of the log's length for short logs), then moved to the first busy
 *    sample (utilisation ≥ IDLE_UTIL_PCT); it ends at the last such sample, found the same way
 *    from the end. Since smoothing blurs the edges inwards, each edge is then walked outwards
 *    over neighbouring samples whose own utilisation is at least the reference − UTIL_BAND_PCT
 *    (busier than the reference is fine: a bursty job's busy seconds are above its mean) and
 *    whose memory is in band. Before it is warm-up; after it, the tail (shutdown, evaluation, idling).
 * Fewer than MIN_SAMPLES samples: no window (`found: false`, reason "too-few-samples").
 */
import type { GpuSample } from "./types.ts";

export const ROLLING_WINDOW_SECONDS = 30;
export const UTIL_BAND_PCT = 15;
/**
 * Memory must be at least (1 − this) × the reference: loose enough that a slow leak does not
 * count as warm-up (gpu-analysis.ts reports it as memory-growing), tight enough to cut the
 * model-loading ramp.
 */
export const MEMORY_BAND_SHARE = 0.2;
export const LOADED_MEMORY_SHARE = 0.5;
export const HOLD_SECONDS = 60;
export const HOLD_SHARE = 0.1;
export const MIN_SAMPLES = 10;
/** Utilisation below this is idle, percent (also the idle-gap threshold in idle-gaps.ts). */
export const IDLE_UTIL_PCT = 10;

export interface SteadyState {
  found: boolean;
  /** Why no window was found. */
  reason: "too-few-samples" | "no-stable-band" | null;
  /** Sample indices of the window, inclusive; the whole log when not found. */
  startIndex: number;
  endIndex: number;
  startEpochSeconds: number;
  endEpochSeconds: number;
  /** Seconds from the first sample to the window start. */
  warmupSeconds: number;
  /** Seconds from the window end to the last sample. */
  tailSeconds: number;
  windowSeconds: number;
  referenceUtilPct: number | null;
  referenceMemoryMiB: number | null;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1
    ? (s[mid] as number)
    : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Centred rolling mean of utilisation over `windowSeconds`; null where no reading is in reach. */
export function rollingUtilization(
  samples: readonly GpuSample[],
  windowSeconds = ROLLING_WINDOW_SECONDS,
): (number | null)[] {
  const half = windowSeconds / 2;
  const out: (number | null)[] = [];
  let lo = 0;
  let hi = 0; // exclusive
  let sum = 0;
  let count = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = (samples[i] as GpuSample).epochSeconds;
    while (hi < samples.length && (samples[hi] as GpuSample).epochSeconds <= t + half) {
      const u = (samples[hi] as GpuSample).utilizationPct;
      if (u !== null) {
        sum += u;
        count++;
      }
      hi++;
    }
    while (lo < hi && (samples[lo] as GpuSample).epochSeconds < t - half) {
      const u = (samples[lo] as GpuSample).utilizationPct;
      if (u !== null) {
        sum -= u;
        count--;
      }
      lo++;
    }
    out.push(count > 0 ? Math.max(0, sum / count) : null);
  }
  return out;
}

function whole(samples: readonly GpuSample[], reason: SteadyState["reason"]): SteadyState {
  const first = samples[0]?.epochSeconds ?? 0;
  const last = samples[samples.length - 1]?.epochSeconds ?? first;
  return {
    found: false,
    reason,
    startIndex: 0,
    endIndex: Math.max(0, samples.length - 1),
    startEpochSeconds: first,
    endEpochSeconds: last,
    warmupSeconds: 0,
    tailSeconds: 0,
    windowSeconds: last - first,
    referenceUtilPct: null,
    referenceMemoryMiB: null,
  };
}

/** Detect the steady-state window of one GPU's time-sorted samples (see the module comment). */
export function detectSteadyState(samples: readonly GpuSample[]): SteadyState {
  const n = samples.length;
  if (n < MIN_SAMPLES) return whole(samples, "too-few-samples");
  const t = samples.map((s) => s.epochSeconds);
  const first = t[0] as number;
  const last = t[n - 1] as number;
  const rolling = rollingUtilization(samples);

  let peakMem = 0;
  for (const s of samples)
    if (s.memoryUsedMiB !== null && s.memoryUsedMiB > peakMem) peakMem = s.memoryUsedMiB;
  const loaded: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = (samples[i] as GpuSample).memoryUsedMiB;
    if (peakMem <= 0 || (m !== null && m >= LOADED_MEMORY_SHARE * peakMem)) loaded.push(i);
  }
  const later = loaded.slice(loaded.length >> 1);
  const refUtil = median(
    later.map((i) => rolling[i]).filter((v): v is number => v !== null && v !== undefined),
  );
  const refMem = median(
    later
      .map((i) => (samples[i] as GpuSample).memoryUsedMiB)
      .filter((v): v is number => v !== null),
  );

  const inBand: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const r = rolling[i];
    const m = (samples[i] as GpuSample).memoryUsedMiB;
    const utilOk =
      refUtil === null || r === null || r === undefined || Math.abs(r - refUtil) <= UTIL_BAND_PCT;
    const memOk =
      refMem === null || refMem <= 0 || (m !== null && m >= (1 - MEMORY_BAND_SHARE) * refMem);
    inBand.push(utilOk && memOk);
  }
  const hold = Math.min(HOLD_SECONDS, HOLD_SHARE * (last - first));

  // Forward: first i whose in-band run lasts `hold` seconds or reaches the end.
  let start = -1;
  for (let i = 0, runStart = -1; i < n; i++) {
    if (!inBand[i]) {
      runStart = -1;
      continue;
    }
    if (runStart === -1) runStart = i;
    if ((t[i] as number) - (t[runStart] as number) >= hold || i === n - 1) {
      start = runStart;
      break;
    }
  }
  let end = -1;
  for (let i = n - 1, runEnd = -1; i >= 0; i--) {
    if (!inBand[i]) {
      runEnd = -1;
      continue;
    }
    if (runEnd === -1) runEnd = i;
    if ((t[runEnd] as number) - (t[i] as number) >= hold || i === 0) {
      end = runEnd;
      break;
    }
  }
  const busy = (i: number): boolean => {
    const u = (samples[i] as GpuSample).utilizationPct;
    return u === null || u >= IDLE_UTIL_PCT;
  };
  // Smoothing blurs the edges inwards by up to half a window: walk back out over samples whose
  // own utilisation (at least the band's floor) and memory are in band.
  const rawInBand = (i: number): boolean => {
    const s = samples[i] as GpuSample;
    const utilOk =
      refUtil === null || s.utilizationPct === null || s.utilizationPct >= refUtil - UTIL_BAND_PCT;
    const memOk =
      refMem === null ||
      refMem <= 0 ||
      (s.memoryUsedMiB !== null && s.memoryUsedMiB >= (1 - MEMORY_BAND_SHARE) * refMem);
    return utilOk && memOk;
  };
  if (start !== -1 && end !== -1) {
    while (start > 0 && rawInBand(start - 1)) start--;
    while (end < n - 1 && rawInBand(end + 1)) end++;
    while (start < end && !busy(start)) start++;
    while (end > start && !busy(end)) end--;
  }
  if (start === -1 || end === -1 || end <= start)
    return {
      ...whole(samples, "no-stable-band"),
      referenceUtilPct: refUtil,
      referenceMemoryMiB: refMem,
    };
  const ts = t[start] as number;
  const te = t[end] as number;
  return {
    found: true,
    reason: null,
    startIndex: start,
    endIndex: end,
    startEpochSeconds: ts,
    endEpochSeconds: te,
    warmupSeconds: ts - first,
    tailSeconds: last - te,
    windowSeconds: te - ts,
    referenceUtilPct: refUtil,
    referenceMemoryMiB: refMem,
  };
}
