/**
 * The catalog GPU an nvidia-smi log names: the analyzer's comparison starts from it, so two
 * runs are compared at their GPUs' paper peaks without the user looking them up.
 */
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import { BYTES_PER_MIB } from "../estimate/units.ts";
import { safeDiv } from "./ratio.ts";

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
