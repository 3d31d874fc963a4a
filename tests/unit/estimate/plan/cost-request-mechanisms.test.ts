/**
 * The cost page's request for a plan row (`plan/cost-request.ts`) on hand-made rows: every
 * field it carries, worked by hand, and the keys it leaves out when the row has no price,
 * one GPU, no units, no currency or no run.
 */
import { describe, expect, it } from "vitest";
import { costRequestOfRow } from "../../../../src/estimate/plan/cost-request.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { doesNotFit } from "../../../../src/estimate/plan/row.ts";
import { part } from "../../../../src/estimate/result.ts";
import { a100 } from "../helpers.ts";

/** A row on A100s that runs, with nothing billed yet. */
function row(over: Partial<PlanRow>): PlanRow {
  return { ...doesNotFit(a100, 1), verdict: "fits", reasons: [], ...over };
}

/** A 20 h run billed with every overhead, each a distinct figure. */
const BILLED = [
  part("run", 20),
  part("setup", 0.5),
  part("data-prep", 0),
  part("download", 0.25),
  part("reruns", 3),
  part("checkpoints", 0.75),
  part("export", 0.125),
  part("idle", 4),
];

describe("a row's cost request", () => {
  it("carries every billed hour, the price per node-hour and the 1-GPU hours", () => {
    const request = costRequestOfRow(
      row({
        gpus: 8,
        runHours: 20,
        billed: BILLED,
        pricePerGpuHour: 2.5,
        scalingEfficiency: 0.8,
        units: 4,
        currency: "CNY",
      }),
    );
    expect(request).toEqual({
      // 8 GPUs at 2.5 per GPU-hour: 20 per hour for the node.
      options: [{ gpu: "a100-80gb-sxm", gpus: 8, pricePerHour: 20, runHours: 20, scaling: 0.8 }],
      // 20 h on 8 GPUs at 80% scaling: 20 · 8 · 0.8 = 128 h on one.
      singleGpuHours: 128,
      baseGpu: "a100-80gb-sxm",
      setupHours: 0.5,
      downloadHours: 0.25,
      // 3 h of reruns over a 20 h run: 3 / 20 = 0.15.
      rerunFraction: 0.15,
      checkpointHours: 0.75,
      exportHours: 0.125,
      idleHours: 4,
      units: 4,
      currency: "CNY",
    });
  });

  it("a multi-GPU row without a scaling figure scales linearly (efficiency 1)", () => {
    // 4 GPUs for 10 h at scaling 1: 10 · 4 · 1 = 40 h on one.
    const request = costRequestOfRow(
      row({ gpus: 4, runHours: 10, pricePerGpuHour: 1, scalingEfficiency: null }),
    );
    expect(request?.options?.[0]?.scaling).toBe(1);
    expect(request?.singleGpuHours).toBe(40);
  });

  it("one GPU names no scaling; a row without billed parts bills nothing beside the run", () => {
    // A one-GPU row whose efficiency is set must still name none: 6 h on one GPU is 6 h.
    // Strict: a key left undefined (no scaling, no units, no currency) must be absent.
    const request = costRequestOfRow(
      row({ gpus: 1, runHours: 6, pricePerGpuHour: 3, scalingEfficiency: 0.5, billed: null }),
    );
    expect(request).toStrictEqual({
      options: [{ gpu: "a100-80gb-sxm", gpus: 1, pricePerHour: 3, runHours: 6 }],
      singleGpuHours: 6,
      baseGpu: "a100-80gb-sxm",
      setupHours: 0,
      downloadHours: 0,
      rerunFraction: 0,
      checkpointHours: 0,
      exportHours: 0,
      idleHours: 0,
    });
  });

  it("a row without a price leaves the price to fill; a zero run has no 1-GPU hours", () => {
    const request = costRequestOfRow(
      row({
        gpus: 2,
        runHours: 0,
        billed: [part("run", 0), part("setup", 1), part("reruns", 0)],
        pricePerGpuHour: null,
        scalingEfficiency: 0.9,
      }),
    );
    expect(request).toStrictEqual({
      options: [{ gpu: "a100-80gb-sxm", gpus: 2, runHours: 0, scaling: 0.9 }],
      baseGpu: "a100-80gb-sxm",
      setupHours: 1,
      downloadHours: 0,
      // No run to divide by: no reruns share.
      rerunFraction: 0,
      checkpointHours: 0,
      exportHours: 0,
      idleHours: 0,
    });
  });

  it("a row without run hours has no cost request", () => {
    expect(costRequestOfRow(row({ runHours: null, hours: null }))).toBeNull();
  });
});
