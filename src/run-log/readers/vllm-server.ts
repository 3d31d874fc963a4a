/**
 * A vLLM server's log. The whole repository is too large to fetch here, so the formats were
 * read from stored versions of its files:
 * - the periodic metrics line, V1 engine: `vllm/v1/metrics/loggers.py` (`LoggingStatLogger.log`)
 *   at a6f0308 ("Engine 000: Avg prompt throughput: %.1f tokens/s, Avg generation throughput:
 *   %.1f tokens/s, Running: %d reqs, Waiting: %d reqs, GPU KV cache usage: %.1f%%, Prefix cache
 *   hit rate: %.1f%%") and the later `log_parts` form (Waiting then includes deferred requests;
 *   optional "Deferred: %d reqs", "Preemptions: %d", "External prefix cache hit rate", "MM cache
 *   hit rate"; "N Engines Aggregated: " instead of "Engine 000: " with data parallelism);
 * - the older V0 engine line: `vllm/engine/metrics.py` ("… Running: %d reqs, Swapped: %d reqs,
 *   Pending: %d reqs, GPU KV cache usage: %.1f%%, CPU KV cache usage: %.1f%%.");
 * - the KV pool: `vllm/v1/core/kv_cache_utils.py` at bbf906a and later ("GPU KV cache size: %s
 *   tokens" and "Maximum concurrency for %s tokens per request: %.2fx", both counts with
 *   thousands separators, on two lines, or one line joined by ", " in newer releases; one per
 *   engine core, "(EngineCore_DP1 pid=…)" with data parallelism);
 * - the prefix: `vllm/logger.py` at 43f4554 ("%(levelname)s %(asctime)s [%(filename)s:%(lineno)d]"
 *   with asctime "%m-%d %H:%M:%S", no year), after "(APIServer pid=…) " in newer releases.
 * Throughputs are averages over the logging interval (5 s by default); idle intervals are
 * logged at debug level, so they are usually missing rather than zero. A new KV pool line after
 * metrics lines, or the clock going back more than a minute, starts a new segment (a restart,
 * or files joined).
 * Not tied to release tags: vLLM takes its version from git tags only, its snapshot (1.1 GB)
 * is over what can be fetched here, and the stored index gives a commit for one or two
 * versions of each file and no dates. The formats were checked against the stored versions
 * that name a commit (loggers.py at a6f0308 and 005a810, the single-string form) and against
 * the newest stored text of `LoggingStatLogger.log` (the `log_parts` form with "Deferred: %d
 * reqs" and Waiting = waiting + deferred, reachable by content, without a commit); the fixture
 * `vllm-log-parts-server.log` is written from the latter. No format change was found that
 * this reader did not already read.
 */
import { createYearlessClock, findDateTimeSeconds, findMonthDaySeconds } from "./log-clock.ts";
import { forEachLine } from "./log-lines.ts";
import {
  blankReading,
  checkText,
  createIssues,
  num,
  numWithCommas,
  pickSegment,
  refusal,
  segmentsOf,
} from "./reading.ts";
import type { SegmentSpan } from "./reading.ts";
import { fitSteadyRate, meanOverFit, summarizeCounts } from "./steady-rate.ts";
import type { SteadyFit } from "./steady-rate.ts";
import type { LineValue, LogFormat, LogReadResult, MaxConcurrency, Rate } from "./types.ts";

export const VLLM_SERVER_FORMAT: LogFormat = {
  id: "vllm-server-log",
  name: "vLLM server log",
  versions: "vLLM V0 and V1 engine logs",
};

/** The clock going back by more than this starts a new segment (lines of two processes can be a second or two out of order). */
export const CLOCK_BACK_SECONDS = 60;

interface MetricsLine {
  line: number;
  tSeconds: number;
  engine: string;
  prompt: number;
  generation: number;
  running: number;
  waiting: number;
  kvUsagePct: number | null;
}

interface Segment extends SegmentSpan {
  metrics: MetricsLine[];
  /** KV pool per engine core (the last line of each). */
  pools: Map<string, LineValue>;
  concurrency: MaxConcurrency | null;
}

const PROMPT_RE = /Avg prompt throughput:\s*([\d.]+) tokens\/s/;
const GEN_RE = /Avg generation throughput:\s*([\d.]+) tokens\/s/;
const RUNNING_RE = /Running:\s*(\d+) reqs/;
const WAITING_RE = /(?:Waiting|Pending):\s*(\d+) reqs/;
const KV_USAGE_RE = /GPU KV cache usage:\s*([\d.]+)%/;
const ENGINE_RE = /(Engine \d+|\d+ Engines Aggregated):/;
const POOL_RE = /KV cache size:\s*([\d,]+) tokens/;
const CONCURRENCY_RE = /Maximum concurrency for ([\d,]+) tokens per request:\s*([\d.]+)x/;
const ENGINE_CORE_RE = /\((EngineCore[^\s)]*)/;

/** The lines this reader looks at (`forEachLine` skips the rest without copying them). */
const VLLM_MARKERS = ["KV cache size:", "Maximum concurrency for", "Avg prompt throughput:"];

