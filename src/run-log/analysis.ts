/**
 * From a parsed log to the numbers that decide a rental: per GPU the peak memory, the memory
 * to rent with a headroom (15-25% recommended by the article "GPU计算节点租用前如何估算实际算力需求？",
 * section "第一步：确认显存下限"), the
 * smallest catalog GPU that fits, utilisation distribution, idle gaps, steady-state mean and
 * effective throughput; plus findings as codes with parameters for the UI to translate.
 */
import type { GpuSpec } from "../estimate/gpu.ts";
import { BYTES_PER_GB, BYTES_PER_MIB, SECONDS_PER_HOUR } from "../estimate/units.ts";
import { safeDiv } from "./ratio.ts";
import { detectSteadyState, IDLE_UTIL_PCT, median } from "./steady-state.ts";
import type { SteadyState } from "./steady-state.ts";
import type { GpuSample, GpuSeries, ParsedLog, ProgressPoint } from "./types.ts";

/**
 * The recommended headroom range (the article "GPU计算节点租用前如何估算实际算力需求？":
 * "额外保留约15%至25%的空间") and the default in between. Any headroom from 0 to 100% is
 * accepted (a user who knows their job may want less or more); the range is advice.
 */
export const HEADROOM_MIN = 0.15;
export const HEADROOM_MAX = 0.25;
export const HEADROOM_DEFAULT = 0.2;
/** The headroom a request may ask for: 0 to 100% of the measured peak. */
export const HEADROOM_LIMIT = 1;
/** Width of a utilisation histogram bucket, percent. */
export const HISTOGRAM_BUCKET_PCT = 10;
/** Steady-state mean utilisation below this is `low-util-steady`, percent. */
export const LOW_UTIL_PCT = 70;
/** Steady-state mean utilisation at or above this gives `high-util-check-throughput`, percent. */
export const HIGH_UTIL_PCT = 90;
/** Peak memory at or above this share of the GPU's total is `memory-near-capacity`. */
export const NEAR_CAPACITY_SHARE = 0.9;
/** Idle gaps needed in the steady window before they count as a pattern. */
export const MIN_GAPS_FOR_PATTERN = 3;
/** Gap-start intervals with a coefficient of variation below this are periodic. */
export const PERIODIC_CV = 0.35;
/** Idle time share of the steady window above which non-periodic gaps are reported. */
export const IDLE_SHARE_REPORT = 0.05;
/** Warm-up longer than this and than LONG_WARMUP_SHARE of the run is `long-warmup`. */
export const LONG_WARMUP_SECONDS = 120;
export const LONG_WARMUP_SHARE = 0.2;
/** The seed's shortest measurement ("连续运行10至30分钟"): shorter logs give `short-run`. */
export const MIN_RUN_SECONDS = 600;
/**
 * Memory growing more than this share across the steady window (median of its last tenth over
 * median of its first tenth) is `memory-growing`: the seed's hint to look for leaks.
 */
export const MEMORY_GROWTH_SHARE = 0.05;
/**
 * A catalog GPU counts as smaller than the measured one below this share of its memory.total.
 * Two GPUs sold at the same size differ by up to 1/16 (ECC on or off: 46068 vs 49140 MiB for
 * a "48 GB" card) plus a few MiB, so only a gap wider than that is a smaller card.
 */
export const SMALLER_GPU_SHARE = 0.9;
/** A GPU whose utilisation never reaches this is `gpu-unused`, percent. */
export const UNUSED_MAX_UTIL_PCT = 5;
/** Steady mean utilisation spread across GPUs above this is `imbalanced-gpus`, points. */
export const IMBALANCE_PCT = 25;

export type FindingCode =
  | "no-samples"
  | "short-run"
  | "no-steady-state"
  | "long-warmup"
  | "low-util-steady"
  | "high-util-check-throughput"
  | "periodic-idle-gaps"
  | "idle-gaps"
  | "memory-near-capacity"
  | "recommended-exceeds-gpu"
  | "smaller-gpu-fits"
  | "no-catalog-gpu-fits"
  | "memory-growing"
  | "memory-total-unknown"
  | "gpu-unused"
  | "imbalanced-gpus"
  | "throughput-includes-warmup";

export interface Finding {
  code: FindingCode;
  severity: "info" | "warn";
  /** The GPU the finding is about; null for the run as a whole. */
  gpuIndex: number | null;
  params: Record<string, number | string>;
}

export interface HistogramBucket {
  fromPct: number;
  /** Exclusive, except the last bucket which includes 100. */
  toPct: number;
  samples: number;
  share: number;
}

