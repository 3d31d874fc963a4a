/**
 * From a log's text to a parsed log: a probe file's embedded CSV and progress log, or a
 * plain nvidia-smi CSV, parsed in slices so the worker can post progress between them.
 */
import { parseNvidiaSmiCsvInSlices, SLICE_CHARS } from "../../run-log/nvidia-smi-csv.ts";
import { detectFormat, readProbeJson } from "../../run-log/probe-json.ts";
import type { ParsedLog, ProgressPoint } from "../../run-log/types.ts";
import type { LoadError, LoadedRun, ProbeSummary } from "./protocol.ts";

/** Malformed lines listed (of the log, and of a probe's progress log). */
export const MALFORMED_SHOWN = 20;

export interface ReadLog {
  format: LoadedRun["format"];
  log: ParsedLog;
  progress: ProgressPoint[];
  probe: ProbeSummary | null;
}

type ProbeRead = { csv: string; progress: ProgressPoint[]; probe: ProbeSummary } | LoadError;

function readProbe(text: string): ProbeRead {
  const r = readProbeJson(text);
  if (!r.ok) {
    if (r.error === "too-large")
      return { error: "too-large", limitBytes: r.limitBytes, receivedBytes: r.receivedBytes };
    if (r.error === "schema") return { error: "schema", path: r.issues[0]?.path ?? "" };
    return { error: "invalid-json" };
  }
  const p = r.probe;
  const env = p.environment;
  return {
    csv: p.samplesCsv,
    progress: r.progress,
    probe: {
      driverVersion: env.driverVersion,
      cudaVersion: env.cudaVersion,
      cpuCount: env.cpuCount,
      ramTotalMiB: env.ramTotalMiB,
      diskFreeMiB: env.diskFreeMiB,
      diskReadMiBps: env.diskReadMiBps,
      torchVersion: env.torchVersion,
      command: p.command.argv.join(" ").slice(0, 300),
      exitStatus: p.command.exitStatus,
      progressUnit: p.progressUnit ?? null,
      progressMalformedLines: r.progressMalformedLines.slice(0, MALFORMED_SHOWN),
      progressMalformedCount: r.progressMalformedLines.length,
    },
  };
}

/** Parses `text`, calling `between(fraction)` after each slice (to post progress and yield). */
export async function readLog(
  text: string,
  between: (fraction: number) => Promise<void>,
): Promise<ReadLog | LoadError> {
  const format = detectFormat(text);
  const probe = format === "probe-json" ? readProbe(text) : null;
  if (probe && "error" in probe) return probe;
  const csv = probe ? probe.csv : text;
  const slices = Math.max(1, Math.ceil(csv.length / SLICE_CHARS));
  let done = 0;
  const parsed = await parseNvidiaSmiCsvInSlices(csv, () => between(Math.min(1, ++done / slices)));
  if (!parsed.ok)
    return {
      error: "too-large",
      limitBytes: parsed.limitBytes,
      receivedBytes: parsed.receivedBytes,
    };
  return {
    format,
    log: parsed.log,
    progress: probe ? probe.progress : [],
    probe: probe ? probe.probe : null,
  };
}
