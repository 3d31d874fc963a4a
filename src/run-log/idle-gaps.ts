/**
 * Idle gaps: runs of samples where the GPU waits (utilisation under IDLE_UTIL_PCT), and what
 * their pattern in the steady window says. Gaps that recur at a steady period point to
 * data loading or checkpoints; irregular ones to disk, network or synchronisation stalls.
 */
import type { Finding, FindingCode } from "./findings.ts";
import { safeDiv } from "./ratio.ts";
import { finite, maxOf, mean } from "./stats.ts";
import { IDLE_UTIL_PCT, median } from "./steady-state.ts";
import type { GpuSample } from "./types.ts";

/** Idle gaps needed in the steady window before they count as a pattern. */
export const MIN_GAPS_FOR_PATTERN = 3;
/** Gap-start intervals with a coefficient of variation below this are periodic. */
export const PERIODIC_CV = 0.35;
/** Idle time share of the steady window above which non-periodic gaps are reported. */
export const IDLE_SHARE_REPORT = 0.05;

export interface IdleGap {
  startSeconds: number;
  endSeconds: number;
  durationSeconds: number;
  phase: "warmup" | "steady" | "tail";
}

/**
 * Runs of consecutive samples with utilisation below IDLE_UTIL_PCT. A gap lasts from its first
 * idle sample to the next busy one (or one interval past its last sample at the end of the log).
 */
export function findIdleGaps(
  samples: readonly GpuSample[],
  t0: number,
  intervalSeconds: number,
  steadyStart: number,
  steadyEnd: number,
): IdleGap[] {
  const gaps: IdleGap[] = [];
  let open = -1;
  const close = (endEpoch: number): void => {
    const s = (samples[open] as GpuSample).epochSeconds;
    const startSeconds = s - t0;
    const endSeconds = endEpoch - t0;
    const phase = s < steadyStart ? "warmup" : s > steadyEnd ? "tail" : "steady";
    gaps.push({
      startSeconds,
      endSeconds,
      durationSeconds: Math.max(0, endSeconds - startSeconds),
      phase,
    });
    open = -1;
  };
  for (let i = 0; i < samples.length; i++) {
    const u = (samples[i] as GpuSample).utilizationPct;
    if (u === null) continue;
    if (u < IDLE_UTIL_PCT) {
      if (open === -1) open = i;
    } else if (open !== -1) close((samples[i] as GpuSample).epochSeconds);
  }
  if (open !== -1) close((samples[samples.length - 1] as GpuSample).epochSeconds + intervalSeconds);
  return gaps;
}

/** What the steady window's gaps say: periodic stalls, irregular ones, or nothing. */
export function gapFinding(
  gaps: readonly IdleGap[],
  windowSeconds: number,
): { code: FindingCode; params: Finding["params"] } | null {
  const steady = gaps.filter((g) => g.phase === "steady");
  const idleSeconds = steady.reduce((a, g) => a + g.durationSeconds, 0);
  const idleSharePct = finite(safeDiv(idleSeconds, windowSeconds) * 100);
  const durations = steady.map((g) => g.durationSeconds);
  const irregular =
    steady.length > 0 && idleSharePct >= IDLE_SHARE_REPORT * 100
      ? {
          code: "idle-gaps" as const,
          params: { gapCount: steady.length, longestGapSeconds: maxOf(durations), idleSharePct },
        }
      : null;
  if (steady.length < MIN_GAPS_FOR_PATTERN) return irregular;
  const periods: number[] = [];
  for (let i = 1; i < steady.length; i++)
    periods.push((steady[i] as IdleGap).startSeconds - (steady[i - 1] as IdleGap).startSeconds);
  const pMean = mean(periods) ?? 0;
  const pVar = mean(periods.map((p) => (p - pMean) ** 2)) ?? 0;
  const cv = safeDiv(Math.sqrt(pVar), pMean, Infinity);
  if (cv >= PERIODIC_CV) return irregular;
  return {
    code: "periodic-idle-gaps",
    params: {
      gapCount: steady.length,
      medianGapSeconds: median(durations) ?? 0,
      periodSeconds: median(periods) ?? 0,
      idleSharePct,
    },
  };
}
