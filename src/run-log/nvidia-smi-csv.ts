/**
 * Parser for `nvidia-smi --query-gpu=timestamp,index,name,memory.used,memory.total,
 * utilization.gpu,power.draw --format=csv -l 1` logs, with or without units and header, any
 * column order, several GPUs interleaved, CRLF endings, `[N/A]` readings and MiB/GiB values.
 *
 * Incremental: `createNvidiaSmiCsvParser()` returns `feed(chunk)` / `finish()`; each feed does
 * work proportional to its chunk only, so a UI can parse a large log in slices between frames.
 * Malformed lines are skipped, counted and listed with their line numbers.
 */
import { MEASURED_RUN_FIELDS } from "../estimate/measured/fields.ts";
import { BYTES_PER_MIB, SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from "../estimate/units.ts";
import type {
  ColumnKey,
  GpuSample,
  GpuSeries,
  MalformedLine,
  MalformedReason,
  ParseNote,
  ParsedLog,
  TooLarge,
} from "./types.ts";

/** Largest log accepted, bytes (characters for text already in memory). Larger ones are refused. */
export const MAX_LOG_BYTES = 50 * 1024 * 1024;
/** Malformed lines listed in detail; the rest are only counted. */
export const MALFORMED_DETAIL_LIMIT = 500;
/** Characters of a malformed line kept for display. */
export const EXCERPT_CHARS = 120;
/** A line longer than this is malformed (no nvidia-smi line comes close). */
export const MAX_LINE_CHARS = 4096;
/** Spacing assumed when the log has no timestamp column, seconds (the `-l 1` of the query). */
export const DEFAULT_INTERVAL_SECONDS = 1;
/** The documented query's column order, assumed for `noheader` logs. */
export const DEFAULT_COLUMNS: readonly ColumnKey[] = [
  "timestamp",
  "index",
  "name",
  "memoryUsed",
  "memoryTotal",
  "utilizationGpu",
  "powerDraw",
];

/** nvidia-smi field names (and the common aliases it accepts) → column keys. */
const COLUMN_NAMES: Record<string, ColumnKey> = {
  timestamp: "timestamp",
  index: "index",
  name: "name",
  gpu_name: "name",
  uuid: "uuid",
  gpu_uuid: "uuid",
  "pci.bus_id": "pciBusId",
  gpu_bus_id: "pciBusId",
  "memory.used": "memoryUsed",
  "memory.total": "memoryTotal",
  "utilization.gpu": "utilizationGpu",
  "power.draw": "powerDraw",
  "power.draw.average": "powerDraw",
  "power.draw.instant": "powerDraw",
};

export type SizeCheck = { ok: true } | TooLarge;

/** Check a file's size before reading it. */
export function checkLogSize(bytes: number): SizeCheck {
  return bytes > MAX_LOG_BYTES
    ? { ok: false, error: "too-large", limitBytes: MAX_LOG_BYTES, receivedBytes: bytes }
    : { ok: true };
}

export type CsvParseResult = { ok: true; log: ParsedLog } | TooLarge;

export interface CsvParseOptions {
  /** Column order for a log without a header; defaults to DEFAULT_COLUMNS. */
  columns?: readonly ColumnKey[];
}

export interface NvidiaSmiCsvParser {
  /** Parse the complete lines in `chunk`; keep a trailing partial line for the next call. */
  feed(chunk: string): void;
  /** Parse the last line, sort by time, and return the log (or the size refusal). */
  finish(): CsvParseResult;
}

const MEMORY_UNITS_MIB: Record<string, number> = {
  b: 1 / 2 ** 20,
  bytes: 1 / 2 ** 20,
  kib: 1 / 1024,
  kb: 1 / 1024,
  mib: 1,
  mb: 1, // nvidia-smi and most tools print MiB but some label it "MB"
  gib: 1024,
  gb: 1024,
  tib: 1024 * 1024,
  tb: 1024 * 1024,
};
const POWER_UNITS_W: Record<string, number> = { w: 1, mw: 1e-3, kw: 1e3 };
const PCT_UNITS: Record<string, number> = { "%": 1 };

type Kind = "memory" | "power" | "pct";
/** No GPU holds more than the memory-to-rent task accepts as a peak; beyond it, a reading is wrong. */
const MAX_MEMORY_MIB = MEASURED_RUN_FIELDS.peakBytes.max / BYTES_PER_MIB;
const KIND_OF: Partial<Record<ColumnKey, Kind>> = {
  memoryUsed: "memory",
  memoryTotal: "memory",
  utilizationGpu: "pct",
  powerDraw: "power",
};
const UNITS_OF: Record<Kind, Record<string, number>> = {
  memory: MEMORY_UNITS_MIB,
  power: POWER_UNITS_W,
  pct: PCT_UNITS,
};
const DEFAULT_UNIT: Record<Kind, string> = { memory: "mib", power: "w", pct: "%" };

const NUMBER_RE = /^([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([A-Za-z%]*)$/;

type QuantityResult = { ok: true; value: number | null } | { ok: false; reason: MalformedReason };

/** Parse one reading. `[N/A]`, `N/A`, `[Not Supported]` and empty give null (missing, not malformed). */
export function parseQuantity(raw: string, kind: Kind, headerUnit: string | null): QuantityResult {
  const s = raw.trim();
  if (s === "" || s === "N/A" || s === "-" || /^\[.*\]$/.test(s)) return { ok: true, value: null };
  const m = NUMBER_RE.exec(s);
  if (!m) return { ok: false, reason: "bad-number" };
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return { ok: false, reason: "bad-number" };
  const unit = (m[2] ?? "").toLowerCase() || headerUnit || DEFAULT_UNIT[kind];
  const factor = UNITS_OF[kind][unit];
  if (factor === undefined) return { ok: false, reason: "bad-unit" };
  const value = n * factor;
  if (
    !Number.isFinite(value) ||
    value < 0 ||
    (kind === "pct" && value > 100) ||
    (kind === "memory" && value > MAX_MEMORY_MIB)
  )
    return { ok: false, reason: "out-of-range" };
  return { ok: true, value };
}

/**
 * Epoch seconds of a wall-clock time matched as year, month, day, hour, minute, second and
 * an optional fraction (groups 1–7), read as UTC; null for a time that does not exist
 * (Date.UTC rolls 2024-02-31 over to March).
 */
export function utcSeconds(m: RegExpExecArray): number | null {
  const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, se);
  const check = new Date(ms);
  if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1) return null;
  return ms / 1000 + (m[7] ? Number(`0.${m[7]}`) : 0);
}

const TS_RE =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T](\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parse an nvidia-smi timestamp (`2024/05/01 12:00:00.123`), an ISO one, or plain epoch
 * seconds, into epoch seconds. Wall-clock times without a zone are read as UTC. Null if invalid.
 */
export function parseTimestamp(raw: string): number | null {
  const s = raw.trim();
  if (/^\d{9,11}(\.\d+)?$/.test(s)) {
    const n = Number(s);
    return Number.isFinite(n) ? n : null;
  }
  const m = TS_RE.exec(s);
  if (!m) return null;
  let seconds = utcSeconds(m);
  if (seconds === null) return null;
  const zone = m[8];
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    seconds -=
      sign *
      (Number(digits.slice(0, 2)) * SECONDS_PER_HOUR +
        Number(digits.slice(2, 4)) * SECONDS_PER_MINUTE);
  }
  return Number.isFinite(seconds) ? seconds : null;
}

