/** Messages between the analyzer island and its worker. Plain data only (structured clone). */
import type { GpuSpec } from "../../estimate/gpu.ts";
import type {
  Finding,
  FindingCode,
  GpuAnalysis,
  RunAnalysis,
  WorkDone,
} from "../../run-log/analysis.ts";
import type { LeftOut } from "../../run-log/cap.ts";
import type { ParseNote, ParseNoteCode } from "../../run-log/types.ts";
import type { TimelinePoint } from "../../run-log/timeline.ts";

export type Slot = "a" | "b";

export type ToWorker =
  | { type: "catalog"; catalog: GpuSpec[] }
  | {
      type: "load";
      id: number;
      slot: Slot;
      file?: File;
      text?: string;
      name: string;
      headroom: number;
      workDone?: WorkDone | undefined;
    }
  | { type: "analyze"; id: number; slot: Slot; headroom: number; workDone?: WorkDone | undefined };

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

/** A GPU as the page shows it: its idle gaps cut to the first few, with their count. */
export type ShownGpu = GpuAnalysis & { idleGapCount: number };

/**
 * A run as the page shows it. The worker cuts every list to what a page can render quickly
 * (a log can hold 20,000 GPUs): `analysis.gpus` are the first GPUs by index, `analysis.findings`
 * the first of each kind; the counts beside them cover the whole run.
 */
export interface LoadedRun {
  name: string;
  format: "probe-json" | "nvidia-smi-csv";
  analysis: Omit<RunAnalysis, "gpus"> & { gpus: ShownGpu[] };
  /** GPUs with samples, and those of them that did any work. */
  gpuCount: number;
  busyGpuCount: number;
  /** The GPU with the highest peak (what "Use these measurements" saves), shown or not. */
  topGpu: ShownGpu | null;
  /** Findings of each kind beyond the ones listed. */
  findingsLeftOut: LeftOut<FindingCode>[];
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
  | { error: "no-data" };

export type FromWorker =
  | { type: "progress"; id: number; fraction: number }
  | { type: "done"; id: number; slot: Slot; run: LoadedRun }
  | { type: "failed"; id: number; slot: Slot; failure: LoadError };

export type { Finding };
