/**
 * The two-run comparison: each run's GPU (the catalog's match for the log's name until the
 * user picks one for that run) and precision give its paper peak; the measured throughputs
 * and the peaks go to the `diagnose` task, through the engine as on the diagnosis page and
 * the command line, for the ratios and the seed's verdict.
 */
import { atom, computed } from "nanostores";
import type { TaskRequest, TaskResult } from "../../estimate/registry.ts";
import type { PeakPrecision } from "../../run-log/paper-peak.ts";
import { paperPeakTflops } from "../../run-log/paper-peak.ts";
import type { LoadedRun, Slot } from "../../workers/analyzer/protocol.ts";
import { engineNow, loadEngine } from "../engine.ts";
import { $engineCatalog } from "../catalog.ts";
import { $run, $slots, SLOTS } from "./slots.ts";

export const PRECISIONS: readonly PeakPrecision[] = ["fp32", "tf32", "fp16", "bf16", "fp8", "int8"];

/** A run by its file and first GPU: a pick holds for that run, a new run starts from the match. */
const runKey = (r: LoadedRun | null) => `${r?.name ?? ""}|${r?.analysis.gpus[0]?.name ?? ""}`;

const $picked = atom<Partial<Record<Slot, { key: string; id: string }>>>({});
const $precision = atom<Record<Slot, PeakPrecision>>({ a: "bf16", b: "bf16" });

export interface CompareSide {
  run: LoadedRun | null;
  gpuId: string;
  precision: PeakPrecision;
  /** The node's paper peak, TFLOPS: per-GPU peak × the GPUs that did work; null if unknown. */
  peakTflops: number | null;
}

type DiagnoseRequest = { task: "diagnose" } & TaskRequest<"diagnose">;
type DiagnosisResult = TaskResult<"diagnose">;

/** What the comparison needs, or which run lacks what. */
export type CompareAsk =
  | { kind: "need-b" }
  | { kind: "missing"; error: "missing-throughput" | "missing-peak"; run: Slot }
  | { kind: "ask"; key: string; request: DiagnoseRequest };

export interface CompareState {
  a: CompareSide;
  b: CompareSide;
  ask: CompareAsk;
}

function ask(a: CompareSide, b: CompareSide): CompareAsk {
  if (!a.run || !b.run) return { kind: "need-b" };
  const figures = { a: { side: a, run: a.run }, b: { side: b, run: b.run } };
  for (const s of SLOTS) {
    const { side, run } = figures[s];
    if (!((run.throughput?.perHour ?? 0) > 0))
      return { kind: "missing", error: "missing-throughput", run: s };
    if (side.peakTflops === null) return { kind: "missing", error: "missing-peak", run: s };
  }
  const request: DiagnoseRequest = {
    task: "diagnose",
    ...(a.run.throughput ? { throughputA: a.run.throughput.perHour } : {}),
    ...(b.run.throughput ? { throughputB: b.run.throughput.perHour } : {}),
    ...(a.peakTflops === null ? {} : { peakA: a.peakTflops }),
    ...(b.peakTflops === null ? {} : { peakB: b.peakTflops }),
  };
  return { kind: "ask", key: JSON.stringify(request), request };
}

export const $compare = computed(
  [$run.a, $run.b, $picked, $precision, $engineCatalog],
  (runA, runB, picked, precision, { gpus }): CompareState => {
    const runs = { a: runA, b: runB };
    const side = (s: Slot): CompareSide => {
      const run = runs[s];
      const choice = picked[s];
      const gpuId = choice && choice.key === runKey(run) ? choice.id : (run?.catalogGpu ?? "");
      const spec = gpus.find((g) => g.id === gpuId);
      const peak = spec && run ? paperPeakTflops(spec, precision[s], run.busyGpuCount) : null;
      return { run, gpuId, precision: precision[s], peakTflops: peak };
    };
    const a = side("a");
    const b = side("b");
    return { a, b, ask: ask(a, b) };
  },
);

/** The task's answer for a comparison (by its request), or that none could be had. */
export type DiagnosisAnswer =
  { key: string; result: DiagnosisResult } | { key: string; failed: true };
export const $diagnosis = atom<DiagnosisAnswer | null>(null);

async function diagnoseNow(c: CompareState): Promise<void> {
  if (c.ask.kind !== "ask") return;
  const { key, request } = c.ask;
  if ($diagnosis.get()?.key === key) return;
  const engine = engineNow() ?? (await loadEngine());
  if (!engine) return $diagnosis.set({ key, failed: true });
  const out = engine.run(request, { gpus: $engineCatalog.get().gpus, presets: [] });
  $diagnosis.set(out.ok ? { key, result: out.result } : { key, failed: true });
}

$compare.subscribe((c) => void diagnoseNow(c));

export function pickGpu(slot: Slot, id: string): void {
  const runs = $slots.get();
  $picked.set({ ...$picked.get(), [slot]: { key: runKey(runs[slot].run), id } });
}

/** A precision from a select: only the listed ones are taken. */
export function pickPrecision(slot: Slot, precision: string): void {
  const p = PRECISIONS.find((x) => x === precision);
  if (p) $precision.set({ ...$precision.get(), [slot]: p });
}
