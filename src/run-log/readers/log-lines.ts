/**
 * Walking a log's lines the way a person sees them in an editor, whatever wrote the file:
 * LF or CRLF endings, a byte-order mark, ANSI colour codes (torchtitan colours every field,
 * vLLM colours its level names), and carriage-return redraws (tqdm rewrites its bar with "\r",
 * so a captured console holds hundreds of bar states on one line). Line numbers count line
 * feeds, so they match the editor; every redraw on a line is visited with that line's number.
 *
 * One pass with indexOf, no regular expression over the whole text: a 50 MB log is a few
 * hundred thousand slices.
 */

/**
 * Largest text read, characters. Above the 50 MiB the nvidia-smi importer accepts, so a 50 MB
 * server log (a day of vLLM metrics lines at debug level) fits with room to spare.
 */
export const MAX_LOG_CHARS = 64 * 1024 * 1024;
/** A longer line is skipped: no line these tools print comes close (a JSONL benchmark result with per-request details is read as JSON, not by lines). */
export const MAX_LINE_CHARS = 64 * 1024;

const ESC = "\u001b";

/** Remove ANSI escape sequences (CSI `ESC [ … final`, and two-character escapes). */
export function stripAnsi(s: string): string {
  let at = s.indexOf(ESC);
  if (at === -1) return s;
  let out = "";
  let from = 0;
  while (at !== -1) {
    out += s.slice(from, at);
    let j = at + 1;
    if (s[j] === "[") {
      j++;
      // Parameter and intermediate bytes, then one final byte in @–~.
      while (j < s.length) {
        const c = s.charCodeAt(j++);
        if (c >= 0x40 && c <= 0x7e) break;
      }
    } else j++;
    from = j;
    at = s.indexOf(ESC, from);
  }
  return out + s.slice(from);
}

export interface LineVisit {
  /** The line (or one carriage-return piece of it), colour codes removed, not trimmed. */
  text: string;
  line: number;
  /** The text ended here without a line feed: the last line may have been cut off mid-write. */
  unterminated: boolean;
}

/**
 * Visit every non-blank line (and every non-blank carriage-return piece of a line). Lines
 * longer than MAX_LINE_CHARS are reported to `onTooLong` instead. Returns the line count.
 *
 * With `markers`, only lines holding one of them are visited: each marker's next occurrence is
 * found with one forward indexOf and kept until the walk passes it, so the lines in between
 * (most of a server log is access lines) are counted without being copied out.
 */
export function forEachLine(
  text: string,
  visit: (v: LineVisit) => void,
  onTooLong: (line: number) => void,
  markers?: readonly string[],
): number {
  let start = 0;
  let line = 0;
  const v: LineVisit = { text: "", line: 0, unterminated: false };
  const next = markers?.map((m) => text.indexOf(m)) ?? null;
  while (start < text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    line++;
    if (next && markers && !markedBetween(text, markers, next, start, end)) {
      start = end + 1;
      continue;
    }
    let raw = text.slice(start, end);
    start = end + 1;
    if (line === 1 && raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
    if (raw.length > MAX_LINE_CHARS) {
      onTooLong(line);
      continue;
    }
    v.line = line;
    v.unterminated = nl === -1;
    if (raw.includes("\r")) {
      for (const piece of raw.split("\r")) {
        if (piece.trim() === "") continue;
        v.text = stripAnsi(piece);
        visit(v);
      }
    } else if (raw.trim() !== "") {
      v.text = stripAnsi(raw);
      visit(v);
    }
  }
  return line;
}

/** Whether a marker occurs in [start, end); `next` holds each marker's next occurrence (or -1). */
function markedBetween(
  text: string,
  markers: readonly string[],
  next: number[],
  start: number,
  end: number,
): boolean {
  for (let k = 0; k < next.length; k++) {
    let at = next[k] as number;
    if (at !== -1 && at < start) {
      at = text.indexOf(markers[k] as string, start);
      next[k] = at;
    }
    if (at !== -1 && at < end) return true;
  }
  return false;
}

/** Line count of a text as `forEachLine` counts it. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n : n + 1;
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let n = 1;
  const stop = Math.min(offset, text.length);
  for (let i = text.indexOf("\n"); i !== -1 && i < stop; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/** Line of the last non-blank line (where a truncated file was cut). */
export function lastContentLine(text: string): number {
  const trimmed = text.trimEnd();
  return trimmed === "" ? 1 : lineAt(trimmed, trimmed.length);
}
