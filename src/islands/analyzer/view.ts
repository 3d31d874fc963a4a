/**
 * From a parsed log and its analysis to what the page shows (`LoadedRun`), in the worker:
 * every list cut to a few items with counts of the rest, so neither the message to the page
 * nor its rendering grows with the log (a 10,000-GPU log once built a 10,000-row table).
 */
import type { FindingCode, GpuAnalysis, RunAnalysis } from "../../run-log/analysis.ts";
import { capByKind } from "../../run-log/cap.ts";
import { downsampleTimeline } from "../../run-log/timeline.ts";
import type { ParsedLog } from "../../run-log/types.ts";
import type { LoadedRun, ProbeSummary, ShownGpu } from "./protocol.ts";

/** GPUs listed in the table, the chart picker and the charts: more than any rented node has. */
export const GPUS_SHOWN = 16;
/** Findings of one kind listed (one per GPU, so a full 8- or 16-GPU node mostly fits). */
export const FINDINGS_PER_KIND = 8;
/** Parse notes of one kind listed. */
export const NOTES_PER_KIND = 5;
/** Idle gaps listed per GPU, and malformed lines listed. */
export const GAPS_SHOWN = 20;
export const MALFORMED_SHOWN = 20;
/** Chart points per GPU, and rows in the screen-reader table beside the chart. */
const CHART_POINTS = 300;
const TABLE_POINTS = 30;

const isUnused = (g: GpuAnalysis) => g.findings.some((f) => f.code === "gpu-unused");

function shown(g: GpuAnalysis): ShownGpu {
  return { ...g, idleGaps: g.idleGaps.slice(0, GAPS_SHOWN), idleGapCount: g.idleGaps.length };
}

export function runView(
  source: { name: string; format: LoadedRun["format"]; log: ParsedLog; probe: ProbeSummary | null },
  analysis: RunAnalysis,
): LoadedRun {
  const { log } = source;
  const all = analysis.gpus;
  const top = all.reduce<GpuAnalysis | null>(
    (m, g) => (m === null || g.peakMemoryBytes > m.peakMemoryBytes ? g : m),
    null,
  );
  const listed = all.slice(0, GPUS_SHOWN);
  // The series analysed are the log's GPUs with samples, in the same order.
  const series = log.gpus.filter((g) => g.samples.length > 0).slice(0, GPUS_SHOWN);
  const findings = capByKind<RunAnalysis["findings"][number], FindingCode>(
    analysis.findings,
    (f) => f.code,
    FINDINGS_PER_KIND,
  );
  const notes = capByKind(log.notes, (n) => n.code, NOTES_PER_KIND);
  return {
    name: source.name,
    format: source.format,
    analysis: { ...analysis, gpus: listed.map(shown), findings: findings.shown },
    gpuCount: all.length,
    busyGpuCount: Math.max(1, all.filter((g) => !isUnused(g)).length),
    topGpu: top && shown(top),
    findingsLeftOut: findings.leftOut,
    timelines: series.map((g) =>
      downsampleTimeline(g.samples, analysis.startEpochSeconds, CHART_POINTS),
    ),
    tables: series.map((g) =>
      downsampleTimeline(g.samples, analysis.startEpochSeconds, TABLE_POINTS),
    ),
    sampleCount: log.sampleCount,
    malformedCount: log.malformedCount,
    malformed: log.malformed
      .slice(0, MALFORMED_SHOWN)
      .map((m) => ({ line: m.line, reason: m.reason })),
    notes: notes.shown,
    notesLeftOut: notes.leftOut,
    probe: source.probe,
  };
}
