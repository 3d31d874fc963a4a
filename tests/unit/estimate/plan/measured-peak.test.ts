/**
 * A plan on a measured peak rents the peak plus its headroom, per GPU: the headroom is the
 * seeds' 15–25% on top of what the run peaked at, never a part of it.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";

const ctx = { gpus: loadGpuSpecs(), presets: PRESETS, prices: [] };

function rows(measured: Record<string, unknown>): PlanRow[] {
  const r = runRequest(
    {
      task: "plan",
      workload: { task: "train-memory", model: { preset: "llama-3.1-8b" }, lora: { rank: 16 } },
      tokens: 1e8,
      gpus: ["h100-sxm"],
      measured,
    },
    ctx,
  );
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return (r.result as unknown as { rows: PlanRow[] }).rows;
}

describe("plan on a measured peak", () => {
  it("rents peak × (1 + headroom) per GPU", () => {
    // 20 GB peaked, 20% headroom: 20e9 × 1.2 = 24e9 bytes on each GPU.
    const one = rows({ peakBytes: 20e9, gpus: 1, headroom: 0.2 }).find((r) => r.gpus === 1);
    expect(one?.memoryPerGpuBytes).toBe(24e9);
    // 15%: 20e9 × 1.15 = 23e9.
    const low = rows({ peakBytes: 20e9, gpus: 1, headroom: 0.15 }).find((r) => r.gpus === 1);
    expect(low?.memoryPerGpuBytes).toBeCloseTo(23e9, 0);
  });

  it("a peak that fits an H100 only without its headroom is tight there; one over it does not fit", () => {
    // H100 SXM: 81,559 MiB as nvidia-smi reports it, 85,520,809,984 bytes (content/gpus.json).
    // 75e9 × 1.2 = 90e9 does not fit with headroom, but the 75e9 peak does: tight, short by
    // 90e9 − 85,520,809,984 = 4,479,190,016 bytes. 75e9 × 1.05 = 78.75e9 fits.
    const at = (peakBytes: number, headroom: number) =>
      rows({ peakBytes, gpus: 1, headroom }).find((r) => r.gpus === 1);
    const tight = at(75e9, 0.2);
    expect(tight?.verdict).toBe("fits");
    expect(tight?.reasons).toContain("memory-tight");
    expect(tight?.memoryShortBytes).toBe(4_479_190_016);
    const roomy = at(75e9, 0.05);
    expect(roomy?.verdict).toBe("fits");
    expect(roomy?.reasons).not.toContain("memory-tight");
    expect(roomy?.memoryShortBytes).toBeUndefined();
    // An 86e9 peak is over 85,520,809,984 bytes: no H100 row on one GPU.
    expect(at(86e9, 0.2)).toBeUndefined();
  });
});
