/**
 * A rental decision's limits and billed hours: options within the deadline and budget come
 * first whatever the order asked, an option that misses them says so, when none meets them
 * the answer names what would; every row bills setup, downloads, reruns, checkpoints,
 * export and idle time beside the run.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { LimitsAnswer } from "../../../../src/estimate/plan/limits.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { loadReferencePrices } from "../../../../src/prices/load.ts";

// Reference prices are aged against a fixed day, so the rows used do not change as the
// file ages (a row over a year old is never used).
const ctx = {
  gpus: loadGpuSpecs(),
  presets: PRESETS,
  prices: loadReferencePrices(),
  today: "2026-12-05",
};

interface Plan {
  rows: PlanRow[];
  /** Indices into `rows`. */
  best: number[];
  limits: LimitsAnswer;
}
function plan(request: Record<string, unknown>): Plan {
  const r = runRequest({ task: "plan", ...request }, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as Plan;
}
const value = (row: PlanRow, key: string) => row.billed?.find((p) => p.key === key)?.value;

/** A render of 2,880 frames at 45 s each on RTX 4090s: 36 h of run on one GPU. */
const RENDER = {
  workload: { task: "render", secondsPerFrame: 45, frames: 2880 },
  measuredOn: "rtx-4090",
  gpus: ["rtx-4090"],
  prices: { "rtx-4090": 1 },
};
const NO_OVERHEADS = {
  setupHours: 0,
  rerunFraction: 0,
  checkpointEveryHours: 0,
  idleHours: 0,
};

describe("billed hours", () => {
  it("add setup, reruns and idle time to the run, and cost every billed hour", () => {
    const p = plan({ ...RENDER, setupHours: 2, rerunFraction: 0.1, idleHours: 3, maxGpus: 1 });
    const one = p.rows[0]!;
    expect(one.runHours).toBeCloseTo(36, 9);
    // 36 h run + 2 h setup + 3.6 h reruns (10% of 36) + 3 h idle = 44.6 h; nothing to download.
    expect(one.hours).toBeCloseTo(44.6, 9);
    expect(value(one, "reruns")).toBeCloseTo(3.6, 9);
    // At 1 per GPU-hour on one GPU the cost is the billed hours.
    expect(one.cost).toBeCloseTo(44.6, 9);
  });

  it("download the model's published weights over the stated network", () => {
    // Llama 3.1 8B has 8,030,261,248 parameters (its config.json); published in bf16 that
    // is 16.06 GB, which at 1 Gb/s (0.125 GB/s) takes 128.48 s = 0.03569 h.
    const p = plan({
      workload: { task: "train-memory", model: { preset: "llama-3.1-8b" }, lora: { rank: 8 } },
      tokens: 1e8,
      gpus: ["h100-sxm"],
      maxGpus: 1,
      networkGbps: 1,
      ...NO_OVERHEADS,
    });
    const row = p.rows[0]!;
    expect(value(row, "download")).toBeCloseTo((8_030_261_248 * 2) / 0.125e9 / 3600, 4);
    // The adapter alone is exported, far smaller than the model.
    expect(value(row, "export")!).toBeLessThan(value(row, "download")! / 100);
  });

  it("write a checkpoint after every interval of run but the last, at the disk's speed", () => {
    // Full fine-tuning of Llama 3.2 1B (1,235,814,400 parameters, its config.json) on one
    // H100; a checkpoint every 0.1 h of run.
    const p = plan({
      workload: { task: "train-memory", model: { preset: "llama-3.2-1b" } },
      tokens: 1e9,
      gpus: ["h100-sxm"],
      maxGpus: 1,
      ...NO_OVERHEADS,
      checkpointEveryHours: 0.1,
      diskGBps: 1,
    });
    const row = p.rows[0]!;
    const writes = Math.ceil(row.runHours! / 0.1) - 1;
    expect(writes).toBeGreaterThan(0);
    // Under torch.amp (bf16-mixed) a resumable checkpoint is the fp32 parameters and two
    // fp32 Adam states: 4 + 8 = 12 bytes per parameter; the 16-bit copy is a cache.
    const bytes = 1_235_814_400 * 12;
    expect(value(row, "checkpoints")).toBeCloseTo((writes * bytes) / 1e9 / 3600, 3);
  });
});

describe("deadline and budget are limits", () => {
  it("an option within the deadline comes first though another is cheaper", () => {
    // One GPU: 36 h, two: 18 h, four: 9 h (no overheads). Within 24 h, one GPU misses.
    const p = plan({ ...RENDER, ...NO_OVERHEADS, deadlineHours: 24, sortBy: "cost" });
    expect(p.rows[0]!.gpus).toBe(2);
    const single = p.rows.find((r) => r.gpus === 1)!;
    expect(single.meetsDeadline).toBe(false);
    expect(single.reasons).toContain("misses-deadline");
    expect(p.rows.at(-1)!.gpus).toBe(1);
    expect(p.limits.met).toBe(true);
  });

  it("an option over the budget ranks after one within it, sorted by time too", () => {
    // Every count costs 36 (GPU-hours × 1); a budget of 30 leaves none within it.
    const p = plan({ ...RENDER, ...NO_OVERHEADS, budget: 30, sortBy: "time" });
    expect(p.limits.met).toBe(false);
    const budget = p.limits.toMeet.find((t) => t.kind === "larger-budget");
    expect(budget).toMatchObject({ kind: "larger-budget", cost: 36 });
  });

  it("when none meets the deadline: the fastest, the cheapest and what would meet it", () => {
    // Four RTX 4090s take 9 h; within 5 h the plan needs eight (4.5 h), over its GPU limit.
    const p = plan({ ...RENDER, ...NO_OVERHEADS, deadlineHours: 5, maxGpus: 4 });
    expect(p.limits.met).toBe(false);
    expect(p.limits.fastest?.gpus).toBe(4);
    expect(p.limits.fastest?.hours).toBeCloseTo(9, 9);
    expect(p.limits.cheapest?.gpus).toBe(1);
    const kinds = p.limits.toMeet.map((t) => t.kind);
    expect(kinds).toContain("longer-deadline");
    expect(p.limits.toMeet.find((t) => t.kind === "longer-deadline")).toMatchObject({ hours: 9 });
    const more = p.limits.toMeet.find((t) => t.kind === "more-gpus");
    expect(more?.kind === "more-gpus" && more.row.gpu).toBe("rtx-4090");
    expect(more?.kind === "more-gpus" && more.row.gpus).toBe(8);
  });

  it("names more GPUs of the kind asked, and another GPU, when either meets the limit", () => {
    // One RTX 4090 takes 36 h; within 10 h four of them do (9 h), over the limit of one.
    const p = plan({ ...RENDER, ...NO_OVERHEADS, deadlineHours: 10, maxGpus: 1 });
    expect(p.limits.met).toBe(false);
    const more = p.limits.toMeet.find((t) => t.kind === "more-gpus");
    expect(more?.kind === "more-gpus" && [more.row.gpu, more.row.gpus]).toEqual(["rtx-4090", 4]);
    const other = p.limits.toMeet.find((t) => t.kind === "other-gpu");
    expect(other?.kind === "other-gpu" && other.row.gpu).not.toBe("rtx-4090");
    expect(other?.kind === "other-gpu" && other.row.hours! <= 10).toBe(true);
  });

  it("without limits nothing is judged", () => {
    const p = plan({ ...RENDER });
    expect(p.limits.met).toBeNull();
    expect(p.limits.toMeet).toEqual([]);
    expect(p.rows.every((r) => r.meetsDeadline === null)).toBe(true);
  });
});
