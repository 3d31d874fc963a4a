/**
 * torchtitan's training log. Read from `torchtitan/components/metrics.py`
 * (`MetricsProcessor.log`) at v0.2.1 (81af883, 2025-12-26), v0.2.2 (73a0e69, 2026-02-20) and
 * main at b5bcd76 (2026-08-21), with the prefix of `torchtitan/tools/logging.py` (`[titan]
 * %(asctime)s - %(name)s - %(levelname)s - `) and torchrun's `[rankN]:` when it tees ranks:
 *
 *   [rank0]:[titan] 2026-02-20 14:42:41,123 - root - INFO - step: 10  loss:  7.12345
 *     grad_norm:  1.2345  memory: 61.25GiB(77.43%)  tps: 5,321  tflops: 312.45  mfu: 31.59%
 *
 * (one line; every field is wrapped in ANSI colours unless NO_COLOR). v0.2.1 prints the loss
 * as 7.4f, v0.2.2 as 8.5f; main prints "mfu: N/A" under FP8/MX. `tps` is tokens per second per
 * device over the log interval; `memory` is `reserved_bytes.all.peak` (torch's max reserved)
 * since the previous log line, so the peak of the run is the largest of them. Lines with
 * "validate step:" are validation and are not steps. "total steps N" is in the start-up line
 * ("Trainer is initialized with … total steps 1000 (warmup 200)"; "Training starts at step 1,
 * … total steps" before 0.2).
 */
import { BYTES_PER_GIB } from "../../estimate/units.ts";
import { findDateTimeSeconds } from "./log-clock.ts";
import { forEachLine } from "./log-lines.ts";
import {
  blankReading,
  checkText,
  createIssues,
  numWithCommas,
  pickSegment,
  refusal,
  segmentsOf,
} from "./reading.ts";
import type { SegmentSpan } from "./reading.ts";
import { fitSteadyRate } from "./steady-rate.ts";
import type { RateReading } from "./steady-rate.ts";
import type { LogFormat, LogReadResult, PeakMemory } from "./types.ts";

export const TORCHTITAN_FORMAT: LogFormat = {
  id: "torchtitan-log",
  name: "torchtitan training log",
  versions: "torchtitan 0.2.1–0.2.2",
};

interface StepLine {
  line: number;
  step: number;
  tSeconds: number | null;
  tps: number;
  tflops: number | null;
  memoryGiB: number | null;
  rank: number | null;
}

interface Segment extends SegmentSpan {
  /** The followed rank's step lines. */
  steps: StepLine[];
  /** Every rank's step lines, for the memory peak (ranks differ: pipeline stages, uneven shards). */
  allRanks: StepLine[];
  totalSteps: number | null;
}

