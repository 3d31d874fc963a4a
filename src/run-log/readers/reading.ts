/**
 * Building a reader's result: the empty reading every reader fills in, refusals, and the list
 * of notes on skipped lines (capped, as the nvidia-smi importer caps its malformed lines, so a
 * log of garbage cannot grow a result without bound).
 */
import { countLines, MAX_LOG_CHARS } from "./log-lines.ts";
import type {
  IssueCode,
  LogFormat,
  LogReading,
  LogRefusal,
  ReadIssue,
  Segments,
  Workload,
} from "./types.ts";

/** Issues listed in detail; the rest are only counted (`issueCount`). */
export const MAX_LISTED_ISSUES = 200;

export interface IssueList {
  add(line: number, code: IssueCode): void;
  /** A marked line whose values could not be read: cut off when it is the unterminated last line. */
  unreadable(line: number, unterminated: boolean): void;
  readonly list: ReadIssue[];
  readonly count: number;
}

export function createIssues(): IssueList {
  const list: ReadIssue[] = [];
  let count = 0;
  const add = (line: number, code: IssueCode): void => {
    count++;
    if (list.length < MAX_LISTED_ISSUES) list.push({ line, code });
  };
  return {
    add,
    unreadable: (line, unterminated) =>
      add(line, unterminated ? "partial-last-line" : "unreadable-line"),
    list,
    get count() {
      return count;
    },
  };
}

export function refusal(format: LogFormat | null, line: number, code: IssueCode): LogRefusal {
  return { ok: false, format, issues: [{ line, code }] };
}

/** The refusals every reader makes before reading: nothing to read, or too much. */
export function checkText(text: string, format: LogFormat | null): LogRefusal | null {
  if (text.length > MAX_LOG_CHARS) return refusal(format, 1, "too-large");
  if (text.trim() === "" || text.trim() === "\uFEFF") return refusal(format, 1, "empty");
  return null;
}

/** A reading with nothing measured yet. */
export function blankReading(
  format: LogFormat,
  workload: Workload,
  lineCount: number,
  issues: IssueList,
  segments: Segments,
): LogReading {
  return {
    ok: true,
    format,
    workload,
    lineCount,
    segments,
    trainingTokensPerSecond: null,
    trainingSamplesPerSecond: null,
    trainingStepsPerSecond: null,
    tflopsPerDevice: null,
    outputTokensPerSecond: null,
    promptTokensPerSecond: null,
    peakMemory: [],
    runningRequests: null,
    waitingRequests: null,
    kvCacheUsagePct: null,
    kvPoolTokens: null,
    maxConcurrency: null,
    burstRequests: null,
    runSeconds: null,
    steps: null,
    devices: null,
    issues: issues.list,
    issueCount: issues.count,
  };
}

/** Segments of a text read as one piece (a state file, a benchmark result). */
export function wholeText(text: string): Segments {
  return { count: 1, used: 0, firstLine: 1, lastLine: Math.max(1, countLines(text)) };
}

/** A segment of a line log: the lines it spans and how many readings it holds. */
export interface SegmentSpan {
  firstLine: number;
  lastLine: number;
  readings: number;
}

/** The segment to measure: the most readings, the later on a tie. -1 when none has any. */
export function pickSegment(spans: readonly SegmentSpan[]): number {
  let best = -1;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i] as SegmentSpan;
    if (s.readings > 0 && (best === -1 || s.readings >= (spans[best] as SegmentSpan).readings))
      best = i;
  }
  return best;
}

export function segmentsOf(spans: readonly SegmentSpan[], used: number): Segments {
  const s = spans[used] as SegmentSpan;
  return { count: spans.length, used, firstLine: s.firstLine, lastLine: s.lastLine };
}

/** A finite number from a parsed field, else null (JSON may hold strings, NaN spelled out…). */
export function num(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v !== "string" || v.trim() === "") return null;
  // Number() also takes "0x1f" and "1_0" is NaN; neither is printed by these tools.
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** A number printed with thousands separators ("686,320"). */
export function numWithCommas(s: string | undefined): number | null {
  return s === undefined ? null : num(s.replaceAll(",", ""));
}