/** Read a vLLM server log. */
export function readVllmServerLog(text: string): LogReadResult {
  const refused = checkText(text, VLLM_SERVER_FORMAT);
  if (refused) return refused;
  const issues = createIssues();
  const segments: Segment[] = [];
  const clock = createYearlessClock();
  let current: Segment | null = null;
  let lastT = -Infinity;
  const startSegment = (line: number): Segment => {
    const s: Segment = {
      firstLine: line,
      lastLine: line,
      readings: 0,
      metrics: [],
      pools: new Map(),
      concurrency: null,
    };
    segments.push(s);
    return s;
  };

  const lineCount = forEachLine(
    text,
    ({ text: t, line, unterminated }) => {
      const hasPool = t.includes("KV cache size:");
      const hasConcurrency = t.includes("Maximum concurrency for");
      const hasMetrics = t.includes("Avg prompt throughput:");
      if (!hasPool && !hasConcurrency && !hasMetrics) return;
      const wall = findDateTimeSeconds(t);
      const yearless = wall === null ? findMonthDaySeconds(t) : null;
      const tSeconds = wall ?? (yearless === null ? null : clock(yearless));
      if (tSeconds !== null) {
        if (current && tSeconds < lastT - CLOCK_BACK_SECONDS) {
          issues.add(line, "restart");
          current = startSegment(line);
        }
        lastT = tSeconds;
      }
      if (hasPool || hasConcurrency) {
        if (!current || current.metrics.length > 0) {
          if (current) issues.add(line, "restart");
          current = startSegment(line);
        }
        const pool = numWithCommas(POOL_RE.exec(t)?.[1]);
        const conc = CONCURRENCY_RE.exec(t);
        if (hasPool && pool === null) issues.unreadable(line, unterminated);
        if (pool !== null)
          current.pools.set(ENGINE_CORE_RE.exec(t)?.[1] ?? "", { value: pool, line });
        if (hasConcurrency && !conc) issues.unreadable(line, unterminated);
        const tokens = numWithCommas(conc?.[1]);
        const times = num(conc?.[2]);
        if (tokens !== null && times !== null)
          current.concurrency = { times, tokensPerRequest: tokens, line, derived: false };
        current.lastLine = line;
        return;
      }
      const prompt = num(PROMPT_RE.exec(t)?.[1]);
      const generation = num(GEN_RE.exec(t)?.[1]);
      const running = num(RUNNING_RE.exec(t)?.[1]);
      const waiting = num(WAITING_RE.exec(t)?.[1]);
      if (prompt === null || generation === null || running === null || waiting === null)
        return issues.unreadable(line, unterminated);
      current ??= startSegment(line);
      current.metrics.push({
        line,
        // Without a stamp, lines are taken as the default 5-second interval apart.
        tSeconds: tSeconds ?? current.metrics.length * 5,
        engine: ENGINE_RE.exec(t)?.[1] ?? "",
        prompt,
        generation,
        running,
        waiting,
        kvUsagePct: num(KV_USAGE_RE.exec(t)?.[1]),
      });
      current.readings++;
      current.lastLine = line;
    },
    (line) => issues.add(line, "line-too-long"),
    VLLM_MARKERS,
  );

  const withPool = segments.findLast((s) => s.pools.size > 0);
  const used = pickSegment(segments);
  if (used === -1 && !withPool)
    return refusal(VLLM_SERVER_FORMAT, Math.max(1, lineCount), "no-readings");
  const seg = used === -1 ? (withPool as Segment) : (segments[used] as Segment);
  const r = blankReading(
    VLLM_SERVER_FORMAT,
    "serving",
    lineCount,
    issues,
    segmentsOf(segments, segments.indexOf(seg)),
  );
  if (seg.pools.size > 0) {
    let total = 0;
    let line = 0;
    for (const p of seg.pools.values()) {
      total += p.value;
      line = Math.max(line, p.line);
    }
    r.kvPoolTokens = { value: total, line };
  }
  r.maxConcurrency = seg.concurrency;
  if (seg.metrics.length === 0) return r;

  // With data parallelism each engine logs its own line, unless an aggregated line is printed.
  const aggregated = seg.metrics.filter((m) => m.engine.includes("Aggregated"));
  const series = aggregated.length > 0 ? aggregated : seg.metrics;
  const engines = [...new Set(series.map((m) => m.engine))];
  let generation = 0;
  let prompt = 0;
  let firstFit: SteadyFit | null = null;
  const windowLines: [number, number][] = [];
  for (const engine of engines) {
    const lines = series.filter((m) => m.engine === engine);
    const fit = fitSteadyRate(
      lines.map((m) => ({ line: m.line, tSeconds: m.tSeconds, amount: m.generation, seconds: 1 })),
    );
    if (!fit) continue;
    firstFit ??= fit;
    generation += fit.perSecond;
    prompt += meanOverFit(
      lines.map((m) => m.prompt),
      fit,
    );
    windowLines.push([fit.window.startLine, fit.window.endLine]);
  }
  const fit0 = firstFit;
  if (fit0) {
    const rate = (perSecond: number): Rate => ({
      perSecond,
      per: "job",
      scope: fit0.window.found ? "steady-window" : "all-readings",
      window: fit0.window,
      line: fit0.window.startLine,
    });
    r.outputTokensPerSecond = rate(generation);
    r.promptTokensPerSecond = rate(prompt);
  }
  const inWindow = (v: LineValue): boolean =>
    windowLines.some(([a, b]) => v.line >= a && v.line <= b);
  r.runningRequests = summarizeCounts(
    series.map((m) => ({ value: m.running, line: m.line })),
    inWindow,
  );
  r.waitingRequests = summarizeCounts(
    series.map((m) => ({ value: m.waiting, line: m.line })),
    inWindow,
  );
  r.kvCacheUsagePct = summarizeCounts(
    series.flatMap((m) => (m.kvUsagePct === null ? [] : [{ value: m.kvUsagePct, line: m.line }])),
    inWindow,
  );
  return r;
}