/** Split a CSV line; handles double-quoted fields though nvidia-smi never quotes. */
function splitCsv(line: string): string[] {
  if (!line.includes('"')) return line.split(",");
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  out.push(cur);
  return out;
}

interface HeaderColumn {
  key: ColumnKey | null;
  unit: string | null;
}

/** Read a header line, or null when the line is not a header. */
function readHeader(fields: string[]): HeaderColumn[] | null {
  let known = 0;
  const cols: HeaderColumn[] = [];
  for (const f of fields) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_.]*)\s*(?:\[([^\]]*)\])?\s*$/.exec(f);
    if (!m) return null;
    const key = COLUMN_NAMES[(m[1] ?? "").toLowerCase()] ?? null;
    if (key) known++;
    const unit = m[2] ? m[2].trim().toLowerCase() : null;
    cols.push({ key, unit });
  }
  return known >= Math.min(2, fields.length) ? cols : null;
}

interface SeriesState {
  series: GpuSeries;
  lastEpochSeconds: number;
  unsorted: boolean;
}

/** Create an incremental parser. */
export function createNvidiaSmiCsvParser(options: CsvParseOptions = {}): NvidiaSmiCsvParser {
  const defaultColumns: HeaderColumn[] = (options.columns ?? DEFAULT_COLUMNS).map((key) => ({
    key,
    unit: null,
  }));
  let header: HeaderColumn[] | null = null;
  let hasHeader = false;
  let sawData = false;
  let pending = "";
  let lineNo = 0;
  let receivedBytes = 0;
  let tooLarge = false;
  let sampleCount = 0;
  let malformedCount = 0;
  let outOfOrder = 0;
  let firstOutOfOrderLine = 0;
  const malformed: MalformedLine[] = [];
  const notes: ParseNote[] = [];
  const byKey = new Map<string, SeriesState>();
  let nextOrdinal = 0;

  function bad(line: string, reason: MalformedReason, field: ColumnKey | null): void {
    malformedCount++;
    if (malformed.length < MALFORMED_DETAIL_LIMIT)
      malformed.push({ line: lineNo, reason, field, excerpt: line.slice(0, EXCERPT_CHARS) });
  }

  /**
   * One note for every repeated header, counted: `nvidia-smi` run in a loop without
   * `noheader` prints a header before every sample (86,400 in a day).
   */
  function repeatedHeader(line: number): void {
    const note = notes.find((n) => n.code === "repeated-header");
    if (note) note.params["count"] = Number(note.params["count"]) + 1;
    else notes.push({ code: "repeated-header", params: { line, count: 1 } });
  }

  function setHeader(cols: HeaderColumn[]): void {
    header = cols;
    const keys = new Set(cols.map((c) => c.key));
    for (const k of ["memoryUsed", "utilizationGpu"] as const) {
      if (
        !keys.has(k) &&
        !notes.some((n) => n.code === "missing-column" && n.params["column"] === k)
      )
        notes.push({ code: "missing-column", params: { column: k } });
    }
    if (!keys.has("timestamp") && !notes.some((n) => n.code === "no-timestamp-column"))
      notes.push({
        code: "no-timestamp-column",
        params: { intervalSeconds: DEFAULT_INTERVAL_SECONDS },
      });
  }

  function handleLine(rawLine: string): void {
    lineNo++;
    let line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    if (lineNo === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    if (line.trim() === "") return;
    if (line.length > MAX_LINE_CHARS) return bad(line, "line-too-long", null);
    const fields = splitCsv(line);
    const maybeHeader = readHeader(fields);
    if (maybeHeader) {
      if (sawData || hasHeader) repeatedHeader(lineNo);
      hasHeader = true;
      setHeader(maybeHeader);
      return;
    }
    if (!header) {
      notes.push({
        code: "no-header-default-order",
        params: { columns: defaultColumns.map((c) => c.key ?? "").join(",") },
      });
      setHeader(defaultColumns);
    }
    sawData = true;
    const cols = header as HeaderColumn[];
    if (fields.length !== cols.length) return bad(line, "field-count", null);
    let epochSeconds: number | null = null;
    let index: number | null = null;
    let name: string | null = null;
    let idKey: string | null = null;
    const values: Record<
      "memoryUsed" | "memoryTotal" | "utilizationGpu" | "powerDraw",
      number | null
    > = { memoryUsed: null, memoryTotal: null, utilizationGpu: null, powerDraw: null };
    for (let i = 0; i < cols.length; i++) {
      const col = cols[i] as HeaderColumn;
      const raw = (fields[i] ?? "").trim();
      switch (col.key) {
        case null:
          break;
        case "timestamp":
          epochSeconds = parseTimestamp(raw);
          if (epochSeconds === null) return bad(line, "bad-timestamp", "timestamp");
          break;
        case "index":
          if (!/^\d{1,4}$/.test(raw)) return bad(line, "bad-index", "index");
          index = Number(raw);
          break;
        case "name":
          name = raw === "" || /^\[.*\]$/.test(raw) ? null : raw;
          break;
        case "uuid":
        case "pciBusId":
          if (raw !== "" && idKey === null) idKey = `${col.key}:${raw}`;
          break;
        default: {
          const kind = KIND_OF[col.key] as Kind;
          const q = parseQuantity(raw, kind, col.unit);
          if (!q.ok) return bad(line, q.reason, col.key);
          values[col.key] = q.value;
        }
      }
    }
    const key =
      index !== null ? `index:${index}` : (idKey ?? (name !== null ? `name:${name}` : "single"));
    let st = byKey.get(key);
    if (!st) {
      const gpuIndex = index ?? nextOrdinal;
      nextOrdinal = Math.max(nextOrdinal, gpuIndex) + 1;
      st = {
        series: { index: gpuIndex, name, memoryTotalMiB: null, samples: [] },
        lastEpochSeconds: -Infinity,
        unsorted: false,
      };
      byKey.set(key, st);
    }
    if (epochSeconds === null) {
      // No timestamp column: space this GPU's samples by the assumed interval.
      epochSeconds = st.series.samples.length * DEFAULT_INTERVAL_SECONDS;
    }
    if (st.series.name === null && name !== null) st.series.name = name;
    const total = values.memoryTotal;
    if (total !== null && (st.series.memoryTotalMiB === null || total > st.series.memoryTotalMiB))
      st.series.memoryTotalMiB = total;
    if (epochSeconds < st.lastEpochSeconds) {
      st.unsorted = true;
      if (outOfOrder === 0) firstOutOfOrderLine = lineNo;
      outOfOrder++;
    } else st.lastEpochSeconds = epochSeconds;
    const sample: GpuSample = {
      line: lineNo,
      epochSeconds,
      memoryUsedMiB: values.memoryUsed,
      memoryTotalMiB: total,
      utilizationPct: values.utilizationGpu,
      powerW: values.powerDraw,
    };
    st.series.samples.push(sample);
    sampleCount++;
  }

  function consume(text: string, final: boolean): void {
    let start = 0;
    for (;;) {
      const nl = text.indexOf("\n", start);
      if (nl === -1) break;
      handleLine(text.slice(start, nl));
      start = nl + 1;
    }
    const rest = text.slice(start);
    if (final) {
      if (rest !== "") handleLine(rest);
      pending = "";
    } else pending = rest;
  }

  return {
    feed(chunk: string): void {
      if (tooLarge) return;
      receivedBytes += chunk.length;
      if (receivedBytes > MAX_LOG_BYTES) {
        tooLarge = true;
        pending = "";
        byKey.clear();
        return;
      }
      // A partial line longer than any real one: parse it now rather than let it grow.
      const text = pending + chunk;
      consume(text, false);
      if (pending.length > MAX_LINE_CHARS) {
        handleLine(pending);
        pending = "";
      }
    },
    finish(): CsvParseResult {
      if (tooLarge)
        return { ok: false, error: "too-large", limitBytes: MAX_LOG_BYTES, receivedBytes };
      consume(pending, true);
      const states = [...byKey.values()];
      for (const st of states) {
        // Stable sort keeps file order among equal timestamps.
        if (st.unsorted)
          st.series.samples.sort((a, b) => a.epochSeconds - b.epochSeconds || a.line - b.line);
      }
      if (outOfOrder > 0)
        notes.push({
          code: "timestamps-reordered",
          params: { count: outOfOrder, firstLine: firstOutOfOrderLine },
        });
      if (malformedCount > malformed.length)
        notes.push({
          code: "malformed-list-truncated",
          params: { listed: malformed.length, total: malformedCount },
        });
      const gpus = states.map((s) => s.series).sort((a, b) => a.index - b.index);
      const cols = header ?? [];
      return {
        ok: true,
        log: {
          format: "nvidia-smi-csv",
          hasHeader,
          columns: cols.map((c) => c.key),
          gpus,
          lineCount: lineNo,
          sampleCount,
          malformedCount,
          malformed,
          notes,
        },
      };
    },
  };
}

/** Parse a whole log at once (tests, small pastes). For big files feed slices instead. */
export function parseNvidiaSmiCsv(text: string, options: CsvParseOptions = {}): CsvParseResult {
  const check = checkLogSize(text.length);
  if (!check.ok) return check;
  const p = createNvidiaSmiCsvParser(options);
  p.feed(text);
  return p.finish();
}

/** Characters per slice for `parseNvidiaSmiCsvInSlices`: 256 kB parses in a few milliseconds. */
export const SLICE_CHARS = 256 * 1024;

/**
 * Parse in slices, awaiting `pause()` between them (an island passes something like
 * `() => new Promise((r) => setTimeout(r))`), so no slice blocks the page for long.
 */
export async function parseNvidiaSmiCsvInSlices(
  text: string,
  pause: () => Promise<void>,
  options: CsvParseOptions = {},
): Promise<CsvParseResult> {
  const check = checkLogSize(text.length);
  if (!check.ok) return check;
  const p = createNvidiaSmiCsvParser(options);
  for (let i = 0; i < text.length; i += SLICE_CHARS) {
    p.feed(text.slice(i, i + SLICE_CHARS));
    await pause();
  }
  return p.finish();
}
