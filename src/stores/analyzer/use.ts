/**
 * "Use these measurements": the run's highest peak goes to `$measured` (the fit table's
 * measured basis) and, given the job's total work, its single-GPU hours to `$cost`. Both
 * figures come from the `measured-run` task through the engine, the command line's path; each
 * store checks what it takes by its own field table and the status says what was refused.
 */
import { atom } from "nanostores";
import { COST_FIELDS } from "../../estimate/cost/fields.ts";
import type { LoadedRun } from "../../workers/analyzer/protocol.ts";
import { setCost } from "../cost.ts";
import { loadEngine } from "../engine.ts";
import { setMeasured } from "../measured.ts";
import { $engineCatalog } from "../catalog.ts";
import { $settings } from "./settings.ts";
import { $slots } from "./slots.ts";

/** Stored fields whose refusal leaves nothing worth saving: the memory figures. */
const MEMORY_FIELDS = new Set(["*", "peakMemoryBytes", "recommendedBytes"]);
const HOURS_FIELD = COST_FIELDS.singleGpuHours;

export type UseStatus =
  | { kind: "failed" }
  /** The task or the store refused these fields, so nothing was saved. */
  | { kind: "nothing"; fields: string[] }
  | {
      kind: "saved";
      peakBytes: number;
      rentGB: number;
      /** Stored fields refused (they keep their defaults). */
      refused: string[];
      /** Hours set in the cost calculator; null when no total was given. */
      hours: number | null;
      /** Hours the cost calculator's field refused, with its range. */
      hoursRefused: { hours: number; min: number; max: number } | null;
    };

/** The latest status, with the run it is about: a new analysis makes it stale. */
export const $useStatus = atom<{ run: LoadedRun; status: UseStatus } | null>(null);

/** Rounded to 0.01 h (36 s): the cost form shows the value as sent, and a measured rate is not precise to the second. */
const hundredths = (h: number): number => Math.round(h * 100) / 100;

export async function saveMeasurements(): Promise<void> {
  const run = $slots.get().a.run;
  const top = run?.topGpu;
  if (!run || !top) return;
  const say = (status: UseStatus) => $useStatus.set({ run, status });
  const engine = await loadEngine();
  if (!engine) return say({ kind: "failed" });
  const s = $settings.get();
  const tp = run.throughput;
  const ctx = { gpus: $engineCatalog.get().gpus, presets: [] };
  const out = engine.run(
    {
      task: "measured-run",
      peakBytes: top.peakMemoryBytes,
      headroom: s.headroomPct / 100,
      gpus: run.busyGpuCount,
      ...(tp && tp.perHour > 0 ? { throughputPerHour: tp.perHour } : {}),
      ...(tp && tp.perHour > 0 && s.total > 0 ? { totalWork: s.total } : {}),
    },
    ctx,
  );
  if (!out.ok) return say({ kind: "nothing", fields: out.issues.map((i) => i.field) });
  const r = out.result;
  const refused = await setMeasured({
    gpuName: top.name ?? "",
    gpuCount: run.gpuCount,
    peakMemoryBytes: top.peakMemoryBytes,
    recommendedBytes: r.recommendedBytes,
    headroom: r.headroom,
    throughputPerHour: tp?.perHour ?? 0,
    workUnit: tp?.unit ?? "",
    // An nvidia-smi run carries no tokens/s: any earlier log's speed basis is replaced.
    gpuId: "",
    basisKind: "",
    tokensPerSecond: 0,
    concurrency: 0,
    burstRequests: 0,
    sourceFile: run.name,
    savedAt: Date.now(),
  });
  if (refused === null) return say({ kind: "failed" });
  if (refused.some((f) => MEMORY_FIELDS.has(f))) return say({ kind: "nothing", fields: refused });
  const hours = r.singleGpuHours === null ? null : hundredths(r.singleGpuHours);
  const bad = hours !== null && engine.check({ hours: HOURS_FIELD }, { hours }, ctx).issues.length;
  if (hours !== null && !bad) setCost({ singleGpuHours: hours });
  say({
    kind: "saved",
    peakBytes: top.peakMemoryBytes,
    rentGB: r.verdict.rentGB,
    refused,
    hours: bad ? null : hours,
    hoursRefused:
      hours !== null && bad ? { hours, min: HOURS_FIELD.min, max: HOURS_FIELD.max } : null,
  });
}
