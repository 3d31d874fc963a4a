/**
 * An SGLang server's log. The whole repository is too large to fetch here, so the formats were
 * read from stored versions of its files:
 * - `python/sglang/srt/managers/scheduler_metrics_mixin.py` at 78ac30c (`log_decode_stats`,
 *   `log_prefill_stats`): "Decode batch, #running-req: %d, #token: %d, token usage: %.2f,
 *   [accept len: …, ]cuda graph: True, gen throughput (token/s): %.2f, #queue-req: %d, " and
 *   "Prefill batch, #new-seq: %d, #new-token: %d, #cached-token: %d, token usage: %.2f,
 *   #running-req: %d, #queue-req: %d, "; hybrid models print "#full token: …, full token usage:
 *   …, #swa token: …, swa token usage: …" instead; SGLANG_LOG_FORWARD_ITERS adds " [N]" after
 *   "batch"; releases before the mixin print "Decode batch. #running-req: …" (a full stop);
 * - `python/sglang/srt/managers/scheduler.py` ("max_total_num_tokens=%d, chunked_prefill_size=…,
 *   max_prefill_tokens=…, max_running_requests=…, context_len=…, available_gpu_mem=… GB");
 * - the prefix "[%Y-%m-%d %H:%M:%S DP0 TP0] " (rank tags only with parallelism).
 * Decode lines come every --decode-log-interval (40) decode steps; gen throughput is tokens
 * generated since the previous decode line over the time since it. Each data-parallel rank
 * (DPn) logs its own batches and own KV pool, and they are summed; of a rank's tensor-parallel
 * copies only its lowest TP rank is read (TP0 without DP attention; with it, SGLang numbers TP
 * ranks across the DP ranks, "[… DP1 TP1 EP1]", and DP1's lines come from TP1). A new
 * max_total_num_tokens line after batch lines, or the clock going back more than a minute,
 * starts a new segment.
 * Releases: `python/sglang/version.py` names a version up to 0.5.6.post2 (stored at fd1216c;
 * 0.5.3rc2 at 0175cee) and reads git tags after it, the snapshot (1.2 GB) is over what can be
 * fetched here, and the index gives a commit for one or two versions of a file and no dates,
 * so no stored commit of the mixin is tied to a tag. Two formats are covered, each with a
 * hand-written fixture: the mixin at 78ac30c (`sglang-0.5-server.log`: decode line ends
 * "#queue-req: %d, ", no input throughput on prefill lines) and the newest stored text of
 * `report_prefill_stats`/`report_decode_stats` (reachable by content, without a commit):
 * prefill lines gain "#pending-token: %d, " (sgl-project/sglang#22480, merged 2026-04-10) and
 * end "{cuda|cpu|npu} graph: %s, input throughput (token/s): %.2f"; decode lines end
 * "#queue-req: %d" (MFU fields may follow). A user's 0.5.18 log in sgl-project/sglang#36081
 * shows that form with "[… TP0 EP0]" tags, so its fixture is `sglang-0.5.18-server.log`.
 * No format change was found that this reader did not already read.
 */
import { findDateTimeSeconds } from "./log-clock.ts";
import { forEachLine } from "./log-lines.ts";
import {
  blankReading,
  checkText,
  createIssues,
  num,
  pickSegment,
  refusal,
  segmentsOf,
} from "./reading.ts";
import type { SegmentSpan } from "./reading.ts";
import { fitSteadyRate, summarizeCounts } from "./steady-rate.ts";
import type { SteadyFit } from "./steady-rate.ts";
import { CLOCK_BACK_SECONDS } from "./vllm-server.ts";
import type { LineValue, LogFormat, LogReadResult } from "./types.ts";

export const SGLANG_SERVER_FORMAT: LogFormat = {
  id: "sglang-server-log",
  name: "SGLang server log",
  versions: 'SGLang 0.4–0.5 ("Decode batch." and "Decode batch," lines)',
};

