/**
 * The analyzer's worker: reads a file or pasted text, parses it in slices (posting progress),
 * and runs the analysis off the main thread, so a 10 MB log never blocks the page. It keeps
 * the last parsed log per slot so a new headroom or work count re-analyses without re-parsing,
 * and posts the page only what it shows (`view.ts`).
 */
import { analyzeRun } from "../../run-log/analysis.ts";
import type { WorkDone } from "../../run-log/analysis.ts";
import {
  checkLogSize,
  parseNvidiaSmiCsvInSlices,
  SLICE_CHARS,
} from "../../run-log/nvidia-smi-csv.ts";
import { detectFormat, readProbeJson } from "../../run-log/probe-json.ts";
import type { GpuSpec } from "../../estimate/gpu.ts";
import type { ParsedLog, ProgressPoint } from "../../run-log/types.ts";
import type { FromWorker, LoadedRun, ProbeSummary, Slot, ToWorker } from "./protocol.ts";
import { MALFORMED_SHOWN, runView } from "./view.ts";

interface Kept {
  name: string;
  format: LoadedRun["format"];
  log: ParsedLog;
  progress: ProgressPoint[];
  probe: ProbeSummary | null;
}

let catalog: GpuSpec[] = [];
const kept: Partial<Record<Slot, Kept>> = {};
const post = (m: FromWorker): void => postMessage(m);
const pause = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

function analyse(id: number, slot: Slot, headroom: number, workDone: WorkDone | undefined): void {
  const k = kept[slot];
  if (!k) return post({ type: "failed", id, slot, failure: { error: "no-data" } });
  const analysis = analyzeRun(k.log, {
    headroom,
    catalog,
    ...(workDone ? { workDone } : {}),
    progress: k.progress,
    ...(k.probe?.progressUnit ? { progressUnit: k.probe.progressUnit } : {}),
  });
  post({ type: "done", id, slot, run: runView(k, analysis) });
}

async function load(m: Extract<ToWorker, { type: "load" }>): Promise<void> {
  const { id, slot } = m;
  const fail = (failure: Extract<FromWorker, { type: "failed" }>["failure"]): void =>
    post({ type: "failed", id, slot, failure });
  const size = checkLogSize(m.file ? m.file.size : (m.text ?? "").length);
  if (!size.ok)
    return fail({
      error: "too-large",
      limitBytes: size.limitBytes,
      receivedBytes: size.receivedBytes,
    });
  let text: string;
  try {
    text = m.file ? await m.file.text() : (m.text ?? "");
  } catch {
    return fail({ error: "read-failed" });
  }
  let csv = text;
  let progress: ProgressPoint[] = [];
  let probe: ProbeSummary | null = null;
  const format = detectFormat(text);
  if (format === "probe-json") {
    const r = readProbeJson(text);
    if (!r.ok) {
      if (r.error === "too-large")
        return fail({
          error: "too-large",
          limitBytes: r.limitBytes,
          receivedBytes: r.receivedBytes,
        });
      if (r.error === "schema") return fail({ error: "schema", path: r.issues[0]?.path ?? "" });
      return fail({ error: "invalid-json" });
    }
    const p = r.probe;
    csv = p.samplesCsv;
    progress = r.progress;
    probe = {
      driverVersion: p.environment.driverVersion,
      cudaVersion: p.environment.cudaVersion,
      cpuCount: p.environment.cpuCount,
      ramTotalMiB: p.environment.ramTotalMiB,
      diskFreeMiB: p.environment.diskFreeMiB,
      diskReadMiBps: p.environment.diskReadMiBps,
      torchVersion: p.environment.torchVersion,
      command: p.command.argv.join(" ").slice(0, 300),
      exitStatus: p.command.exitStatus,
      progressUnit: p.progressUnit ?? null,
      progressMalformedLines: r.progressMalformedLines.slice(0, MALFORMED_SHOWN),
      progressMalformedCount: r.progressMalformedLines.length,
    };
  }
  const slices = Math.max(1, Math.ceil(csv.length / SLICE_CHARS));
  let done = 0;
  const parsed = await parseNvidiaSmiCsvInSlices(csv, async () => {
    done++;
    post({ type: "progress", id, fraction: Math.min(1, done / slices) });
    await pause();
  });
  if (!parsed.ok)
    return fail({
      error: "too-large",
      limitBytes: parsed.limitBytes,
      receivedBytes: parsed.receivedBytes,
    });
  kept[slot] = { name: m.name, format, log: parsed.log, progress, probe };
  analyse(id, slot, m.headroom, m.workDone);
}

// One message at a time, in order: a re-analysis sent while a file loads waits for that file.
let queue: Promise<void> = Promise.resolve();
onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  queue = queue
    .then(async () => {
      if (m.type === "catalog") catalog = m.catalog;
      else if (m.type === "load") await load(m);
      else analyse(m.id, m.slot, m.headroom, m.workDone);
    })
    .catch(() => {
      if (m.type !== "catalog")
        post({ type: "failed", id: m.id, slot: m.slot, failure: { error: "read-failed" } });
    });
};
