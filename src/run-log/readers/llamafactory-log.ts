/**
 * LLaMA-Factory's `trainer_log.jsonl`. Read from `src/llamafactory/train/callbacks.py`
 * (`LogCallback.on_log`, `_timing`) at v0.9.4 (95ac3f2, 2025-12-31) and v0.9.5 (7af9095,
 * 2026-05-30), the same keys in both: one JSON object a line,
 *
 *   {"current_steps": 10, "total_steps": 500, "loss": 1.2345, "lr": 4.9e-05, "epoch": 0.06,
 *    "percentage": 2.0, "elapsed_time": "0:01:05", "remaining_time": "0:53:10",
 *    "throughput": 3120.4, "total_tokens": 202826, "vram_allocated": 41.2,
 *    "vram_reserved": 47.88}
 *
 * elapsed_time is `str(timedelta(seconds=int(…)))` since train begin (whole seconds, "1 day,
 * 2:03:04" past a day); throughput is total_tokens ÷ elapsed since train begin (a running
 * average that keeps the warm-up, so the reader uses differences of total_tokens instead);
 * total_tokens is Trainer's num_input_tokens_seen (gathered over ranks: the job); vram_* are
 * torch's max_memory_allocated/reserved in GiB with RECORD_VRAM=1. A resumed run appends to the
 * same file with elapsed_time back near zero; prediction writes lines with only the progress
 * keys.
 */
import { BYTES_PER_GIB } from "../../estimate/units.ts";
import { readJsonLines } from "./json-text.ts";
import { parseDurationSeconds } from "./log-clock.ts";
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
import { counterReadings, fitSteadyRate } from "./steady-rate.ts";
import type { CounterPoint, SteadyFit } from "./steady-rate.ts";
import type { LogFormat, LogReadResult, MemoryView, PeakMemory, Rate } from "./types.ts";

export const LLAMAFACTORY_FORMAT: LogFormat = {
  id: "llamafactory-trainer-log",
  name: "LLaMA-Factory trainer_log.jsonl",
  versions: "LLaMA-Factory 0.9.4–0.9.5",
};

interface Entry {
  line: number;
  steps: number;
  totalSteps: number | null;
  elapsedSeconds: number;
  tokens: number | null;
  vram: Partial<Record<MemoryView, number>>;
}

interface Segment extends SegmentSpan {
  entries: Entry[];
}

/** Read a LLaMA-Factory `trainer_log.jsonl`. */
export function readLlamaFactoryLog(text: string): LogReadResult {
  const refused = checkText(text, LLAMAFACTORY_FORMAT);
  if (refused) return refused;
  const { objects, bad, lineCount } = readJsonLines(text);
  const issues = createIssues();
  if (objects.length === 0) {
    const first = bad[0];
    return refusal(
      LLAMAFACTORY_FORMAT,
      first?.line ?? 1,
      first?.unterminated ? "truncated-json" : "invalid-json",
    );
  }
  for (const b of bad) issues.unreadable(b.line, b.unterminated);

  const segments: Segment[] = [];
  let current: Segment | null = null;
  for (const { line, value } of objects) {
    const steps = num(value["current_steps"]);
    const elapsedRaw = value["elapsed_time"];
    const elapsed = typeof elapsedRaw === "string" ? parseDurationSeconds(elapsedRaw) : null;
    if (steps === null || elapsed === null) {
      issues.add(line, "unreadable-line");
      continue;
    }
    const vram: Entry["vram"] = {};
    const reserved = num(value["vram_reserved"]);
    const allocated = num(value["vram_allocated"]);
    if (reserved !== null && reserved > 0) vram["torch-max-reserved"] = reserved;
    if (allocated !== null && allocated > 0) vram["torch-max-allocated"] = allocated;
    const e: Entry = {
      line,
      steps,
      totalSteps: num(value["total_steps"]),
      elapsedSeconds: elapsed,
      tokens: num(value["total_tokens"]),
      vram,
    };
    const prev = current?.entries[current.entries.length - 1];
    if (!current || (prev && (e.steps < prev.steps || e.elapsedSeconds < prev.elapsedSeconds))) {
      if (current) issues.add(line, "restart");
      current = { firstLine: line, lastLine: line, readings: 0, entries: [] };
      segments.push(current);
    }
    current.entries.push(e);
    current.readings++;
    current.lastLine = line;
  }
  const used = pickSegment(segments);
  if (used === -1) return refusal(LLAMAFACTORY_FORMAT, objects[0]?.line ?? 1, "no-readings");
  const seg = segments[used] as Segment;
  const r = blankReading(
    LLAMAFACTORY_FORMAT,
    "training",
    lineCount,
    issues,
    segmentsOf(segments, used),
  );
  const rate = (fit: SteadyFit): Rate => ({
    perSecond: fit.perSecond,
    per: "job",
    scope: fit.window.found ? "steady-window" : "all-readings",
    window: fit.window,
    line: fit.window.startLine,
  });
  const counter = (pick: (e: Entry) => number | null): CounterPoint[] =>
    seg.entries.flatMap((e) => {
      const count = pick(e);
      return count === null ? [] : [{ line: e.line, tSeconds: e.elapsedSeconds, count }];
    });
  const steps = fitSteadyRate(counterReadings(counter((e) => e.steps)));
  if (steps) r.trainingStepsPerSecond = rate(steps);
  const tokens = fitSteadyRate(counterReadings(counter((e) => e.tokens)));
  if (tokens) r.trainingTokensPerSecond = rate(tokens);
  const peaks: PeakMemory[] = [];
  for (const view of ["torch-max-reserved", "torch-max-allocated"] as const) {
    let best: Entry | null = null;
    for (const e of seg.entries) {
      const v = e.vram[view];
      if (v !== undefined && (best === null || v > (best.vram[view] as number))) best = e;
    }
    if (best)
      peaks.push({
        bytes: Math.round((best.vram[view] as number) * BYTES_PER_GIB),
        view,
        line: best.line,
        rank: null,
      });
  }
  r.peakMemory = peaks;
  const last = seg.entries[seg.entries.length - 1] as Entry;
  r.runSeconds = { value: last.elapsedSeconds, line: last.line };
  r.steps = { done: last.steps, total: last.totalSteps, line: last.line };
  return r;
}
