import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareOptions,
  costPerMillionTokens,
  DEFAULT_SCALING,
  monthlyBreakEvenHours,
  rentalCost,
  scaledHours,
} from "../../../../src/estimate/cost/cost.ts";
import type { Overheads } from "../../../../src/estimate/cost/cost.ts";
import { allFinite, issuesOf, RUNS, runOk, sum, valueOf } from "../helpers.ts";

describe("the seed's example: 72 h on one card vs 24 h on four", () => {
  it("4 cards at 0.75 scaling take 72 / (4 × 0.75) = 24 h", () => {
    expect(scaledHours(72, 4, 0.75)).toBe(24);
    expect(scaledHours(72, 1, 0.5)).toBe(72);
    expect(DEFAULT_SCALING).toBe(1);
  });
  const pick = (p1: number, p4: number) =>
    compareOptions({
      options: [
        { gpu: "x", gpus: 1, pricePerHour: p1, runHours: 72 },
        { gpu: "x", gpus: 4, pricePerHour: p4, scaling: 0.75 },
      ],
    });
  it("four cost less only when the 4-card price < 3 × the 1-card price: both sides of the boundary", () => {
    expect(pick(2.5, 7.49).cheapest).toBe(1);
    expect(pick(2.5, 7.51).cheapest).toBe(0);
    // At exactly 3× they tie at 180; the first listed wins the tie.
    expect(pick(2.5, 7.5).options[0]!.total).toBeCloseTo(pick(2.5, 7.5).options[1]!.total, 9);
    expect(pick(2.5, 10).options.map((o) => o.total)).toEqual([180, 240]);
    expect(pick(2.5, 10).fastest).toBe(1);
  });
  it("holds for any prices (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.double({ min: 0.1, max: 1000, noNaN: true }),
        (p1, p4) => {
          fc.pre(Math.abs(p4 - 3 * p1) > 1e-6 * p1);
          expect(pick(p1, p4).cheapest === 1).toBe(p4 < 3 * p1);
        },
      ),
      RUNS,
    );
  });
});

describe("billed hours and the total", () => {
  const o: Overheads = {
    setupHours: 1,
    dataPrepHours: 1,
    downloadHours: 0.5,
    exportHours: 0.5,
    rerunFraction: 0.1,
    idleHours: 2,
    storageGB: 100,
    storagePricePerGBMonth: 0.1,
    storageMonths: 1,
    transferGB: 10,
    transferPricePerGB: 0.5,
  };
  it("billed = run + setup + data prep + download + reruns + export + idle = 10+1+1+0.5+1+0.5+2 = 16 h", () => {
    const r = rentalCost(2, 10, o);
    expect(r.hours).toBe(16);
    expect(r.runHours).toBe(10);
    expect(valueOf(r.breakdown, "compute-reruns")).toBe(2 * 1);
    expect(r.total).toBe(16 * 2 + 100 * 0.1 * 1 + 10 * 0.5);
    expect(sum(r.breakdown)).toBe(r.total);
  });
  it("reruns as a count repeat the whole run", () => {
    expect(rentalCost(2, 10, { reruns: 2 }).hours).toBe(30);
  });
  it("storage defaults to the billed time in months (730 h each)", () => {
    expect(
      valueOf(
        rentalCost(1, 73, { storageGB: 1000, storagePricePerGBMonth: 0.1 }).breakdown,
        "storage",
      ),
    ).toBeCloseTo(1000 * 0.1 * 0.1, 9);
  });
  it("cost per unit of work (per epoch, per frame)", () => {
    expect(rentalCost(2, 10, {}, 4).costPerUnit).toBe(5);
    expect(rentalCost(2, 10, {}).costPerUnit).toBeNull();
  });
  it("the spec's cost request, by hand", () => {
    const r = runOk<{
      options: { hours: number; total: number }[];
      cheapest: number;
      hours: number;
      total: number;
    }>({
      task: "cost",
      options: [
        { gpu: "rtx-4090", gpus: 1, pricePerHour: 2.5, runHours: 72 },
        { gpu: "rtx-4090", gpus: 4, pricePerHour: 10, scaling: 0.75 },
      ],
      setupHours: 2,
      rerunFraction: 0.1,
      storageGB: 500,
      storagePricePerGBMonth: 0.3,
    });
    const h1 = 72 + 2 + 7.2;
    const h4 = 24 + 2 + 2.4;
    expect(r.options[0]!.hours).toBeCloseTo(h1, 9);
    expect(r.options[1]!.hours).toBeCloseTo(h4, 9);
    expect(r.options[0]!.total).toBeCloseTo(h1 * 2.5 + (500 * 0.3 * h1) / 730, 9);
    expect(r.options[1]!.total).toBeCloseTo(h4 * 10 + (500 * 0.3 * h4) / 730, 9);
    expect(r.cheapest).toBe(0);
    expect(r.hours).toBeCloseTo(h1, 9);
  });
  it("an option with no run time and nothing to scale from is an error naming it, not $0", () => {
    const issues = issuesOf({
      task: "cost",
      options: [{ gpu: "rtx-4090", gpus: 4, pricePerHour: 10 }],
    });
    expect(issues.map((i) => i.field)).toEqual(["options.0.runHours"]);
    const q = runOk<{ hours: number }>({
      task: "cost",
      singleGpuHours: 72,
      options: [{ gpu: "rtx-4090", gpus: 4, pricePerHour: 10 }],
    });
    expect(q.hours).toBe(18);
  });
});

