/**
 * Shared shapes of the run-log importer: what the parsers produce and what the analysis reads.
 * Plain data only (no classes, no Dates) so an island can keep results in a store or post them
 * from a worker. Units are in the names; a missing reading is `null`, never NaN.
 */

/** The nvidia-smi query columns the importer understands. */
export type ColumnKey =
  | "timestamp"
  | "index"
  | "name"
  | "uuid"
  | "pciBusId"
  | "memoryUsed"
  | "memoryTotal"
  | "utilizationGpu"
  | "powerDraw";

/** One reading of one GPU. */
export interface GpuSample {
  /** 1-based line number in the source text (for the probe JSON: in the embedded CSV). */
  line: number;
  /**
   * Seconds since 1970-01-01, reading the log's wall-clock timestamp as UTC (nvidia-smi prints
   * local time without a zone; the probe runs it with TZ=UTC so its samples are true epoch
   * seconds). Only differences matter to the analysis.
   */
  epochSeconds: number;
  memoryUsedMiB: number | null;
  memoryTotalMiB: number | null;
  utilizationPct: number | null;
  powerW: number | null;
}

/** All readings of one GPU, sorted by time. */
export interface GpuSeries {
  /** nvidia-smi's index, or the order of first appearance when the log has no index column. */
  index: number;
  name: string | null;
  /** Largest memory.total seen, MiB; null when the log has no such column or only [N/A]. */
  memoryTotalMiB: number | null;
  samples: GpuSample[];
}

export type MalformedReason =
  | "field-count"
  | "bad-timestamp"
  | "bad-index"
  | "bad-number"
  | "bad-unit"
  | "out-of-range"
  | "line-too-long";

/** A line that was skipped, and why. `field` names the offending column where there is one. */
export interface MalformedLine {
  line: number;
  reason: MalformedReason;
  field: ColumnKey | null;
  /** The first characters of the line, for display. */
  excerpt: string;
}

export type ParseNoteCode =
  /** No header line: columns assumed in the order of the documented query. Params: columns. */
  | "no-header-default-order"
  /** A header line again after data (joined logs, a loop without noheader). Params: line (the first), count. */
  | "repeated-header"
  /** Samples were out of time order and have been sorted. Params: count, firstLine. */
  | "timestamps-reordered"
  /** A column the analysis uses is absent. Params: column. */
  | "missing-column"
  /** No timestamp column: samples spaced by the assumed interval. Params: intervalSeconds. */
  | "no-timestamp-column"
  /** Lines beyond the detail limit were counted but not listed. Params: listed, total. */
  | "malformed-list-truncated";

export interface ParseNote {
  code: ParseNoteCode;
  params: Record<string, number | string>;
}

/** A parsed nvidia-smi CSV log. */
export interface ParsedLog {
  format: "nvidia-smi-csv";
  hasHeader: boolean;
  /** Columns in file order; `null` for a column the importer ignores. */
  columns: (ColumnKey | null)[];
  /** GPUs sorted by index. */
  gpus: GpuSeries[];
  /** Lines read, including blank ones and headers. */
  lineCount: number;
  /** Lines that became samples. */
  sampleCount: number;
  /** Count of every skipped line; `malformed` lists the first MALFORMED_DETAIL_LIMIT. */
  malformedCount: number;
  malformed: MalformedLine[];
  notes: ParseNote[];
}

/** A size refusal: the text is above the limit and was not parsed. */
export interface TooLarge {
  ok: false;
  error: "too-large";
  limitBytes: number;
  receivedBytes: number;
}

/** Cumulative work done at a time, from the probe's progress file. */
export interface ProgressPoint {
  epochSeconds: number;
  /** Cumulative count of work units (samples, tokens, frames...) done so far. */
  done: number;
}
