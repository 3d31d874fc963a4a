/**
 * JSON files and JSON-lines files, with errors placed on a line: a state file copied while the
 * trainer was writing it stops mid-object, and the person needs to know where.
 */
import { lastContentLine, lineAt } from "./log-lines.ts";
import type { IssueCode } from "./types.ts";

/**
 * Python's `json.dumps` writes the non-finite floats as bare `NaN`, `Infinity` and
 * `-Infinity` (its default `allow_nan=True`), which JSON.parse refuses: sglang.bench_serving
 * saves its default request rate, `float("inf")`, as `"request_rate": Infinity`, and a
 * Trainer state file holds `"grad_norm": NaN` after an overflowing step. Those tokens, outside
 * strings, are read as the strings "NaN", "Infinity" and "-Infinity" (numbers no reader
 * takes: `num` gives null). Only a text JSON.parse refuses is scanned.
 */
export function parsePythonJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const fixed = quoteNonFinite(text);
    if (fixed === text) throw e;
    try {
      return JSON.parse(fixed) as unknown;
    } catch (again) {
      // The error's position is in the fixed text; quotes add no line, so its line is the same.
      throw new PythonJsonError(again, fixed);
    }
  }
}

/** A parse error with the text its position refers to. */
class PythonJsonError extends Error {
  readonly parsed: string;
  constructor(cause: unknown, parsed: string) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.parsed = parsed;
  }
}

const NON_FINITE = ["-Infinity", "Infinity", "NaN"] as const;

/** The text with bare NaN/Infinity/-Infinity tokens (outside strings) put in quotes. */
function quoteNonFinite(text: string): string {
  let out = "";
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
      continue;
    }
    if (c !== 0x2d && c !== 0x49 && c !== 0x4e) continue; // "-", "I", "N"
    const token = NON_FINITE.find((t) => text.startsWith(t, i));
    if (!token) continue;
    out += `${text.slice(from, i)}"${token}"`;
    i += token.length - 1;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

export type JsonParse =
  | { ok: true; value: unknown }
  | { ok: false; line: number; code: Extract<IssueCode, "invalid-json" | "truncated-json"> };

/**
 * Parse a whole JSON text. An error at the end of the text is a truncation (placed on the last
 * non-blank line); elsewhere the engine's position, where it gives one, names the line.
 */
export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: parsePythonJson(text) };
  } catch (e) {
    const message = e instanceof Error ? e.message : "";
    const parsed = e instanceof PythonJsonError ? e.parsed : text;
    const end = parsed.trimEnd().length;
    const pos = /position (\d+)/.exec(message);
    const at = pos ? Number(pos[1]) : null;
    if (/end of JSON input/i.test(message) || (at !== null && at >= end - 1))
      return { ok: false, line: lastContentLine(text), code: "truncated-json" };
    return { ok: false, line: at === null ? 1 : lineAt(parsed, at), code: "invalid-json" };
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** One parsed line of a JSON-lines file. */
export interface JsonLine {
  line: number;
  value: Record<string, unknown>;
}

/**
 * Read a JSON-lines text: objects with their lines, and the lines that are not objects (the
 * last of which, unterminated, is a write cut off).
 */
export function readJsonLines(text: string): {
  objects: JsonLine[];
  bad: { line: number; unterminated: boolean }[];
  lineCount: number;
} {
  const objects: JsonLine[] = [];
  const bad: { line: number; unterminated: boolean }[] = [];
  let start = 0;
  let line = 0;
  while (start < text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    line++;
    let raw = text.slice(start, end).trim();
    start = end + 1;
    if (line === 1 && raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
    if (raw === "") continue;
    let value: unknown;
    try {
      value = parsePythonJson(raw);
    } catch {
      value = null;
    }
    if (isObject(value)) objects.push({ line, value });
    else bad.push({ line, unterminated: nl === -1 });
  }
  return { objects, bad, lineCount: line };
}

/** Line of the last occurrence of `"key"` in a pretty-printed JSON text (1 when absent). */
export function lineOfKey(text: string, key: string): number {
  const at = text.lastIndexOf(`"${key}"`);
  return at === -1 ? 1 : lineAt(text, at);
}