export interface IdleGap {
  startSeconds: number;
  endSeconds: number;
  durationSeconds: number;
  phase: "warmup" | "steady" | "tail";
}

export interface CatalogFit {
  id: string;
  name: string;
  /** Memory as sold, GB, for display. */
  memoryGB: number;
  /** What the fit was judged against: nvidia-smi memory.total, MiB. */
  memoryTotalMiB: number;
}

export interface MemoryRecommendation {
  headroom: number;
  mib: number;
  bytes: number;
  /** GB (1e9 bytes), the unit GPUs are sold in. */
  gb: number;
  /** At the recommended range's 15% and 25% ends. */
  lowGB: number;
  highGB: number;
}

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
  recommended: MemoryRecommendation;
  /** Smallest catalog GPU whose memory holds the recommendation; null if none (or no catalog). */
  smallestFit: CatalogFit | null;
  /** Catalog GPUs with less memory than this GPU that still hold the recommendation, smallest first. */
  smallerFits: CatalogFit[];
  /** Does this GPU's own memory hold the recommendation? null when memory.total is unknown. */
  fitsOwnMemory: boolean | null;
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

export interface WorkDone {
  amount: number;
  /** Free text shown back to the user: "samples", "tokens", "frames"... */
  unit: string;
  /** Whether `amount` was done in the steady window or over the whole run. */
  scope: "steady-window" | "whole-run";
}

export interface Throughput {
  source: "user" | "log";
  unit: string;
  amount: number;
  seconds: number;
  perSecond: number;
  perHour: number;
  scope: "steady-window" | "whole-run";
}

export interface AnalysisOptions {
  /** Clamped to [0, 1]; default 0.2 (the recommended range is [0.15, 0.25]). */
  headroom?: number;
  catalog?: readonly GpuSpec[];
  workDone?: WorkDone;
  /** Cumulative progress points (the probe's progress log); used when `workDone` is absent. */
  progress?: readonly ProgressPoint[];
  progressUnit?: string;
}

export interface RunAnalysis {
  /** Epoch seconds of the first sample; every `...Seconds` below is relative to it. */
  startEpochSeconds: number;
  durationSeconds: number;
  gpus: GpuAnalysis[];
  /** The run's steady window: the intersection of the busy GPUs' windows (whole run if none). */
  steadyStartSeconds: number;
  steadyEndSeconds: number;
  throughput: Throughput | null;
  /** Run-level findings followed by every GPU's findings. */
  findings: Finding[];
}

const fin = (x: number, fallback = 0): number => (Number.isFinite(x) ? x : fallback);

export function clampHeadroom(h: number | undefined): number {
  if (h === undefined || !Number.isFinite(h)) return HEADROOM_DEFAULT;
  return Math.min(HEADROOM_LIMIT, Math.max(0, h));
}

/** Memory to rent for a measured peak (MiB): peak × (1 + headroom). */
export function recommendMemory(
  peakMiB: number,
  headroom = HEADROOM_DEFAULT,
): MemoryRecommendation {
  const h = clampHeadroom(headroom);
  const bytes = fin(peakMiB) * BYTES_PER_MIB;
  return {
    headroom: h,
    mib: fin(peakMiB * (1 + h)),
    bytes: fin(bytes * (1 + h)),
    gb: fin((bytes * (1 + h)) / BYTES_PER_GB),
    lowGB: fin((bytes * (1 + HEADROOM_MIN)) / BYTES_PER_GB),
    highGB: fin((bytes * (1 + HEADROOM_MAX)) / BYTES_PER_GB),
  };
}

/**
 * Catalog GPUs whose memory as nvidia-smi reports it (memory.total, as in every fit check of the core) holds
 * `bytes`, smallest first (ties by id): the log's peak is an nvidia-smi figure too.
 */
