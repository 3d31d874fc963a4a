/**
 * Fit verdicts in three levels on the decision table: a workload whose peak fits one GPU
 * runs on one, tight or not; only a peak that does not fit sends it to more GPUs.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";

const ctx = { gpus: loadGpuSpecs(), presets: PRESETS, prices: [] };

function rows(workload: Record<string, unknown>, gpus: string[]): PlanRow[] {
  const r = runRequest({ task: "plan", workload, tokens: 1e8, gpus }, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return (r.result as unknown as { rows: PlanRow[] }).rows;
}

describe("fit levels in the plan", () => {
  it("LoRA on a 7B model at 2k runs on one 24 GB card, as published tables say", () => {
    // LLaMA-Factory's README ("Hardware Requirement"): LoRA in 16 bit on a 7B model needs
    // about 16 GB; users run Qwen2.5-7B LoRA at 2k on one RTX 4090 (24 GB).
    const one = rows(
      {
        task: "train-memory",
        framework: "llama-factory",
        model: { preset: "qwen2.5-7b" },
        lora: { rank: 16 },
        seqLen: 2048,
      },
      ["rtx-4090"],
    ).find((r) => r.gpus === 1);
    expect(one?.verdict).toBe("fits");
    expect(one?.sharding).toBe("none");
  });

  it("a tight row says by how much, and a peak over the card is no row at all", () => {
    // A measured 24,000 MiB peak (25,165,824,000 bytes) on an RTX 4090 (24,564 MiB =
    // 25,757,220,864 bytes): the peak fits; with 20% headroom it needs 30,198,988,800 bytes,
    // 4,441,767,936 more than the card holds.
    const measured = { peakBytes: 24_000 * 2 ** 20, gpus: 1, headroom: 0.2 };
    const lora = { task: "train-memory", model: { preset: "qwen2.5-7b" }, lora: { rank: 16 } };
    const r = runRequest(
      { task: "plan", workload: lora, tokens: 1e8, gpus: ["rtx-4090"], measured },
      ctx,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const tight = (r.result as unknown as { rows: PlanRow[] }).rows.find((x) => x.gpus === 1);
    expect(tight?.reasons).toContain("memory-tight");
    expect(tight?.memoryShortBytes).toBe(4_441_767_936);
  });
});
