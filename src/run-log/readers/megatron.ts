/**
 * Megatron-LM's training log. Read from `megatron/training/training.py` (`training_log`) and
 * `megatron/training/utils/common_utils.py` (`report_memory`) at core_v0.18.2 (571370c,
 * 2026-07-20) and core_v0.19.0 (5be9626, 2026-08-19), the same text in both:
 *
 *    [2026-08-19 18:51:14.123456] iteration      100/   10000 | consumed samples:        12800 |
 *    elapsed time per iteration (ms): 1234.5 | throughput per GPU (TFLOP/s/GPU): 456.7 |
 *    learning rate: 1.000000E-04 | global batch size:   128 | lm loss: 2.345678E+00 | …
 *
 * (one line, printed by the last rank every --log-interval iterations; "throughput per GPU"
 * only with --log-throughput) and
 *
 *   [Rank 0] (after 10 iterations) memory (MB) | allocated: 1.0 | max allocated: 2.0 |
 *   reserved: 3.0 | max reserved: 4.0 | total device memory used: 5.0
 *
 * (MB is MiB: the code divides by 1024²; "total device memory used" is
 * torch.cuda.device_memory_used(), NVML's figure, only with --log-device-memory-used). The
 * argument dump (`_print_args`: "  seq_length ..... 4096") gives the sequence length, so
 * samples become tokens, and world_size.
 */
import { BYTES_PER_MIB } from "../../estimate/units.ts";
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
import { fitSteadyRate } from "./steady-rate.ts";
import type { RateReading, SteadyFit } from "./steady-rate.ts";
import type { LineValue, LogFormat, LogReadResult, MemoryView, PeakMemory, Rate } from "./types.ts";

export const MEGATRON_FORMAT: LogFormat = {
  id: "megatron-log",
  name: "Megatron-LM training log",
  versions: "Megatron-LM core_v0.18–core_v0.19",
};

interface IterationLine {
  line: number;
  iteration: number;
  trainIters: number;
  tSeconds: number | null;
  msPerIteration: number;
  globalBatch: number;
  tflopsPerGpu: number | null;
}

interface Segment extends SegmentSpan {
  lines: IterationLine[];
  memory: PeakMemory[];
}

const ITERATION_RE = /\biteration\s+(\d+)\/\s*(\d+)/;
const ARG_RE = /^\s*(seq_length|world_size) \.{2,} (\d+)\s*$/;
const MEMORY_FIELDS: Record<string, MemoryView> = {
  "max allocated": "torch-max-allocated",
  "max reserved": "torch-max-reserved",
  "total device memory used": "device-used",
};

/** Fields of a `key: value |` line. */
function fields(t: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of t.split("|")) {
    const colon = part.lastIndexOf(":");
    if (colon === -1) continue;
    out.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
  }
  return out;
}

function keepPeak(list: PeakMemory[], p: PeakMemory): void {
  const i = list.findIndex((q) => q.view === p.view);
  if (i === -1) list.push(p);
  else if (p.bytes > (list[i] as PeakMemory).bytes) list[i] = p;
}

/** The lines this reader looks at (`forEachLine` skips the rest without copying them). */
const MEGATRON_MARKERS = [" ..", "memory (MB)", "elapsed time per iteration (ms):"];