export function catalogFits(bytes: number, catalog: readonly GpuSpec[]): CatalogFit[] {
  return catalog
    .filter((g) => g.memoryTotalBytes >= bytes)
    .sort(
      (a, b) => a.memoryTotalBytes - b.memoryTotalBytes || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((g) => ({
      id: g.id,
      name: g.name,
      memoryGB: g.memoryGB,
      memoryTotalMiB: g.memoryTotalBytes / BYTES_PER_MIB,
    }));
}

export function utilHistogram(samples: readonly GpuSample[]): HistogramBucket[] {
  const n = Math.ceil(100 / HISTOGRAM_BUCKET_PCT);
  const counts = new Array<number>(n).fill(0);
  let total = 0;
  for (const s of samples) {
    if (s.utilizationPct === null) continue;
    const b = Math.min(n - 1, Math.floor(s.utilizationPct / HISTOGRAM_BUCKET_PCT));
    counts[b] = (counts[b] ?? 0) + 1;
    total++;
  }
  return counts.map((c, i) => ({
    fromPct: i * HISTOGRAM_BUCKET_PCT,
    toPct: Math.min(100, (i + 1) * HISTOGRAM_BUCKET_PCT),
    samples: c,
    share: safeDiv(c, total, 0),
  }));
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

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let s = 0;
  for (const v of values) s += v;
  return fin(s / values.length);
}

/** Largest value, 0 for none (a loop: spreading 100k values into Math.max overflows the stack). */
function maxOf(values: readonly number[]): number {
  let m = values.length > 0 ? (values[0] as number) : 0;
  for (const v of values) if (v > m) m = v;
  return m;
}

/** Smallest value, 0 for none. */
function minOf(values: readonly number[]): number {
  let m = values.length > 0 ? (values[0] as number) : 0;
  for (const v of values) if (v < m) m = v;
  return m;
}

function nonNull(xs: readonly (number | null)[]): number[] {
  return xs.filter((x): x is number => x !== null);
}

/** Cumulative progress at `epoch`, linearly interpolated; null outside the points' span. */
function progressAt(points: readonly ProgressPoint[], epoch: number): number | null {
  if (points.length === 0) return null;
  const first = points[0] as ProgressPoint;
  const last = points[points.length - 1] as ProgressPoint;
  if (epoch < first.epochSeconds || epoch > last.epochSeconds) return null;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as ProgressPoint;
    const b = points[i] as ProgressPoint;
    if (epoch <= b.epochSeconds)
      return (
        a.done +
        (b.done - a.done) * safeDiv(epoch - a.epochSeconds, b.epochSeconds - a.epochSeconds, 0)
      );
  }
  return last.done;
}