describe("break-even and per-token cost", () => {
  it("monthly beats hourly above monthly / hourly hours: $1,000 vs $2/h → 500 h", () => {
    expect(monthlyBreakEvenHours(2, 1000)).toBe(500);
    // A free hourly price never breaks even: not a 0 (the task leaves the figure out).
    expect(monthlyBreakEvenHours(0, 1000)).toBe(Infinity);
  });
  it("cost per million tokens = price × GPUs × 1e6 / (3600 × tok/s)", () => {
    // 2 GPUs at $2/h each serving 500 tok/s: 4 × 1e6 / 1.8e6 = $2.22 per million tokens.
    expect(costPerMillionTokens(2 * 2, 500)).toBeCloseTo((2 * 2 * 1e6) / (3600 * 500), 12);
    expect(costPerMillionTokens(4, 500)).toBeCloseTo(2.222, 3);
    expect(costPerMillionTokens(4, 0)).toBe(Infinity);
  });
});

describe("cost properties", () => {
  const overheads = fc.record({
    setupHours: fc.double({ min: 0, max: 100, noNaN: true }),
    downloadHours: fc.double({ min: 0, max: 100, noNaN: true }),
    rerunFraction: fc.double({ min: 0, max: 2, noNaN: true }),
    idleHours: fc.double({ min: 0, max: 100, noNaN: true }),
    storageGB: fc.double({ min: 0, max: 1e5, noNaN: true }),
    storagePricePerGBMonth: fc.double({ min: 0, max: 1, noNaN: true }),
    transferGB: fc.double({ min: 0, max: 1e5, noNaN: true }),
    transferPricePerGB: fc.double({ min: 0, max: 1, noNaN: true }),
  });
  it("finite, non-negative, parts add up; cost never decreases with more hours or a higher price", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        fc.double({ min: 0, max: 1e3, noNaN: true }),
        overheads,
        (price, hours, extra, o) => {
          const r = rentalCost(price, hours, o);
          expect(allFinite(r)).toBe(true);
          expect(r.total).toBeGreaterThanOrEqual(0);
          expect(sum(r.breakdown)).toBeCloseTo(r.total, 6);
          expect(rentalCost(price, hours + extra, o).total).toBeGreaterThanOrEqual(r.total);
          expect(
            rentalCost(price, hours, { ...o, idleHours: o.idleHours + extra }).total,
          ).toBeGreaterThanOrEqual(r.total);
          expect(rentalCost(price + extra, hours, o).total).toBeGreaterThanOrEqual(r.total);
        },
      ),
      RUNS,
    );
  });
});