/** Read a Megatron-LM training log. */
export function readMegatronLog(text: string): LogReadResult {
  const refused = checkText(text, MEGATRON_FORMAT);
  if (refused) return refused;
  const issues = createIssues();
  const segments: Segment[] = [];
  let current: Segment | null = null;
  // Set from inside the line callback, so kept on an object (a `let` would stay narrowed to null).
  const args: { seqLength: LineValue | null; worldSize: LineValue | null } = {
    seqLength: null,
    worldSize: null,
  };

  const lineCount = forEachLine(
    text,
    ({ text: t, line, unterminated }) => {
      if (t.includes(" ..") && t.includes(".. ")) {
        const a = ARG_RE.exec(t);
        if (a) {
          const v = { value: Number(a[2]), line };
          if (a[1] === "seq_length") args.seqLength = v;
          else args.worldSize = v;
        }
        return;
      }
      if (t.includes("memory (MB)")) {
        const rank = /\[Rank (\d+)\]/.exec(t);
        const f = fields(t);
        for (const [key, view] of Object.entries(MEMORY_FIELDS)) {
          const mib = num(f.get(key));
          if (mib === null || !current) continue;
          keepPeak(current.memory, {
            bytes: Math.round(mib * BYTES_PER_MIB),
            view,
            line,
            rank: rank ? Number(rank[1]) : null,
          });
        }
        return;
      }
      if (!t.includes("elapsed time per iteration (ms):")) return;
      const it = ITERATION_RE.exec(t);
      const f = fields(t);
      const ms = num(f.get("elapsed time per iteration (ms)"));
      const gbs = num(f.get("global batch size"));
      if (!it || ms === null || gbs === null || ms <= 0)
        return issues.unreadable(line, unterminated);
      const l: IterationLine = {
        line,
        iteration: Number(it[1]),
        trainIters: Number(it[2]),
        tSeconds: findDateTimeSeconds(t),
        msPerIteration: ms,
        globalBatch: gbs,
        tflopsPerGpu: num(f.get("throughput per GPU (TFLOP/s/GPU)")),
      };
      const prev = current?.lines[current.lines.length - 1];
      if (!current || (prev && l.iteration <= prev.iteration)) {
        if (current) issues.add(line, "restart");
        current = { firstLine: line, lastLine: line, readings: 0, lines: [], memory: [] };
        segments.push(current);
      }
      current.lines.push(l);
      current.readings++;
      current.lastLine = line;
    },
    (line) => issues.add(line, "line-too-long"),
    MEGATRON_MARKERS,
  );

  const used = pickSegment(segments);
  if (used === -1) return refusal(MEGATRON_FORMAT, Math.max(1, lineCount), "no-readings");
  const seg = segments[used] as Segment;
  const r = blankReading(
    MEGATRON_FORMAT,
    "training",
    lineCount,
    issues,
    segmentsOf(segments, used),
  );
  // Iterations each line covers: the gap to the previous line; the first line of a segment
  // covers the iterations since the start when it is the first log, else one log interval.
  const lines = seg.lines;
  const span = lines.map((l, i) => {
    if (i > 0) return l.iteration - (lines[i - 1] as IterationLine).iteration;
    const next = lines[1];
    const interval = next ? next.iteration - l.iteration : l.iteration;
    return Math.max(1, Math.min(l.iteration, interval));
  });
  // The log's clock: its timestamps, or (before they were printed) the iteration times added up.
  let elapsed = 0;
  const clock = lines.map((l, i) => {
    elapsed += ((span[i] as number) * l.msPerIteration) / 1000;
    return l.tSeconds ?? elapsed;
  });
  const readings = (amountOf: (l: IterationLine, iterations: number) => number): RateReading[] =>
    lines.map((l, i) => ({
      line: l.line,
      tSeconds: clock[i] as number,
      amount: amountOf(l, span[i] as number),
      seconds: ((span[i] as number) * l.msPerIteration) / 1000,
    }));
  const rate = (fit: SteadyFit, per: Rate["per"], factor = 1): Rate => ({
    perSecond: fit.perSecond * factor,
    per,
    scope: fit.window.found ? "steady-window" : "all-readings",
    window: fit.window,
    line: fit.window.startLine,
  });
  const samples = fitSteadyRate(readings((l, n) => n * l.globalBatch));
  if (samples) {
    r.trainingSamplesPerSecond = rate(samples, "job");
    if (args.seqLength) r.trainingTokensPerSecond = rate(samples, "job", args.seqLength.value);
  }
  const steps = fitSteadyRate(readings((_, n) => n));
  if (steps) r.trainingStepsPerSecond = rate(steps, "job");
  if (lines.every((l) => l.tflopsPerGpu !== null)) {
    const flops = fitSteadyRate(
      readings((l, n) => ((l.tflopsPerGpu as number) * n * l.msPerIteration) / 1000),
    );
    if (flops) r.tflopsPerDevice = rate(flops, "device");
  }
  r.peakMemory = seg.memory;
  const last = lines[lines.length - 1] as IterationLine;
  r.steps = { done: last.iteration, total: last.trainIters, line: last.line };
  r.devices = args.worldSize;
  return r;
}
