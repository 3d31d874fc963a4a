/**
 * Chart data: a GPU's samples reduced to at most `maxPoints` buckets (min, max and mean per
 * bucket) so an SVG stays small for hour-long logs. Times in seconds since `startEpochSeconds`.
 */
import type { GpuSample } from "./types.ts";

export const DEFAULT_TIMELINE_POINTS = 600;

export interface TimelinePoint {
  /** Bucket midpoint, seconds since the run start. */
  seconds: number;
  memoryUsedMiBMax: number | null;
  utilizationPctMean: number | null;
  utilizationPctMin: number | null;
  utilizationPctMax: number | null;
}

export function downsampleTimeline(
  samples: readonly GpuSample[],
  startEpochSeconds: number,
  maxPoints = DEFAULT_TIMELINE_POINTS,
): TimelinePoint[] {
  const n = samples.length;
  if (n === 0) return [];
  const buckets = Math.max(
    1,
    Math.min(n, Number.isFinite(maxPoints) ? Math.floor(maxPoints) : DEFAULT_TIMELINE_POINTS),
  );
  const per = n / buckets;
  const out: TimelinePoint[] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * per);
    const to = Math.max(from + 1, Math.floor((b + 1) * per));
    let mem: number | null = null;
    let uSum = 0;
    let uCount = 0;
    let uMin: number | null = null;
    let uMax: number | null = null;
    for (let i = from; i < to && i < n; i++) {
      const s = samples[i] as GpuSample;
      if (s.memoryUsedMiB !== null && (mem === null || s.memoryUsedMiB > mem))
        mem = s.memoryUsedMiB;
      const u = s.utilizationPct;
      if (u !== null) {
        uSum += u;
        uCount++;
        if (uMin === null || u < uMin) uMin = u;
        if (uMax === null || u > uMax) uMax = u;
      }
    }
    const first = samples[from] as GpuSample;
    const last = samples[Math.min(n, to) - 1] as GpuSample;
    out.push({
      seconds: (first.epochSeconds + last.epochSeconds) / 2 - startEpochSeconds,
      memoryUsedMiBMax: mem,
      utilizationPctMean: uCount > 0 ? uSum / uCount : null,
      utilizationPctMin: uMin,
      utilizationPctMax: uMax,
    });
  }
  return out;
}
