/**
 * What vLLM's and SGLang's serving benchmarks leave behind, in either of two shapes: the saved
 * result (one JSON object, or JSON lines when results are appended run after run), or the
 * block printed at the end of a run:
 *
 *   ============ Serving Benchmark Result ============
 *   Successful requests:                     1000
 *   Benchmark duration (s):                  123.45
 *   …
 *   ==================================================
 *
 * ("{:<40} {:<10}" rows, a title centred in 50 "=", sub-headings centred in "-"). Several runs
 * in one text are several results; the readers measure the last and count the others as
 * segments.
 */
import { isObject, parseJson, readJsonLines } from "./json-text.ts";
import type { JsonLine } from "./json-text.ts";
import { countLines, forEachLine } from "./log-lines.ts";
import type { IssueList } from "./reading.ts";
import type { IssueCode, Segments } from "./types.ts";

export const BENCH_TITLE = "Serving Benchmark Result";

/** A printed result: each row's label (without the colon) → its text, and the row's line. */
export interface BenchBlock {
  line: number;
  lastLine: number;
  rows: Map<string, { text: string; line: number }>;
  /**
   * The load the run was started with, as vLLM prints it before the run ("Traffic request
   * rate: inf", "Maximum request concurrency: None"), from the lines since the previous block.
   */
  load: Map<string, string>;
}

/** The lines vLLM prints before a run that say what load it sends. */
const LOAD_LINE = /^(Traffic request rate|Maximum request concurrency):\s*(\S+)\s*$/;

/**
 * How many requests a benchmark sent at once, when it sent all of them at once: its request
 * rate infinite (vLLM saves "inf", SGLang `float("inf")`, read as "Infinity") and no limit on
 * requests in flight below their number. Null for a steady rate or a concurrency limit.
 */
export function burstSize(rate: unknown, limit: unknown, requests: number | null): number | null {
  const infinite = rate === "inf" || rate === "Infinity";
  if (!infinite || requests === null || requests < 1) return null;
  const cap = typeof limit === "number" ? limit : typeof limit === "string" ? Number(limit) : NaN;
  return Number.isFinite(cap) && cap < requests ? null : requests;
}

export type BenchText =
  | { kind: "json"; results: JsonLine[]; lineCount: number }
  | { kind: "block"; blocks: BenchBlock[]; lineCount: number }
  | { kind: "none"; line: number; code: IssueCode; lineCount: number };

/** Find the results in a benchmark's saved file or console output. */
export function readBenchText(text: string, issues: IssueList): BenchText {
  const head = text.replace(/^\uFEFF/, "").trimStart();
  if (head.startsWith("{")) {
    const whole = parseJson(text);
    if (whole.ok && isObject(whole.value))
      return {
        kind: "json",
        results: [{ line: 1, value: whole.value }],
        lineCount: countLines(text),
      };
    const lines = readJsonLines(text);
    if (lines.objects.length > 0) {
      for (const b of lines.bad) issues.unreadable(b.line, b.unterminated);
      return { kind: "json", results: lines.objects, lineCount: lines.lineCount };
    }
    const where = whole.ok ? { line: 1, code: "missing-field" as const } : whole;
    return { kind: "none", line: where.line, code: where.code, lineCount: lines.lineCount };
  }
  const blocks: BenchBlock[] = [];
  let open: BenchBlock | null = null;
  let load = new Map<string, string>();
  const lineCount = forEachLine(
    text,
    ({ text: t, line }) => {
      if (t.includes(BENCH_TITLE)) {
        open = { line, lastLine: line, rows: new Map(), load };
        load = new Map();
        blocks.push(open);
        return;
      }
      const trimmed = t.trim();
      if (!open) {
        const m = LOAD_LINE.exec(trimmed);
        if (m) load.set(m[1] as string, m[2] as string);
        return;
      }
      if (/^=+$/.test(trimmed)) {
        open = null;
        return;
      }
      const m = /^([^:]+):\s+(\S+)\s*$/.exec(trimmed);
      if (m) {
        open.rows.set((m[1] as string).trim(), { text: m[2] as string, line });
        open.lastLine = line;
      }
    },
    (line) => issues.add(line, "line-too-long"),
  );
  if (blocks.length === 0) return { kind: "none", line: 1, code: "no-readings", lineCount };
  return { kind: "block", blocks, lineCount };
}

export function benchSegments(count: number, firstLine: number, lastLine: number): Segments {
  return { count, used: count - 1, firstLine, lastLine };
}
