/**
 * The steady rate of a log's readings, with the warm-up dropped by the same rule the GPU
 * analysis uses (`../steady-state.ts`): the guides teach to run a while, drop the first
 * minutes, and measure the steady part, and a throughput series has the same shape as a
 * utilisation one (a ramp, a plateau, a tail).
 *
 * Each reading's rate is put on the percent scale the rule expects: 100 × rate ÷ the median
 * rate of the later half of the readings (where a run is loaded), so the rule's ±15-point band
 * is ±15 % of the running rate and its idle threshold (10 %) marks pauses. The rule smooths and
 * holds over seconds of the log's own clock.
 *
 * One addition for coarse series: the window's edges are trimmed past readings whose own rate
 * is below the band (see `fitSteadyRate`).
 *
 * Inside the window the rate is the sum of work over the sum of seconds of the busy readings:
 * readings below the idle threshold (a checkpoint save, a server with no requests) are left out
 * and counted as pauses, so the figure is what the job does while it works.
 */
import { detectSteadyState, IDLE_UTIL_PCT, median, UTIL_BAND_PCT } from "../steady-state.ts";
import type { GpuSample } from "../types.ts";
import type { CountSummary, LineValue, SteadyWindow } from "./types.ts";

/** One reading: `amount` of work (tokens, samples, steps…) done in `seconds`, ending at `tSeconds`. */
export interface RateReading {
  line: number;
  /** The log's clock at the reading, seconds (only differences matter). */
  tSeconds: number;
  amount: number;
  seconds: number;
}

export interface SteadyFit {
  window: SteadyWindow;
  /** Index range of the window in the readings, inclusive. */
  startIndex: number;
  endIndex: number;
  /** Per reading: counted in the rate (in the window and not idle). */
  counted: boolean[];
  /** Sum of work over sum of seconds of the counted readings. */
  perSecond: number;
}

const rateOf = (r: RateReading): number => (r.seconds > 0 ? r.amount / r.seconds : 0);

/** Fit the steady window of time-ordered readings; null when there are none. */
export function fitSteadyRate(readings: readonly RateReading[]): SteadyFit | null {
  const n = readings.length;
  if (n === 0) return null;
  const rates = readings.map(rateOf);
  const reference = median(rates.slice(n >> 1).filter((r) => r > 0)) ?? 0;
  const pct = rates.map((r) => (reference > 0 ? (100 * r) / reference : 0));
  const samples: GpuSample[] = readings.map((r, i) => ({
    line: r.line,
    epochSeconds: r.tSeconds,
    memoryUsedMiB: null,
    memoryTotalMiB: null,
    utilizationPct: pct[i] as number,
    powerW: null,
  }));
  const st = detectSteadyState(samples);
  let startIndex = st.startIndex;
  let endIndex = Math.min(st.endIndex, n - 1);
  // The rule smooths over 30 seconds, which for GPU samples a second apart is 30 samples but
  // for log lines 10 seconds apart is three: one slow first interval (compilation, the first
  // requests) can pull its neighbours' mean into the band and itself into the window. Trim
  // edges whose own rate is below the band (above it is fine, as in the rule).
  if (st.found && st.referenceUtilPct !== null) {
    const floor = st.referenceUtilPct - UTIL_BAND_PCT;
    while (startIndex < endIndex && (pct[startIndex] as number) < floor) startIndex++;
    while (endIndex > startIndex && (pct[endIndex] as number) < floor) endIndex--;
  }
  const counted = new Array<boolean>(n).fill(false);
  let amount = 0;
  let seconds = 0;
  let paused = 0;
  let pausedSeconds = 0;
  for (let i = startIndex; i <= endIndex; i++) {
    const r = readings[i] as RateReading;
    if ((pct[i] as number) >= IDLE_UTIL_PCT) {
      counted[i] = true;
      amount += r.amount;
      seconds += r.seconds;
    } else {
      paused++;
      if (i > 0)
        pausedSeconds += Math.max(0, r.tSeconds - (readings[i - 1] as RateReading).tSeconds);
    }
  }
  const first = readings[0] as RateReading;
  const last = readings[n - 1] as RateReading;
  const a = readings[startIndex] as RateReading;
  const b = readings[endIndex] as RateReading;
  const perSecond = seconds > 0 && Number.isFinite(amount / seconds) ? amount / seconds : 0;
  return {
    window: {
      found: st.found,
      startLine: a.line,
      endLine: b.line,
      warmupSeconds: a.tSeconds - first.tSeconds,
      windowSeconds: b.tSeconds - a.tSeconds,
      tailSeconds: last.tSeconds - b.tSeconds,
      readings: endIndex - startIndex + 1,
      pausedReadings: paused,
      pausedSeconds,
    },
    startIndex,
    endIndex,
    counted,
    perSecond,
  };
}

/** The mean of another series read on the same lines, over the readings `fit` counted. */
export function meanOverFit(values: readonly number[], fit: SteadyFit): number {
  let sum = 0;
  let k = 0;
  for (let i = fit.startIndex; i <= fit.endIndex; i++) {
    if (!fit.counted[i]) continue;
    const v = values[i];
    if (v === undefined) continue;
    sum += v;
    k++;
  }
  return k > 0 ? sum / k : 0;
}

/** A cumulative counter read at times: steps done, tokens seen. */
export interface CounterPoint {
  line: number;
  tSeconds: number;
  count: number;
}

/**
 * Shortest interval a counter reading spans, seconds. Counters printed with a 1-second clock
 * (tqdm's elapsed, LLaMA-Factory's elapsed_time) would make a one-step interval read as 0 or 2
 * steps a second; over 10 seconds the clock's rounding moves a rate by 10 % at most.
 */
export const COUNTER_MIN_INTERVAL_SECONDS = 10;

/** Turn a counter into interval readings of at least COUNTER_MIN_INTERVAL_SECONDS each. */
export function counterReadings(points: readonly CounterPoint[]): RateReading[] {
  const out: RateReading[] = [];
  let from = points[0];
  if (from === undefined) return out;
  for (let i = 1; i < points.length; i++) {
    const p = points[i] as CounterPoint;
    const seconds = p.tSeconds - from.tSeconds;
    if (seconds < COUNTER_MIN_INTERVAL_SECONDS && i < points.length - 1) continue;
    if (seconds <= 0) continue;
    out.push({
      line: p.line,
      tSeconds: p.tSeconds,
      amount: Math.max(0, p.count - from.count),
      seconds,
    });
    from = p;
  }
  return out;
}

/** Max over all values, median over those a fit's window holds (all when `fit` is null). */
export function summarizeCounts(
  values: readonly LineValue[],
  inWindow: ((v: LineValue) => boolean) | null,
): CountSummary | null {
  if (values.length === 0) return null;
  let best = values[0] as LineValue;
  for (const v of values) if (v.value > best.value) best = v;
  const windowed = inWindow ? values.filter(inWindow) : values;
  return {
    max: best.value,
    maxLine: best.line,
    median: median((windowed.length > 0 ? windowed : values).map((v) => v.value)),
    mean: null,
    readings: values.length,
  };
}
