/**
 * JSON files and JSON-lines files, with errors placed on a line: a state file copied while the
 * trainer was writing it stops mid-object, and the person needs to know where.
 */
import { lastContentLine, lineAt } from "./log-lines.ts";
import type { IssueCode } from "./types.ts";

export type JsonParse =
  | { ok: true; value: unknown }
  | { ok: false; line: number; code: Extract<IssueCode, "invalid-json" | "truncated-json"> };

/**
 * Parse a whole JSON text. An error at the end of the text is a truncation (placed on the last
 * non-blank line); elsewhere the engine's position, where it gives one, names the line.
 */
export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    const message = e instanceof Error ? e.message : "";
    const end = text.trimEnd().length;
    const pos = /position (\d+)/.exec(message);
    const at = pos ? Number(pos[1]) : null;
    if (/end of JSON input/i.test(message) || (at !== null && at >= end - 1))
      return { ok: false, line: lastContentLine(text), code: "truncated-json" };
    return { ok: false, line: at === null ? 1 : lineAt(text, at), code: "invalid-json" };
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
      value = JSON.parse(raw);
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