interface BatchLine {
  line: number;
  tSeconds: number;
  dp: string;
  tp: number;
  decode: boolean;
  running: number;
  queue: number;
  /** Decode: gen throughput; prefill: new (computed, not cached) prompt tokens. */
  tokens: number;
  usagePct: number | null;
}

interface Segment extends SegmentSpan {
  batches: BatchLine[];
  pools: Map<string, { tokens: number; contextLen: number | null; line: number }>;
}

const TAG_RE = /^\s*\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:[.,]\d+)?((?: [A-Z]+\d+)*)\]/;
const RUNNING_RE = /#running-req:\s*(\d+)/;
const QUEUE_RE = /#queue-req:\s*(\d+)/;
const GEN_RE = /gen throughput \(token\/s\):\s*([\d.]+)/;
const NEW_TOKEN_RE = /#new-token:\s*(\d+)/;
const USAGE_RE = /token usage:\s*([\d.]+)/g;

/** The lines this reader looks at (`forEachLine` skips the rest without copying them). */
const SGLANG_MARKERS = ["max_total_num_tokens=", "Decode batch", "Prefill batch"];

/** Read an SGLang server log. */
export function readSglangServerLog(text: string): LogReadResult {
  const refused = checkText(text, SGLANG_SERVER_FORMAT);
  if (refused) return refused;
  const issues = createIssues();
  const segments: Segment[] = [];
  let current: Segment | null = null;
  let lastT = -Infinity;
  let untimed = 0;
  // Each data-parallel rank's lines are read from its lowest tensor-parallel rank: TP0 of
  // each DP worker, and under DP attention (global TP numbering, "DP1 TP1 EP1") the one
  // rank that prints for its DP. A lower rank seen later replaces the one read so far.
  const lowestTp = new Map<string, number>();
  const dropRank = (dp: string, tp: number) => {
    for (const s of segments) {
      s.batches = s.batches.filter((b) => b.dp !== dp || b.tp !== tp);
      s.readings = s.batches.filter((b) => b.decode).length;
    }
  };
  const startSegment = (line: number): Segment => {
    const s: Segment = {
      firstLine: line,
      lastLine: line,
      readings: 0,
      batches: [],
      pools: new Map(),
    };
    segments.push(s);
    return s;
  };

  const lineCount = forEachLine(
    text,
    ({ text: t, line, unterminated }) => {
      const pool = t.includes("max_total_num_tokens=");
      const decode = t.includes("Decode batch");
      if (!pool && !decode && !t.includes("Prefill batch")) return;
      const tag = TAG_RE.exec(t)?.[1] ?? "";
      const dp = /DP\d+/.exec(tag)?.[0] ?? "";
      const tp = Number(/\bTP(\d+)\b/.exec(tag)?.[1] ?? 0);
      const lowest = lowestTp.get(dp);
      if (lowest !== undefined && tp > lowest) return;
      if (lowest !== undefined && tp < lowest) dropRank(dp, lowest);
      lowestTp.set(dp, tp);
      const stamp = findDateTimeSeconds(t);
      if (stamp !== null) {
        if (current && stamp < lastT - CLOCK_BACK_SECONDS) {
          issues.add(line, "restart");
          current = startSegment(line);
        }
        lastT = stamp;
      }
      if (pool) {
        if (!current || current.batches.length > 0) {
          if (current) issues.add(line, "restart");
          current = startSegment(line);
        }
        const tokens = num(/max_total_num_tokens=(\d+)/.exec(t)?.[1]);
        if (tokens === null) return issues.unreadable(line, unterminated);
        current.pools.set(dp, { tokens, contextLen: num(/context_len=(\d+)/.exec(t)?.[1]), line });
        current.lastLine = line;
        return;
      }
      const running = num(RUNNING_RE.exec(t)?.[1]);
      const queue = num(QUEUE_RE.exec(t)?.[1]);
      const tokens = num((decode ? GEN_RE : NEW_TOKEN_RE).exec(t)?.[1]);
      if (running === null || queue === null || tokens === null)
        return issues.unreadable(line, unterminated);
      let usage: number | null = null;
      for (const m of t.matchAll(USAGE_RE)) usage = Math.max(usage ?? 0, Number(m[1]) * 100);
      current ??= startSegment(line);
      current.batches.push({
        line,
        tSeconds: stamp ?? untimed++,
        dp,
        tp,
        decode,
        running,
        queue,
        tokens,
        usagePct: usage,
      });
      if (decode) current.readings++;
      current.lastLine = line;
    },
    (line) => issues.add(line, "line-too-long"),
    SGLANG_MARKERS,
  );

  const withPool = segments.findLast((s) => s.pools.size > 0);
  const used = pickSegment(segments);
  if (used === -1 && !withPool)
    return refusal(SGLANG_SERVER_FORMAT, Math.max(1, lineCount), "no-readings");
  const seg = used === -1 ? (withPool as Segment) : (segments[used] as Segment);
  const r = blankReading(
    SGLANG_SERVER_FORMAT,
    "serving",
    lineCount,
    issues,
    segmentsOf(segments, segments.indexOf(seg)),
  );
  if (seg.pools.size > 0) {
    let tokens = 0;
    let line = 0;
    let contextLen: number | null = null;
    for (const p of seg.pools.values()) {
      tokens += p.tokens;
      line = Math.max(line, p.line);
      contextLen ??= p.contextLen;
    }
    r.kvPoolTokens = { value: tokens, line };
    if (contextLen !== null && contextLen > 0)
      r.maxConcurrency = {
        times: tokens / contextLen,
        tokensPerRequest: contextLen,
        line,
        derived: true,
      };
  }
  const decodes = seg.batches.filter((b) => b.decode);
  if (decodes.length === 0) return r;

  let generation = 0;
  let prompt = 0;
  let firstFit: SteadyFit | null = null;
  const windows: { dp: string; from: number; to: number; fromLine: number; toLine: number }[] = [];
  for (const dp of new Set(decodes.map((b) => b.dp))) {
    const mine = decodes.filter((b) => b.dp === dp);
    const fit = fitSteadyRate(
      mine.map((b) => ({ line: b.line, tSeconds: b.tSeconds, amount: b.tokens, seconds: 1 })),
    );
    if (!fit) continue;
    firstFit ??= fit;
    generation += fit.perSecond;
    const from = (mine[fit.startIndex] as BatchLine).tSeconds;
    const to = (mine[fit.endIndex] as BatchLine).tSeconds;
    windows.push({ dp, from, to, fromLine: fit.window.startLine, toLine: fit.window.endLine });
    // Prompt tokens computed during the window: the prefill lines between its ends, over its length.
    let newTokens = 0;
    for (const b of seg.batches)
      if (!b.decode && b.dp === dp && b.line > fit.window.startLine && b.line <= fit.window.endLine)
        newTokens += b.tokens;
    if (to > from) prompt += newTokens / (to - from);
  }
  const fit0 = firstFit;
  const hasPrefill = seg.batches.some((b) => !b.decode);
  if (fit0) {
    const scope = fit0.window.found ? "steady-window" : "all-readings";
    r.outputTokensPerSecond = {
      perSecond: generation,
      per: "job",
      scope,
      window: fit0.window,
      line: fit0.window.startLine,
    };
    // Prefill lines are the only record of prompt work: none printed, no prompt rate.
    if (hasPrefill)
      r.promptTokensPerSecond = {
        perSecond: prompt,
        per: "job",
        scope,
        window: fit0.window,
        line: fit0.window.startLine,
      };
  }
  const inWindow = (v: LineValue): boolean =>
    windows.some((w) => v.line >= w.fromLine && v.line <= w.toLine);
  r.runningRequests = summarizeCounts(
    decodes.map((b) => ({ value: b.running, line: b.line })),
    inWindow,
  );
  r.waitingRequests = summarizeCounts(
    seg.batches.map((b) => ({ value: b.queue, line: b.line })),
    inWindow,
  );
  r.kvCacheUsagePct = summarizeCounts(
    seg.batches.flatMap((b) => (b.usagePct === null ? [] : [{ value: b.usagePct, line: b.line }])),
    inWindow,
  );
  return r;
}
