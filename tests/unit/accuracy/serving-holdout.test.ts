/**
 * Serving, leave one publisher out: no publisher's rows are estimated with constants its own
 * data helped fit. Proven without trusting the scores themselves: doubling every figure one
 * publisher measured leaves that publisher's estimates where they were (its data never reaches
 * its own constants) and moves another publisher's (it does reach theirs); a publisher with
 * no fit rows is estimated with the shipped constants, as the accuracy table estimates it.
 */
import { describe, expect, it } from "vitest";
import { loadCalibration } from "../../../src/accuracy/calibration.ts";
import { errorSpread } from "../../../src/accuracy/training-throughput.ts";
import { accuracyTable } from "../../../src/accuracy/cases.ts";
import { servingLeaveOneOut } from "../../../src/accuracy/serving-holdout.ts";
import type { PublisherHoldout } from "../../../src/accuracy/serving-holdout.ts";
import { loadServingRuns } from "../../../src/accuracy/serving-runs.ts";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";

const gpus = loadGpuSpecs();
const calibration = loadCalibration();
const runs = loadServingRuns();

/** Each row's estimate, recovered from its error and the figure it was measured against. */
const estimates = (h: PublisherHoldout | undefined, measured: ReadonlyMap<string, number>) =>
  new Map(h?.rows.map((r) => [r.id, (r.signedError + 1) * (measured.get(r.id) ?? NaN)]));

/** Every decode row's and serving run's measured figure, by id. */
const measuredOf = (c: typeof calibration, r: typeof runs) =>
  new Map<string, number>([
    ...c.map((x): [string, number] => [x.id, x.tokens_per_s]),
    ...r.map((x): [string, number] => [x.id, x.output_tok_s ?? NaN]),
  ]);

describe("serving, leave one publisher out", () => {
  it("scores every publisher once, each row of its decode data and serving runs", () => {
    const held = servingLeaveOneOut(gpus, calibration, runs);
    const publishers = new Set([...calibration, ...runs].map((r) => r.publisher));
    expect(held.map((h) => h.source)).toEqual([...publishers].sort());
    for (const h of held) {
      expect(h.spread.count, h.source).toBe(h.rows.length);
      for (const r of h.rows) expect(Number.isFinite(r.signedError), r.id).toBe(true);
    }
    // Every serving run that states its output tokens/s is scored under its publisher.
    const scored = new Set(held.flatMap((h) => h.rows.map((r) => r.id)));
    for (const run of runs.filter((r) => r.output_tok_s !== undefined))
      expect(scored.has(run.id), run.id).toBe(true);
    // Printed, and guarded where the model stands today (dense 26.3% and 96.7%: Qwen's H20
    // rows without Qwen miss by 64% at the median; MoE 198% and 301%), so a change that
    // makes the left-out publishers worse fails.
    for (const moe of [false, true]) {
      const s = errorSpread(held.flatMap((h) => h.rows).filter((r) => r.moe === moe));
      console.log(
        `serving, leave one publisher out, ${moe ? "mixture-of-experts" : "dense"}: ${s.count} rows, median |error| ${(s.median * 100).toFixed(1)}%, p90 ${(s.p90 * 100).toFixed(1)}%`,
      );
      expect(s.median).toBeLessThanOrEqual(moe ? 2.1 : 0.28);
      expect(s.p90).toBeLessThanOrEqual(moe ? 3.2 : 1.0);
    }
  });

  it("never lets a publisher's own figures reach the constants that estimate it", () => {
    // GPUStack supplies calibration runs; doubling what it measured must not move its own
    // estimates (its data is left out of the fit that prices it) but must move NVIDIA's
    // course data's, whose fit includes GPUStack's runs.
    const doubled = runs.map((r) =>
      r.publisher === "gpustack"
        ? { ...r, output_tok_s: (r.output_tok_s ?? 0) * 2, tpot_ms: (r.tpot_ms ?? 0) / 2 }
        : r,
    );
    const before = servingLeaveOneOut(gpus, calibration, runs);
    const after = servingLeaveOneOut(gpus, calibration, doubled);
    const find = (h: PublisherHoldout[], p: string) => h.find((x) => x.source === p);
    const own = [before, after].map((h, i) =>
      estimates(find(h, "gpustack"), measuredOf(calibration, i ? doubled : runs)),
    );
    expect(own[0]?.size).toBeGreaterThan(0);
    for (const [id, e] of own[0] ?? []) expect(own[1]?.get(id), id).toBeCloseTo(e, 6);
    const other = [before, after].map((h) =>
      estimates(find(h, "nvidia-dli"), measuredOf(calibration, runs)),
    );
    const moved = [...(other[0] ?? [])].filter(
      ([id, e]) => Math.abs((other[1]?.get(id) ?? e) / e - 1) > 1e-6,
    );
    expect(moved.length).toBeGreaterThan(0);
  });

  it("estimates a publisher that fits nothing with the shipped constants", () => {
    const held = servingLeaveOneOut(gpus, calibration, runs);
    const shipped = new Map(accuracyTable(gpus, calibration, runs).map((r) => [r.id, r]));
    const outside = held.filter((h) => !h.fits);
    expect(outside.map((h) => h.source)).toEqual(["dstack", "nvidia-tensorrt-llm"]);
    for (const h of outside)
      for (const r of h.rows)
        expect(r.signedError, r.id).toBeCloseTo(shipped.get(r.id)?.signedError ?? NaN, 9);
  });
});
