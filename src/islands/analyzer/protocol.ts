/** Messages between the analyzer island and its worker. Plain data only (structured clone). */
import type { GpuSpec } from "../../estimate/gpu.ts";
import type { Finding, RunAnalysis, WorkDone } from "../../run-log/analysis.ts";
import type { ParseNote } from "../../run-log/types.ts";
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
  progressMalformedLines: number[];
}

export interface LoadedRun {
  name: string;
  format: "probe-json" | "nvidia-smi-csv";
  analysis: RunAnalysis;
  /** Per GPU (same order as analysis.gpus): chart points and a short table for screen readers. */
  timelines: TimelinePoint[][];
  tables: TimelinePoint[][];
  sampleCount: number;
  malformedCount: number;
  /** First malformed lines, for display. */
  malformed: { line: number; reason: string }[];
  notes: ParseNote[];
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