function analyzeGpu(series: GpuSeries, t0: number, opts: AnalysisOptions): GpuAnalysis {
  const samples = series.samples;
  const findings: Finding[] = [];
  const warn = (code: FindingCode, params: Finding["params"] = {}): void =>
    void findings.push({ code, severity: "warn", gpuIndex: series.index, params });
  const info = (code: FindingCode, params: Finding["params"] = {}): void =>
    void findings.push({ code, severity: "info", gpuIndex: series.index, params });

  const dts: number[] = [];
  for (let i = 1; i < samples.length; i++) {
    const d = (samples[i] as GpuSample).epochSeconds - (samples[i - 1] as GpuSample).epochSeconds;
    if (d > 0) dts.push(d);
  }
  const intervalSeconds = median(dts) ?? 1;

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
  const recommended = recommendMemory(peak, opts.headroom);
  const fits = opts.catalog ? catalogFits(recommended.bytes, opts.catalog) : [];
  const total = series.memoryTotalMiB;
  // Like with like: the catalog's memory.total against the one the log reports.
  const smallerFits =
    total === null ? [] : fits.filter((f) => f.memoryTotalMiB < SMALLER_GPU_SHARE * total);

  const st = detectSteadyState(samples);
  const steadySamples = samples.slice(st.startIndex, st.endIndex + 1);
  const utilAll = nonNull(samples.map((s) => s.utilizationPct));
  const utilSteady = nonNull(steadySamples.map((s) => s.utilizationPct));
  const meanUtilPct = mean(utilAll) ?? 0;
  const meanUtilSteadyPct = mean(utilSteady) ?? 0;
  const idleGaps = findIdleGaps(
    samples,
    t0,
    intervalSeconds,
    st.startEpochSeconds,
    st.endEpochSeconds,
  );
  const runSeconds =
    samples.length > 0
      ? (samples[samples.length - 1] as GpuSample).epochSeconds -
        (samples[0] as GpuSample).epochSeconds
      : 0;
  const maxU = maxOf(utilAll);

  const unused = utilAll.length > 0 && maxU < UNUSED_MAX_UTIL_PCT;
  if (unused) warn("gpu-unused", { maxUtilPct: maxU });
  if (total === null) info("memory-total-unknown");
  else {
    if (peak >= NEAR_CAPACITY_SHARE * total)
      warn("memory-near-capacity", {
        peakMiB: peak,
        totalMiB: total,
        usedPct: fin(safeDiv(peak, total) * 100),
      });
    if (recommended.mib > total)
      warn("recommended-exceeds-gpu", {
        recommendedMiB: recommended.mib,
        totalMiB: total,
        headroomPct: recommended.headroom * 100,
      });
  }
  if (opts.catalog && peak > 0) {
    const smallest = smallerFits[0];
    if (smallest)
      info("smaller-gpu-fits", {
        gpuId: smallest.id,
        gpuName: smallest.name,
        memoryGB: smallest.memoryGB,
        memoryTotalMiB: smallest.memoryTotalMiB,
        recommendedGB: recommended.gb,
      });
    if (fits.length === 0) warn("no-catalog-gpu-fits", { recommendedGB: recommended.gb });
  }
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
          sharePct: fin(safeDiv(st.warmupSeconds, runSeconds) * 100),
        });
      const mem = nonNull(steadySamples.map((s) => s.memoryUsedMiB));
      const tenth = Math.max(1, Math.floor(mem.length / 10));
      const firstMem = median(mem.slice(0, tenth));
      const lastMem = median(mem.slice(-tenth));
      if (
        firstMem !== null &&
        lastMem !== null &&
        firstMem > 0 &&
        lastMem - firstMem > MEMORY_GROWTH_SHARE * firstMem
      )
        warn("memory-growing", {
          startMiB: firstMem,
          endMiB: lastMem,
          growthMiBPerHour: fin(safeDiv(lastMem - firstMem, st.windowSeconds) * SECONDS_PER_HOUR),
        });
    }
    if (utilSteady.length > 0) {
      if (meanUtilSteadyPct < LOW_UTIL_PCT)
        warn("low-util-steady", { meanUtilPct: meanUtilSteadyPct, thresholdPct: LOW_UTIL_PCT });
      else if (meanUtilSteadyPct >= HIGH_UTIL_PCT)
        info("high-util-check-throughput", { meanUtilPct: meanUtilSteadyPct });
    }
    const steadyGaps = idleGaps.filter((g) => g.phase === "steady");
    const idleSeconds = steadyGaps.reduce((a, g) => a + g.durationSeconds, 0);
    const idleSharePct = fin(safeDiv(idleSeconds, st.windowSeconds) * 100);
    if (steadyGaps.length >= MIN_GAPS_FOR_PATTERN) {
      const periods: number[] = [];
      for (let i = 1; i < steadyGaps.length; i++)
        periods.push(
          (steadyGaps[i] as IdleGap).startSeconds - (steadyGaps[i - 1] as IdleGap).startSeconds,
        );
      const pMean = mean(periods) ?? 0;
      const pVar = mean(periods.map((p) => (p - pMean) ** 2)) ?? 0;
      const cv = safeDiv(Math.sqrt(pVar), pMean, Infinity);
      const durations = steadyGaps.map((g) => g.durationSeconds);
      if (cv < PERIODIC_CV)
        warn("periodic-idle-gaps", {
          gapCount: steadyGaps.length,
          medianGapSeconds: median(durations) ?? 0,
          periodSeconds: median(periods) ?? 0,
          idleSharePct,
        });
      else if (idleSharePct >= IDLE_SHARE_REPORT * 100)
        warn("idle-gaps", {
          gapCount: steadyGaps.length,
          longestGapSeconds: maxOf(durations),
          idleSharePct,
        });
    } else if (steadyGaps.length > 0 && idleSharePct >= IDLE_SHARE_REPORT * 100) {
      warn("idle-gaps", {
        gapCount: steadyGaps.length,
        longestGapSeconds: maxOf(steadyGaps.map((g) => g.durationSeconds)),
        idleSharePct,
      });
    }
  }

  const powerSteady = nonNull(steadySamples.map((s) => s.powerW));
  return {
    index: series.index,
    name: series.name,
    memoryTotalMiB: total,
    sampleCount: samples.length,
    intervalSeconds,
    peakMemoryMiB: peak,
    peakMemoryBytes: peak * BYTES_PER_MIB,
    peakAtSeconds: peakAt - t0,
    recommended,
    smallestFit: fits[0] ?? null,
    smallerFits,
    fitsOwnMemory: total === null ? null : recommended.mib <= total,
    steady: { ...st, startSeconds: st.startEpochSeconds - t0, endSeconds: st.endEpochSeconds - t0 },
    meanUtilPct,
    meanUtilSteadyPct,
    meanPowerSteadyW: mean(powerSteady),
    peakPowerW: peakPower,
    utilHistogram: utilHistogram(samples),
    utilHistogramSteady: utilHistogram(steadySamples),
    idleGaps,
    findings,
  };
}