const STEP_RE = /(?:^|[\s-])step:\s*(\d+)\s/;
const TPS_RE = /\btps:\s*([\d,]+)/;
const TFLOPS_RE = /\btflops:\s*([\d,]+(?:\.\d+)?)/;
const MEMORY_RE = /\bmemory:\s*([\d.]+)\s*GiB\s*\(/;
const RANK_RE = /^\s*\[rank(\d+)\]:/;

/** The lines this reader looks at (`forEachLine` skips the rest without copying them). */
const TORCHTITAN_MARKERS = ["total steps", "tps:"];

/** Read a torchtitan training log. */
export function readTorchtitanLog(text: string): LogReadResult {
  const refused = checkText(text, TORCHTITAN_FORMAT);
  if (refused) return refused;
  const issues = createIssues();
  const segments: Segment[] = [];
  let current: Segment | null = null;
  let firstRank: number | null | undefined;
  let pendingTotal: number | null = null;
  const startSegment = (line: number): Segment => {
    const s: Segment = {
      firstLine: line,
      lastLine: line,
      readings: 0,
      steps: [],
      allRanks: [],
      totalSteps: pendingTotal,
    };
    segments.push(s);
    return s;
  };

  const lineCount = forEachLine(
    text,
    ({ text: t, line, unterminated }) => {
      if (t.includes("total steps")) {
        const m = /total steps (\d+)/.exec(t);
        if (m) {
          pendingTotal = Number(m[1]);
          if (current && current.steps.length === 0) current.totalSteps = pendingTotal;
        }
      }
      if (!t.includes("tps:") || !t.includes("step:") || t.includes("validate step:")) return;
      const rankMatch = RANK_RE.exec(t);
      const rank = rankMatch ? Number(rankMatch[1]) : null;
      const stepM = STEP_RE.exec(t);
      const tps = numWithCommas(TPS_RE.exec(t)?.[1]);
      if (!stepM || tps === null) return issues.unreadable(line, unterminated);
      const memory = MEMORY_RE.exec(t);
      const s: StepLine = {
        line,
        step: Number(stepM[1]),
        tSeconds: findDateTimeSeconds(t),
        tps,
        tflops: numWithCommas(TFLOPS_RE.exec(t)?.[1]),
        memoryGiB: memory ? Number(memory[1]) : null,
        rank,
      };
      // Every rank logs the same steps: follow the first rank seen; others add only memory.
      if (firstRank === undefined) firstRank = rank;
      if (rank !== firstRank) {
        current?.allRanks.push(s);
        return;
      }
      const prev = current?.steps[current.steps.length - 1];
      if (!current || (prev && s.step <= prev.step)) {
        if (current) issues.add(line, "restart");
        current = startSegment(line);
      }
      current.steps.push(s);
      current.allRanks.push(s);
      current.readings++;
      current.lastLine = line;
    },
    (line) => issues.add(line, "line-too-long"),
    TORCHTITAN_MARKERS,
  );

  const used = pickSegment(segments);
  if (used === -1) return refusal(TORCHTITAN_FORMAT, Math.max(1, lineCount), "no-readings");
  const seg = segments[used] as Segment;
  const mine = seg.steps;
  // Without a timestamp (a bare print), a step stands for a second: the rule still drops the
  // first steps, its hold and smoothing just count in steps.
  const clock = (s: StepLine): number => s.tSeconds ?? s.step;
  const reading = (s: StepLine, amount: number): RateReading => ({
    line: s.line,
    tSeconds: clock(s),
    amount,
    seconds: 1,
  });
  const r = blankReading(
    TORCHTITAN_FORMAT,
    "training",
    lineCount,
    issues,
    segmentsOf(segments, used),
  );
  const tokens = fitSteadyRate(mine.map((s) => reading(s, s.tps)));
  if (tokens) {
    const scope = tokens.window.found ? "steady-window" : "all-readings";
    r.trainingTokensPerSecond = {
      perSecond: tokens.perSecond,
      per: "device",
      scope,
      window: tokens.window,
      line: tokens.window.startLine,
    };
    const withFlops = mine.filter((s) => s.tflops !== null);
    const flops = fitSteadyRate(withFlops.map((s) => reading(s, s.tflops as number)));
    if (flops)
      r.tflopsPerDevice = {
        perSecond: flops.perSecond,
        per: "device",
        scope: flops.window.found ? "steady-window" : "all-readings",
        window: flops.window,
        line: flops.window.startLine,
      };
  }
  let peak: PeakMemory | null = null;
  for (const s of seg.allRanks)
    if (s.memoryGiB !== null && (peak === null || s.memoryGiB * BYTES_PER_GIB > peak.bytes))
      peak = {
        bytes: Math.round(s.memoryGiB * BYTES_PER_GIB),
        view: "torch-max-reserved",
        line: s.line,
        rank: s.rank,
      };
  if (peak) r.peakMemory = [peak];
  const last = mine[mine.length - 1] as StepLine;
  r.steps = { done: last.step, total: seg.totalSteps, line: last.line };
  return r;
}
