/**
 * The memory to rent for each GPU of a run, through the `measured-run` task: the same
 * checker, headroom and catalog verdict as every calculator and the command line
 * (`{"task":"measured-run","peakBytes":…}`). What the task says about the fit becomes
 * findings beside the measurements.
 */
import type { MeasuredRunResult, Outcome } from "../estimate/index.ts";
import { measuredRunTask, rentGB, runTask } from "../estimate/index.ts";
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import { MEASURED_RUN_FIELDS } from "../estimate/measured/fields.ts";
import { bytesToMiB, BYTES_PER_MIB } from "../estimate/units.ts";
import type { Finding } from "./findings.ts";
import { findingsOf } from "./findings.ts";
import type { GpuAnalysis } from "./gpu-analysis.ts";

export interface CatalogFit {
  id: string;
  name: string;
  /** Memory as sold, GB, for display. */
  memoryGB: number;
  /** What the fit was judged against: nvidia-smi memory.total, MiB. */
  memoryTotalMiB: number;
}

export interface GpuSizing {
  headroom: number;
  recommendedBytes: number;
  /** GB (10⁹ bytes) to rent, rounded up to 0.1 GB: the figure every memory estimate leads with. */
  rentGB: number;
  /** GB to rent at the seeds' 15% and 25% headroom, rounded up the same way. */
  seedRangeGB: { low: number; high: number };
  /** Smallest catalog GPU whose memory holds the need; null if none (or no catalog). */
  smallestFit: CatalogFit | null;
  /** Smallest catalog GPU well below this GPU's own memory that still holds it. */
  smallerFit: CatalogFit | null;
  /** Does this GPU's own memory hold the need? null when memory.total is unknown. */
  fitsOwnMemory: boolean | null;
}

export interface SizingOptions {
  /** Share of the peak added on top; the task's field states its range and default. */
  headroom?: number;
  catalog?: readonly GpuSpec[];
}

export interface SizedGpu {
  /** null when the task refused the request (a reading beyond what it accepts). */
  sizing: GpuSizing | null;
  findings: Finding[];
}

function fit(catalog: readonly GpuSpec[], id: string | undefined): CatalogFit | null {
  const g = catalog.find((x) => x.id === id);
  return g
    ? {
        id: g.id,
        name: g.name,
        memoryGB: g.memoryGB,
        memoryTotalMiB: g.memoryTotalBytes / BYTES_PER_MIB,
      }
    : null;
}

/** The request for one GPU: its peak, and its own memory.total when the log gives a usable one. */
function request(g: GpuAnalysis, headroom: number | undefined) {
  const total = g.memoryTotalMiB;
  const field = MEASURED_RUN_FIELDS.memoryTotalMiB;
  return {
    peakBytes: g.peakMemoryBytes,
    ...(headroom === undefined ? {} : { headroom }),
    ...(total !== null && total > field.min && total <= field.max ? { memoryTotalMiB: total } : {}),
  };
}

function sized(g: GpuAnalysis, r: MeasuredRunResult, catalog: readonly GpuSpec[]): SizedGpu {
  const { list: findings, warn, info } = findingsOf(g.index);
  const sizing: GpuSizing = {
    headroom: r.headroom,
    recommendedBytes: r.recommendedBytes,
    rentGB: r.verdict.rentGB,
    seedRangeGB: { low: rentGB(r.seedRangeBytes.low), high: rentGB(r.seedRangeBytes.high) },
    smallestFit: fit(catalog, r.verdict.fitsOn[0]),
    smallerFit: fit(catalog, r.own?.smallerFitsOn[0]),
    fitsOwnMemory: r.own ? r.own.fit === "fits" : null,
  };
  if (!r.own) info("memory-total-unknown");
  else if (r.own.fit !== "fits")
    warn("recommended-exceeds-gpu", {
      recommendedMiB: bytesToMiB(r.recommendedBytes),
      totalMiB: bytesToMiB(r.own.capacityBytes),
      headroomPct: r.headroom * 100,
    });
  if (catalog.length > 0 && g.peakMemoryBytes > 0) {
    const s = sizing.smallerFit;
    if (s)
      info("smaller-gpu-fits", {
        gpuId: s.id,
        gpuName: s.name,
        memoryGB: s.memoryGB,
        memoryTotalMiB: s.memoryTotalMiB,
        recommendedGB: sizing.rentGB,
      });
    if (!sizing.smallestFit) warn("no-catalog-gpu-fits", { recommendedGB: sizing.rentGB });
  }
  return { sizing, findings };
}

/**
 * Every GPU's memory to rent. GPUs with the same peak and memory.total share one task run
 * (a node's GPUs often peak alike; a 20,000-GPU log would otherwise run it 20,000 times).
 */
export function sizeGpus(gpus: readonly GpuAnalysis[], opts: SizingOptions = {}): SizedGpu[] {
  const catalog = opts.catalog ?? [];
  const ctx = { gpus: catalog, presets: [] };
  const runs = new Map<string, Outcome<MeasuredRunResult>>();
  return gpus.map((g) => {
    const key = `${g.peakMemoryBytes}|${g.memoryTotalMiB}`;
    let out = runs.get(key);
    if (!out) {
      out = runTask(measuredRunTask, request(g, opts.headroom), ctx);
      runs.set(key, out);
    }
    if (out.ok) return sized(g, out.result, catalog);
    const first = out.issues[0];
    const { list, warn } = findingsOf(g.index);
    warn("memory-not-sized", { field: first?.field ?? "", code: first?.code ?? "" });
    return { sizing: null, findings: list };
  });
}
