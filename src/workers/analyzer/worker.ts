/**
 * The analyzer's worker: reads a file or pasted text (sent in chunks), parses it in slices
 * (posting progress), analyses it and sizes its memory through the `measured-run` task, all
 * off the main thread, so no log or paste blocks the page. It keeps each slot's analysis, so
 * a new headroom or work count only redoes the throughput and the sizing, and posts the page
 * only what it shows (`shown-run.ts`).
 */
import type { GpuSpec } from "../../estimate/hardware/gpu.ts";
import { checkLogSize } from "../../run-log/nvidia-smi-csv.ts";
import { detectLogFormat, readRunLog } from "../../run-log/readers/index.ts";
import { detectFormat } from "../../run-log/probe-json.ts";
import { reportRun } from "../../run-log/report.ts";
import type { RunAnalysis } from "../../run-log/run-analysis.ts";
import { analyzeRun } from "../../run-log/run-analysis.ts";
import type { FromWorker, LoadError, Settings, Slot, ToWorker } from "./protocol.ts";
import type { ReadLog } from "./read-log.ts";
import { readLog } from "./read-log.ts";
import type { FileView } from "./shown-run.ts";
import { fileView, shownRun } from "./shown-run.ts";

interface Kept {
  read: ReadLog;
  analysis: RunAnalysis;
  file: FileView;
}

let catalog: GpuSpec[] = [];

/** Readers of JSON files: a probe file (also JSON) may quote a trainer's console lines. */
const JSON_READERS = new Set(["hf-trainer-state", "vllm-bench", "sglang-bench"]);
function isFrameworkLog(text: string): boolean {
  const id = detectLogFormat(text);
  if (id === null) return false;
  return detectFormat(text) !== "probe-json" || JSON_READERS.has(id);
}
const kept: Partial<Record<Slot, Kept>> = {};
/** Pasted text arriving in chunks, by load id. */
const chunks = new Map<number, string[]>();
const post = (m: FromWorker): void => postMessage(m);
const pause = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
/** Progress is posted at most this often: each post re-renders the page's progress bar. */
const PROGRESS_EVERY_MS = 100;

function report(id: number, slot: Slot, settings: Settings): void {
  const k = kept[slot];
  if (!k) return post({ type: "failed", id, slot, failure: { error: "no-data" } });
  const r = reportRun(k.analysis, {
    headroom: settings.headroom,
    catalog,
    workDone: settings.workDone,
    progress: k.read.progress,
    ...(k.read.probe?.progressUnit ? { progressUnit: k.read.probe.progressUnit } : {}),
  });
  post({ type: "done", id, slot, run: shownRun(k.file, k.analysis, r) });
}

async function load(m: Extract<ToWorker, { type: "load" }>): Promise<void> {
  const { id, slot } = m;
  const fail = (failure: LoadError): void => post({ type: "failed", id, slot, failure });
  const parts = chunks.get(id) ?? [];
  chunks.delete(id);
  const size = checkLogSize(m.file ? m.file.size : parts.reduce((n, p) => n + p.length, 0));
  if (!size.ok)
    return fail({
      error: "too-large",
      limitBytes: size.limitBytes,
      receivedBytes: size.receivedBytes,
    });
  let text: string;
  try {
    text = m.file ? await m.file.text() : parts.join("");
  } catch {
    return fail({ error: "read-failed" });
  }
  // A trainer's or server's own log (recognised from its text), else nvidia-smi or a probe.
  if (isFrameworkLog(text)) {
    const r = readRunLog(text);
    if (!r.ok) {
      const first = r.issues[0] ?? { line: 1, code: "unrecognised-format" as const };
      return fail({ error: "log-refused", format: r.format?.id ?? null, ...first });
    }
    delete kept[slot];
    return post({ type: "log", id, slot, name: m.name, reading: r });
  }
  let posted = 0;
  const read = await readLog(text, async (fraction) => {
    const now = Date.now();
    if (now - posted >= PROGRESS_EVERY_MS) {
      posted = now;
      post({ type: "progress", id, fraction });
    }
    await pause();
  });
  if ("error" in read) return fail(read);
  const analysis = analyzeRun(read.log);
  kept[slot] = { read, analysis, file: fileView(m.name, read, analysis, catalog) };
  report(id, slot, m.settings);
}

// One message at a time, in order: a re-analysis sent while a file loads waits for that file.
let queue: Promise<void> = Promise.resolve();
onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  if (m.type === "chunk") {
    // Kept at once, not queued: the load that uses them is queued after them anyway.
    const list = chunks.get(m.id) ?? [];
    list.push(m.text);
    chunks.set(m.id, list);
    return;
  }
  queue = queue
    .then(async () => {
      if (m.type === "catalog") catalog = m.catalog;
      else if (m.type === "load") await load(m);
      else report(m.id, m.slot, m.settings);
    })
    .catch(() => {
      if (m.type !== "catalog")
        post({ type: "failed", id: m.id, slot: m.slot, failure: { error: "read-failed" } });
    });
};
