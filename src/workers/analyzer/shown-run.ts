/**
 * From a parsed log, its analysis and report to what the page shows (`LoadedRun`), in the
 * worker: every list cut to a few items with counts of the rest, so neither the message to
 * the page nor its rendering grows with the log (a 10,000-GPU log once built a 10,000-row
 * table). What depends only on the file (charts, notes) is cut once per file.
 */
import type { GpuSpec } from "../../estimate/hardware/gpu.ts";
import { capByKind } from "../../run-log/cap.ts";
import { matchCatalogGpu } from "../../run-log/gpu-match.ts";
import type { FindingCode } from "../../run-log/findings.ts";
import type { GpuAnalysis } from "../../run-log/gpu-analysis.ts";
import type { RunReport } from "../../run-log/report.ts";
import type { RunAnalysis } from "../../run-log/run-analysis.ts";
import { downsampleTimeline } from "../../run-log/timeline.ts";
import type { LoadedRun, ShownGpu } from "./protocol.ts";
import type { ReadLog } from "./read-log.ts";
import { MALFORMED_SHOWN } from "./read-log.ts";

/** GPUs listed in the table, the chart picker and the charts: more than any rented node has. */
export const GPUS_SHOWN = 16;
/** Findings of one kind listed (one per GPU, so a full 8- or 16-GPU node mostly fits). */
export const FINDINGS_PER_KIND = 8;
/** Parse notes of one kind listed. */
export const NOTES_PER_KIND = 5;
/** Idle gaps listed per GPU. */
export const GAPS_SHOWN = 20;
/** Chart points per GPU, and rows in the screen-reader table beside the chart. */
const CHART_POINTS = 300;
const TABLE_POINTS = 30;

/** What the page shows of a file whatever the settings. */
export type FileView = Pick<
  LoadedRun,
  | "name"
  | "format"
  | "catalogGpu"
  | "gpuCount"
  | "busyGpuCount"
  | "timelines"
  | "tables"
  | "sampleCount"
  | "malformedCount"
  | "malformed"
  | "notes"
  | "notesLeftOut"
  | "probe"
>;

export function fileView(
  name: string,
  read: ReadLog,
  analysis: RunAnalysis,
  catalog: readonly GpuSpec[],
): FileView {
  const { log } = read;
  const first = analysis.gpus[0];
  // The series analysed are the log's GPUs with samples, in the same order.
  const series = log.gpus.filter((g) => g.samples.length > 0).slice(0, GPUS_SHOWN);
  const points = (n: number) =>
    series.map((g) => downsampleTimeline(g.samples, analysis.startEpochSeconds, n));
  const notes = capByKind(log.notes, (n) => n.code, NOTES_PER_KIND);
  return {
    name,
    format: read.format,
    catalogGpu:
      (first?.name && matchCatalogGpu(first.name, catalog, first.memoryTotalMiB)?.id) || "",
    gpuCount: analysis.gpus.length,
    busyGpuCount: Math.max(1, analysis.gpus.filter((g) => !g.unused).length),
    timelines: points(CHART_POINTS),
    tables: points(TABLE_POINTS),
    sampleCount: log.sampleCount,
    malformedCount: log.malformedCount,
    malformed: log.malformed
      .slice(0, MALFORMED_SHOWN)
      .map((m) => ({ line: m.line, reason: m.reason })),
    notes: notes.shown,
    notesLeftOut: notes.leftOut,
    probe: read.probe,
  };
}

export function shownRun(file: FileView, analysis: RunAnalysis, report: RunReport): LoadedRun {
  const all = analysis.gpus;
  const shown = (g: GpuAnalysis, i: number): ShownGpu => ({
    ...g,
    idleGaps: g.idleGaps.slice(0, GAPS_SHOWN),
    idleGapCount: g.idleGaps.length,
    sizing: report.sized[i]?.sizing ?? null,
  });
  let top = -1;
  all.forEach((g, i) => {
    if (top < 0 || g.peakMemoryBytes > (all[top] as GpuAnalysis).peakMemoryBytes) top = i;
  });
  const findings = capByKind(report.findings, (f): FindingCode => f.code, FINDINGS_PER_KIND);
  const { gpus: _gpus, runFindings: _run, ...rest } = analysis;
  return {
    ...file,
    analysis: { ...rest, gpus: all.slice(0, GPUS_SHOWN).map(shown) },
    throughput: report.throughput,
    findings: findings.shown,
    findingsLeftOut: findings.leftOut,
    topGpu: top < 0 ? null : shown(all[top] as GpuAnalysis, top),
  };
}
