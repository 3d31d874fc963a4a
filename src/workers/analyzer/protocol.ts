/** Messages between the analyzer's stores and its worker. Plain data only (structured clone). */
import type { GpuSpec } from "../../estimate/hardware/gpu.ts";
import type { LeftOut } from "../../run-log/cap.ts";
import type { Finding, FindingCode } from "../../run-log/findings.ts";
import type { GpuAnalysis } from "../../run-log/gpu-analysis.ts";
import type { RunAnalysis } from "../../run-log/run-analysis.ts";
import type { GpuSizing } from "../../run-log/sizing.ts";
import type { Throughput, WorkDone } from "../../run-log/throughput.ts";
import type { TimelinePoint } from "../../run-log/timeline.ts";
import type { ParseNote, ParseNoteCode } from "../../run-log/types.ts";
import type { IssueCode, LogReading } from "../../run-log/readers/types.ts";

export type Slot = "a" | "b";

/** What the analysis depends on beside the log: re-sent when the user changes one. */
export interface Settings {
  headroom: number;
  /** `unit` is a unit key ("samples") the page translates, or the probe's own word. */
  workDone?: WorkDone | undefined;
}

export type ToWorker =
  | { type: "catalog"; catalog: GpuSpec[] }
  /** One part of a pasted text, in order; the `load` with the same id follows the last. */
  | { type: "chunk"; id: number; text: string }
  | {
      type: "load";
      id: number;
      slot: Slot;
      /** A file, or the chunks sent before under this id. */
      file?: File;
      name: string;
      settings: Settings;
    }
  | { type: "settings"; id: number; slot: Slot; settings: Settings };

export interface ProbeSummary {
  driverVersion: string | null;
  cudaVersion: string | null;
  cpuCount: number | null;
  ramTotalMiB: number | null;
  diskFreeMiB: number | null;
  diskReadMiBps: number | null;
  torchVersion: string | null;
  command: string;
  exitStatus: number;
  progressUnit: string | null;
  /** The first malformed progress lines, and how many there were in all. */
  progressMalformedLines: number[];
  progressMalformedCount: number;
}

/**
 * A GPU as the page shows it: its idle gaps cut to the first few, with their count, and
 * the memory to rent (null when the task refused the GPU's readings).
 */
export type ShownGpu = GpuAnalysis & { idleGapCount: number; sizing: GpuSizing | null };

/**
 * A run as the page shows it. The worker cuts every list to what a page can render quickly
 * (a log can hold 20,000 GPUs): `analysis.gpus` are the first GPUs by index, `findings`
 * the first of each kind; the counts beside them cover the whole run.
 */
export interface LoadedRun {
  name: string;
  format: "probe-json" | "nvidia-smi-csv";
  analysis: Omit<RunAnalysis, "gpus" | "runFindings"> & { gpus: ShownGpu[] };
  throughput: Throughput | null;
  findings: Finding[];
  /** Findings of each kind beyond the ones listed. */
  findingsLeftOut: LeftOut<FindingCode>[];
  /** The catalog GPU the log's first GPU name matches; "" when none does for sure. */
  catalogGpu: string;
  /** GPUs with samples, and those of them that did any work. */
  gpuCount: number;
  busyGpuCount: number;
  /** The GPU with the highest peak (what "Use these measurements" saves), shown or not. */
  topGpu: ShownGpu | null;
  /** Per shown GPU (same order as analysis.gpus): chart points and a short table for screen readers. */
  timelines: TimelinePoint[][];
  tables: TimelinePoint[][];
  sampleCount: number;
  malformedCount: number;
  /** First malformed lines, for display. */
  malformed: { line: number; reason: string }[];
  notes: ParseNote[];
  notesLeftOut: LeftOut<ParseNoteCode>[];
  probe: ProbeSummary | null;
}

export type LoadError =
  | { error: "too-large"; limitBytes: number; receivedBytes: number }
  | { error: "invalid-json" }
  | { error: "schema"; path: string }
  | { error: "read-failed" }
  | { error: "no-data" }
  /** A framework or server log its reader could not measure: the format (when known) and the line. */
  | { error: "log-refused"; format: string | null; line: number; code: IssueCode };

export type FromWorker =
  | { type: "progress"; id: number; fraction: number }
  | { type: "done"; id: number; slot: Slot; run: LoadedRun }
  /** A trainer's or server's own log, read by `run-log/readers/` (recognised from its text). */
  | { type: "log"; id: number; slot: Slot; name: string; reading: LogReading }
  | { type: "failed"; id: number; slot: Slot; failure: LoadError };
