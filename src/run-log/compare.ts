/**
 * Two measured runs against their GPUs' paper peaks: the seed's rule (000_b78667d6c2b187ba,
 * "第二步：记录有效吞吐") — a big paper gap but only a 10-20% measured gap means the job is
 * limited by disk, CPU, network or memory bandwidth. The verdict thresholds live in
 * ../diagnosis.ts so the analyzer and the diagnosis calculator agree.
 */
import { diagnose } from "../estimate/diagnosis.ts";
import type { Verdict } from "../estimate/diagnosis.ts";
import type { GpuSpec } from "../estimate/gpu.ts";
import { BYTES_PER_MIB } from "../estimate/units.ts";
import { safeDiv } from "./ratio.ts";

export type PeakPrecision = "fp32" | "tf32" | "fp16" | "bf16" | "fp8" | "int8";

/** A node's paper peak, TFLOPS: per-GPU peak for `precision` × GPU count; null if the GPU lacks it. */
export function paperPeakTflops(
  gpu: GpuSpec,
  precision: PeakPrecision,
  gpuCount = 1,
): number | null {
  const per = precision === "fp32" ? gpu.fp32Tflops : gpu.tensorTflopsDense[precision];
  if (per === undefined || !Number.isFinite(per) || per <= 0) return null;
  const n = Number.isFinite(gpuCount) && gpuCount >= 1 ? Math.floor(gpuCount) : 1;
  return per * n;
}

export interface NodeRun {
  /** Effective throughput over the steady window, work units per second (same unit both sides). */
  throughputPerSecond: number;
  /** Paper peak of the whole node, TFLOPS (see paperPeakTflops). */
  paperPeakTflops: number;
}

export type ComparisonResult =
  | {
      ok: true;
      /** Which run is faster on paper; ratios below are that run over the other. */
      fasterOnPaper: "a" | "b";
      paperRatio: number;
      measuredRatio: number;
      /** (ratio − 1) × 100. */
      paperGapPct: number;
      measuredGapPct: number;
      /** Share of the paper speed-up the job achieved, 0..1 and beyond. */
      realizedShare: number;
      /** The faster-on-paper node measured slower. */
      measuredReversed: boolean;
      verdict: Verdict;
    }
  | { ok: false; error: "missing-throughput" | "missing-peak"; run: "a" | "b" };

const usable = (x: number): boolean => Number.isFinite(x) && x > 0;

export function compareRuns(a: NodeRun, b: NodeRun): ComparisonResult {
  for (const [run, r] of [
    ["a", a],
    ["b", b],
  ] as const) {
    if (!usable(r.throughputPerSecond)) return { ok: false, error: "missing-throughput", run };
    if (!usable(r.paperPeakTflops)) return { ok: false, error: "missing-peak", run };
  }
  const d = diagnose({
    throughputA: a.throughputPerSecond,
    throughputB: b.throughputPerSecond,
    peakA: a.paperPeakTflops,
    peakB: b.paperPeakTflops,
  });
  const fin = (x: number): number => (Number.isFinite(x) ? x : 0);
  return {
    ok: true,
    fasterOnPaper: b.paperPeakTflops < a.paperPeakTflops ? "a" : "b",
    paperRatio: fin(d.paperRatio),
    measuredRatio: fin(d.measuredRatio),
    paperGapPct: fin((d.paperRatio - 1) * 100),
    measuredGapPct: fin((d.measuredRatio - 1) * 100),
    realizedShare: fin(d.realizedShare ?? 0),
    measuredReversed: d.measuredRatio < 1,
    verdict: d.verdict,
  };
}

function tokens(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(
      (t) =>
        t !== "" &&
        t !== "nvidia" &&
        t !== "tesla" &&
        t !== "geforce" &&
        t !== "amd" &&
        t !== "instinct",
    )
    .map((t) => t.replace(/^(sxm|pcie)\d*$/, "$1"));
}
const isModelToken = (t: string): boolean =>
  /\d/.test(t) && !/^\d+gb$/.test(t) && !/^hbm\d*e?$/.test(t);

/**
 * The catalog GPU an nvidia-smi name (e.g. "NVIDIA A100-SXM4-80GB", "Tesla T4") refers to, or
 * null. Model tokens (those with digits) must agree both ways; memory size (from the name or
 * `memoryTotalMiB`) and form factor break ties.
 */
export function matchCatalogGpu(
  name: string,
  catalog: readonly GpuSpec[],
  memoryTotalMiB: number | null = null,
): GpuSpec | null {
  const nt = tokens(name);
  const nModel = nt.filter(isModelToken);
  if (nModel.length === 0) return null;
  let best: GpuSpec | null = null;
  let bestScore = -Infinity;
  let tie = false;
  for (const g of catalog) {
    const gt = tokens(g.id);
    const gModel = gt.filter(isModelToken);
    if (!gModel.every((t) => nt.includes(t)) || !nModel.every((t) => gt.includes(t))) continue;
    let score = 0;
    for (const t of gt) score += nt.includes(t) ? 1 : -1;
    // Within 10% of the catalog's memory.total: ECC on or off and driver versions move it.
    if (
      memoryTotalMiB !== null &&
      Math.abs(safeDiv(memoryTotalMiB * BYTES_PER_MIB, g.memoryTotalBytes, 0) - 1) <= 0.1
    )
      score += 2;
    if (score > bestScore) {
      best = g;
      bestScore = score;
      tie = false;
    } else if (score === bestScore) tie = true;
  }
  return tie ? null : best;
}
