/**
 * A plan row opens on the total-cost page as itself (issue 17, item 6): the cost request
 * made from a row holds its GPUs, price, run hours and every billed hour beside the run, and
 * the cost page's own task bills it to the row's hours and total.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { costRequestOfRow } from "../../../../src/estimate/plan/cost-request.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { loadReferencePrices } from "../../../../src/prices/load.ts";
import { bestRows } from "../../../../src/stores/views/plan-rows.ts";

// Reference prices are aged against a fixed day, so the rows used do not change as the
// file ages (a row over a year old is never used).
const ctx = {
  gpus: loadGpuSpecs(),
  presets: PRESETS,
  prices: loadReferencePrices(),
  today: "2026-12-05",
};

function plan(request: Record<string, unknown>): PlanRow[] {
  const r = runRequest({ task: "plan", ...request }, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return bestRows(r.result as unknown as { rows: PlanRow[]; best: number[] });
}

interface Costed {
  options: { hours: number; runHours: number; total: number; costPerUnit: number | null }[];
}
function costOf(request: Record<string, unknown>) {
  return runRequest({ task: "cost", ...request }, ctx);
}

describe("a plan row on the cost page", () => {
  it("carries a render's GPU, price, run and overheads, worked by hand", () => {
    // 2,880 frames at 45 s on one RTX 4090: 36 h of run; 2 h setup, 10% reruns (3.6 h),
    // 3 h idle: 44.6 h billed, at 1.5 per GPU-hour 66.9.
    const [row] = plan({
      workload: { task: "render", secondsPerFrame: 45, frames: 2880 },
      measuredOn: "rtx-4090",
      gpus: ["rtx-4090"],
      maxGpus: 1,
      prices: { "rtx-4090": 1.5 },
      setupHours: 2,
      rerunFraction: 0.1,
      idleHours: 3,
      checkpointEveryHours: 0,
    });
    const request = costRequestOfRow(row!);
    expect(request).toMatchObject({
      options: [{ gpu: "rtx-4090", gpus: 1, pricePerHour: 1.5, runHours: 36 }],
      singleGpuHours: 36,
      setupHours: 2,
      idleHours: 3,
      downloadHours: 0,
      checkpointHours: 0,
      exportHours: 0,
      units: 2880,
    });
    expect(request!.rerunFraction).toBeCloseTo(0.1, 12);
    const r = costOf(request!);
    expect(r.ok).toBe(true);
    const option = r.ok ? (r.result as unknown as Costed).options[0]! : null;
    expect(option?.hours).toBeCloseTo(44.6, 9);
    expect(option?.total).toBeCloseTo(66.9, 9);
    expect(option?.costPerUnit).toBeCloseTo(66.9 / 2880, 12);
  });

  it("gives the 1-GPU hours a multi-GPU row's own scaling implies", () => {
    // Eight GPUs at 90% scaling that run 10 h: 10 x 8 x 0.9 = 72 h on one.
    const row = {
      gpu: "h100-sxm",
      gpus: 8,
      runHours: 10,
      billed: [{ key: "run", value: 10 }],
      pricePerGpuHour: 2,
      scalingEfficiency: 0.9,
    } as unknown as PlanRow;
    expect(costRequestOfRow(row)).toMatchObject({
      options: [{ gpu: "h100-sxm", gpus: 8, pricePerHour: 16, runHours: 10, scaling: 0.9 }],
      singleGpuHours: 72,
    });
  });

  it("bills every priced row of training, serving and render plans as the plan does", () => {
    const billing = {
      setupHours: 1.5,
      rerunFraction: 0.2,
      idleHours: 2,
      networkGbps: 1,
      datasetGB: 40,
      checkpointEveryHours: 1,
      diskGBps: 0.5,
    };
    const plans = [
      plan({
        workload: { task: "train-memory", model: { preset: "llama-3.1-8b" }, lora: { rank: 16 } },
        tokens: 2e8,
        prices: { "rtx-4090": 0.4, "h100-sxm": 2.5 },
        ...billing,
      }),
      plan({
        workload: {
          task: "serve",
          model: { preset: "llama-3.1-8b" },
          contextTokens: 8192,
          users: 40,
          outputTokensPerSecondPerUser: 10,
        },
        ...billing,
      }),
      plan({
        workload: { task: "render", secondsPerFrame: 20, frames: 5000 },
        measuredOn: "rtx-4090",
        deadlineHours: 12,
        ...billing,
      }),
    ];
    let checked = 0;
    for (const row of plans.flat()) {
      const request = costRequestOfRow(row);
      if (row.runHours === null) {
        expect(request).toBeNull();
        continue;
      }
      const r = costOf(request!);
      if (row.cost === null) {
        // No price: the cost page asks for it at the option's price field.
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.issues.map((i) => i.field)).toContain("options.0.pricePerHour");
        continue;
      }
      expect(r.ok, JSON.stringify(r.ok ? null : r.issues)).toBe(true);
      if (!r.ok) continue;
      const option = (r.result as unknown as Costed).options[0]!;
      expect(option.runHours).toBeCloseTo(row.runHours, 9);
      expect(option.hours / row.hours! - 1).toBeCloseTo(0, 12);
      expect(option.total / row.cost - 1).toBeCloseTo(0, 12);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe("a training row on the training-memory page", () => {
  it("names the sharding its memory was computed with, which the memory task repeats", () => {
    // Full training of Llama 3.1 8B does not fit one 80 GB H100 unsharded (16 bytes per
    // parameter of weights, gradients and Adam states alone is 128 GB): eight need ZeRO-3.
    const workload = { task: "train-memory", model: { preset: "llama-3.1-8b" } };
    const rows = plan({ workload, tokens: 1e8, gpus: ["h100-sxm"] });
    const row = rows[0]!;
    expect(row.reasons).toContain("needs-sharding");
    expect(row.sharding).toBe("zero3");
    const r = runRequest(
      { ...workload, gpu: row.gpu, gpus: row.gpus, sharding: row.sharding },
      ctx,
    );
    expect(r.ok).toBe(true);
    const bytes = r.ok ? (r.result as unknown as { recommendedBytes: number }).recommendedBytes : 0;
    expect(bytes).toBe(row.memoryPerGpuBytes);
  });
});
