/**
 * The JSON written by `public/tools/gpu-probe.sh` (schema "gpu-probe/1"). The samples are
 * embedded as the raw nvidia-smi CSV text in `samplesCsv` (the same bytes as the CSV file
 * written beside it, named in `sampling.csvFile`), so one file carries everything and the CSV
 * goes through the same parser as a pasted log. The probe runs nvidia-smi with TZ=UTC, so
 * the sample timestamps and `command.startEpochSeconds` share one clock.
 *
 * Validated with zod/mini (this ships to the browser). Unknown fields are ignored; fields the
 * probe could not measure are null.
 */
import { z } from "zod/mini";
import { checkLogSize, createNvidiaSmiCsvParser } from "./nvidia-smi-csv.ts";
import type { CsvParseResult } from "./nvidia-smi-csv.ts";
import type { ParsedLog, ProgressPoint, TooLarge } from "./types.ts";

export const PROBE_SCHEMA_ID = "gpu-probe/1";

const num = z.nullable(z.number());
const str = z.nullable(z.string());
const maybe = <T extends z.core.SomeType>(t: T) => z.optional(z.nullable(t));

export const probeGpuSchema = z.object({
  index: z.number(),
  name: z.string(),
  /** memory.total as nvidia-smi reports it, MiB. */
  memoryTotalMiB: num,
});

export const probeSchema = z.object({
  /** Always PROBE_SCHEMA_ID. */
  schema: z.literal(PROBE_SCHEMA_ID),
  probeVersion: z.string(),
  /** When the probe wrote the file, epoch seconds. */
  createdEpochSeconds: z.number(),
  environment: z.object({
    gpus: z.array(probeGpuSchema),
    driverVersion: str,
    cudaVersion: str,
    /** `uname -sr`. */
    os: maybe(z.string()),
    cpuCount: num,
    ramTotalMiB: num,
    /** Free space where the probe wrote its output, MiB. */
    diskFreeMiB: num,
    /** Sequential read of a temp file just written (page cache dropped where permitted), MiB/s. */
    diskReadMiBps: num,
    diskTestMiB: num,
    pythonVersion: str,
    torchVersion: str,
    torchCudaVersion: str,
  }),
  command: z.object({
    argv: z.array(z.string()),
    startEpochSeconds: z.number(),
    endEpochSeconds: z.number(),
    exitStatus: z.int(),
  }),
  sampling: z.object({
    intervalSeconds: z.number(),
    /** Name of the raw CSV file written beside the JSON. */
    csvFile: z.string(),
    query: z.string(),
    timezone: z.string(),
  }),
  /** The nvidia-smi CSV, header included. */
  samplesCsv: z.string(),
  /**
   * Lines `<epoch seconds> <cumulative count>` the command appended to $GPU_PROBE_PROGRESS,
   * if it did. Optional.
   */
  progressLog: maybe(z.string()),
  /** Unit of the progress counts (`-u` option): samples, tokens, frames... */
  progressUnit: maybe(z.string()),
});

export type ProbeFile = z.infer<typeof probeSchema>;

export interface SchemaIssue {
  /** Dotted path of the offending field, "" for the root. */
  path: string;
  code: string;
}

export type ProbeReadResult =
  | { ok: true; probe: ProbeFile; progress: ProgressPoint[]; progressMalformedLines: number[] }
  | { ok: false; error: "invalid-json" }
  | { ok: false; error: "schema"; issues: SchemaIssue[] }
  | TooLarge;

/** Parse the progress log: one `<epoch seconds> <count>` per line; returns bad line numbers too. */
export function parseProgressLog(text: string): {
  points: ProgressPoint[];
  malformedLines: number[];
} {
  const points: ProgressPoint[] = [];
  const malformedLines: number[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    const m = /^(\d+(?:\.\d+)?)[\s,]+(\d+(?:\.\d+)?)(?:\s.*)?$/.exec(line);
    const t = m ? Number(m[1]) : NaN;
    const d = m ? Number(m[2]) : NaN;
    if (Number.isFinite(t) && Number.isFinite(d)) points.push({ epochSeconds: t, done: d });
    else malformedLines.push(i + 1);
  });
  return { points, malformedLines };
}

/** Read and validate a probe file (its samples are still CSV text: parse them next). */
export function readProbeJson(text: string): ProbeReadResult {
  const size = checkLogSize(text.length);
  if (!size.ok) return size;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: "invalid-json" };
  }
  const r = probeSchema.safeParse(data);
  if (!r.success)
    return {
      ok: false,
      error: "schema",
      issues: r.error.issues.map((i) => ({ path: i.path.map(String).join("."), code: i.code })),
    };
  const progress = parseProgressLog(r.data.progressLog ?? "");
  return {
    ok: true,
    probe: r.data,
    progress: progress.points,
    progressMalformedLines: progress.malformedLines,
  };
}

export type ProbeParseResult =
  | {
      ok: true;
      probe: ProbeFile;
      log: ParsedLog;
      progress: ProgressPoint[];
      progressMalformedLines: number[];
    }
  | Exclude<ProbeReadResult, { ok: true }>;

/** Read a probe file and parse its samples at once. For big files, feed `samplesCsv` in slices. */
export function parseProbeJson(text: string): ProbeParseResult {
  const r = readProbeJson(text);
  if (!r.ok) return r;
  const p = createNvidiaSmiCsvParser();
  p.feed(r.probe.samplesCsv);
  const csv: CsvParseResult = p.finish();
  if (!csv.ok) return csv;
  return {
    ok: true,
    probe: r.probe,
    log: csv.log,
    progress: r.progress,
    progressMalformedLines: r.progressMalformedLines,
  };
}

/** Which importer a text needs: a JSON object is a probe file, anything else a CSV log. */
export function detectFormat(text: string): "probe-json" | "nvidia-smi-csv" {
  const head = text
    .slice(0, 64)
    .replace(/^\uFEFF/, "")
    .trimStart();
  return head.startsWith("{") ? "probe-json" : "nvidia-smi-csv";
}
