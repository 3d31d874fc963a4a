/**
 * A trainer's or server's log beside this site's estimate: what the log measured (steady
 * tokens/s, peak memory in its view, requests running and waiting, the KV pool), and the
 * plan's own estimate for the same setup, the calculators' current model and workload on the
 * GPU the user says the run used, through the plan task's `measured` field (the command
 * line's path). "Use as the basis" stores it for the decision table.
 */
import { atom, computed } from "nanostores";
import { basisPeakBytes, logMeasure, measuredSpeed } from "../../run-log/readers/measure.ts";
import type { SpeedBasis } from "../../estimate/measured/basis.ts";
import type { Issue } from "../../estimate/request/issue.ts";
import { $engine, loadEngine } from "../engine.ts";
import { $fit } from "../fit.ts";
import { $job } from "../job.ts";
import { $model } from "../model.ts";
import { $serving } from "../serving.ts";
import { $training } from "../training.ts";
import { TRAINING_FIELDS } from "../../estimate/memory/training-fields.ts";
import { $yourPrices } from "../your-prices.ts";
import { planRequest } from "../plan-request.ts";
import { setMeasured, setUseMeasured } from "../measured.ts";
import { MEASURED_DEFAULTS } from "../measured.ts";
import { $engineCatalog } from "../catalog.ts";
import { $slots } from "./slots.ts";

/** The catalog GPU the run used, and how many: the user's choice ("" until chosen). */
export const $logGpu = atom("");
export const $logGpus = atom(1);
export const setLogGpu = (id: string): void => $logGpu.set(id);
export function setLogGpus(n: number): void {
  if (Number.isInteger(n) && n >= 1 && n <= 1024) $logGpus.set(n);
}

const $reading = computed($slots, (s) => s.a.reading);

/** The log's measure at the chosen GPU count. */
export const $logMeasure = computed([$reading, $logGpus, $training], (r, gpus, t) =>
  r ? logMeasure(r.reading, gpus, t.seqLen ?? TRAINING_FIELDS.seqLen.default) : null,
);

export type LogBasisState =
  | { kind: "none" }
  /** What is missing before an estimate can stand beside the log. */
  | { kind: "needs"; what: "gpu" | "throughput" | "concurrency" | "engine" }
  | { kind: "refused"; issues: Issue[] }
  | { kind: "ready"; basis: SpeedBasis };

/** The plan request for one GPU with the log's measurement, or why there is none. */
const $logRequest = computed(
  [$logMeasure, $logGpu, $logGpus, $fit, $model, $training, $serving, $job, $yourPrices],
  (m, gpu, gpus, f, model, t, s, j, y) => {
    if (!m) return null;
    if (gpu === "") return { needs: "gpu" as const };
    const speed = measuredSpeed(m, gpu, gpus);
    if ("needs" in speed) return speed;
    const mode = m.kind === "training" ? "training" : "inference";
    const built = planRequest({ ...f, mode }, model, t, s, j, y);
    if (!built.ok) return { issues: built.issues };
    return { request: { ...built.request, gpus: [gpu], measured: speed.measured } };
  },
);

export const $logBasis = computed(
  [$logRequest, $engine, $engineCatalog],
  (r, e, { gpus, presets }): LogBasisState => {
    if (!r) return { kind: "none" };
    if ("needs" in r) return { kind: "needs", what: r.needs };
    if ("issues" in r) return { kind: "refused", issues: r.issues };
    if (!e) return { kind: "needs", what: "engine" };
    const out = e.run(r.request, { gpus, presets });
    if (!out.ok) return { kind: "refused", issues: out.issues };
    const basis = (out.result as { basis?: SpeedBasis | null }).basis;
    return basis ? { kind: "ready", basis } : { kind: "needs", what: "throughput" };
  },
);

// The estimate needs the engine: load it when a log arrives.
$reading.listen((r) => {
  if (r) void loadEngine();
});

/** Whether the basis was stored for the decision table (for the page to say so). */
export const $basisSaved = atom<{ gpuName: string; gpus: number } | null>(null);

/** Stores the log's measurement as the decision table's basis, and ticks its box. */
export async function saveLogBasis(): Promise<void> {
  const r = $reading.get();
  const m = $logMeasure.get();
  const b = $logBasis.get();
  if (!r || !m || b.kind !== "ready") return;
  const peak = basisPeakBytes(m);
  const refused = await setMeasured({
    ...MEASURED_DEFAULTS,
    gpuName: b.basis.gpuName,
    gpuCount: b.basis.gpus,
    peakMemoryBytes: peak ?? 0,
    recommendedBytes: peak === null ? 0 : peak * (1 + MEASURED_DEFAULTS.headroom),
    gpuId: b.basis.gpu,
    basisKind: m.kind,
    tokensPerSecond: b.basis.measuredTokensPerSecond,
    concurrency: m.concurrency ?? 0,
    burstRequests: m.burstRequests ?? 0,
    sourceFile: r.name,
    savedAt: Date.now(),
  });
  if (refused === null) return;
  setUseMeasured(true);
  $basisSaved.set({ gpuName: b.basis.gpuName, gpus: b.basis.gpus });
}