/** Effective throughput from the user's work count or the log's progress points. */
export function effectiveThroughput(
  startEpoch: number,
  endEpoch: number,
  runStartEpoch: number,
  runEndEpoch: number,
  opts: AnalysisOptions,
): Throughput | null {
  const build = (
    source: Throughput["source"],
    unit: string,
    amount: number,
    seconds: number,
    scope: Throughput["scope"],
  ): Throughput | null => {
    if (!(seconds > 0) || !Number.isFinite(amount) || amount < 0) return null;
    const perSecond = fin(amount / seconds);
    return {
      source,
      unit,
      amount,
      seconds,
      perSecond,
      perHour: fin(perSecond * SECONDS_PER_HOUR),
      scope,
    };
  };
  if (opts.workDone) {
    const w = opts.workDone;
    const seconds =
      w.scope === "steady-window" ? endEpoch - startEpoch : runEndEpoch - runStartEpoch;
    return build("user", w.unit, w.amount, seconds, w.scope);
  }
  const pts = opts.progress
    ? [...opts.progress]
        .filter((p) => Number.isFinite(p.epochSeconds) && Number.isFinite(p.done))
        .sort((a, b) => a.epochSeconds - b.epochSeconds)
    : [];
  if (pts.length >= 2) {
    const a = progressAt(pts, startEpoch);
    const b = progressAt(pts, endEpoch);
    if (a !== null && b !== null && endEpoch > startEpoch)
      return build("log", opts.progressUnit ?? "", b - a, endEpoch - startEpoch, "steady-window");
    const p0 = pts[0] as ProgressPoint;
    const p1 = pts[pts.length - 1] as ProgressPoint;
    return build(
      "log",
      opts.progressUnit ?? "",
      p1.done - p0.done,
      p1.epochSeconds - p0.epochSeconds,
      "whole-run",
    );
  }
  return null;
}

/** Analyse every GPU of a parsed log. */
export function analyzeRun(log: ParsedLog, opts: AnalysisOptions = {}): RunAnalysis {
  const withSamples = log.gpus.filter((g) => g.samples.length > 0);
  let t0 = Infinity;
  let tEnd = -Infinity;
  for (const g of withSamples) {
    t0 = Math.min(t0, (g.samples[0] as GpuSample).epochSeconds);
    tEnd = Math.max(tEnd, (g.samples[g.samples.length - 1] as GpuSample).epochSeconds);
  }
  const findings: Finding[] = [];
  if (withSamples.length === 0) {
    findings.push({
      code: "no-samples",
      severity: "warn",
      gpuIndex: null,
      params: { malformedCount: log.malformedCount },
    });
    return {
      startEpochSeconds: 0,
      durationSeconds: 0,
      gpus: [],
      steadyStartSeconds: 0,
      steadyEndSeconds: 0,
      throughput: null,
      findings,
    };
  }
  const gpus = withSamples.map((g) => analyzeGpu(g, t0, opts));
  const durationSeconds = fin(tEnd - t0);
  const busy = gpus.filter(
    (g) => !g.findings.some((f) => f.code === "gpu-unused") && g.steady.found,
  );
  // Loops, not Math.max(...): a log may have tens of thousands of GPUs.
  let steadyStart = busy.length > 0 ? maxOf(busy.map((g) => g.steady.startSeconds)) : 0;
  let steadyEnd = busy.length > 0 ? minOf(busy.map((g) => g.steady.endSeconds)) : durationSeconds;
  if (!(steadyEnd > steadyStart)) {
    steadyStart = 0;
    steadyEnd = durationSeconds;
  }
  if (durationSeconds < MIN_RUN_SECONDS)
    findings.push({
      code: "short-run",
      severity: "info",
      gpuIndex: null,
      params: { durationSeconds, minSeconds: MIN_RUN_SECONDS },
    });
  if (busy.length >= 2) {
    const means = busy.map((g) => g.meanUtilSteadyPct);
    const lo = minOf(means);
    const hi = maxOf(means);
    if (hi - lo > IMBALANCE_PCT)
      findings.push({
        code: "imbalanced-gpus",
        severity: "warn",
        gpuIndex: null,
        params: { minMeanUtilPct: lo, maxMeanUtilPct: hi },
      });
  }
  const throughput = effectiveThroughput(t0 + steadyStart, t0 + steadyEnd, t0, tEnd, opts);
  if (throughput && throughput.scope === "whole-run")
    findings.push({
      code: "throughput-includes-warmup",
      severity: "info",
      gpuIndex: null,
      params: { seconds: throughput.seconds },
    });
  for (const g of gpus) findings.push(...g.findings);
  return {
    startEpochSeconds: t0,
    durationSeconds,
    gpus,
    steadyStartSeconds: steadyStart,
    steadyEndSeconds: steadyEnd,
    throughput,
    findings,
  };
}
