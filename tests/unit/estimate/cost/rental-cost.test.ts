/**
 * What one rental's bill shows: each billed hour as its own priced line, storage and
 * transfer beside them, the assumptions the total rests on and the cost per unit of work.
 * Every figure is worked by hand; the overheads are powers of two so the sums are exact.
 */
import { describe, expect, it } from "vitest";
import { rentalCost } from "../../../../src/estimate/cost/cost.ts";
import type { Overheads } from "../../../../src/estimate/cost/cost.ts";

const overheads: Overheads = {
  setupHours: 1,
  dataPrepHours: 2,
  downloadHours: 0.5,
  rerunFraction: 0.25,
  checkpointHours: 0.25,
  exportHours: 0.5,
  idleHours: 3,
  storageGB: 100,
  storagePricePerGBMonth: 0.125,
  storageMonths: 2,
  transferGB: 10,
  transferPricePerGB: 0.5,
};

describe("the bill of one rental", () => {
  it("prices every billed hour on its own line, then storage and transfer, in that order", () => {
    // 10 h run at 2 per hour; reruns are 25% of the run (2.5 h); storage 100 GB x 0.125 x
    // 2 months = 25; transfer 10 GB x 0.5 = 5.
    const r = rentalCost(2, 10, overheads);
    expect(r.breakdown).toEqual([
      { key: "compute-run", labelKey: "breakdown.compute-run", value: 20 },
      { key: "compute-setup", labelKey: "breakdown.compute-setup", value: 2 },
      { key: "compute-data-prep", labelKey: "breakdown.compute-data-prep", value: 4 },
      { key: "compute-download", labelKey: "breakdown.compute-download", value: 1 },
      { key: "compute-reruns", labelKey: "breakdown.compute-reruns", value: 5 },
      { key: "compute-checkpoints", labelKey: "breakdown.compute-checkpoints", value: 0.5 },
      { key: "compute-export", labelKey: "breakdown.compute-export", value: 1 },
      { key: "compute-idle", labelKey: "breakdown.compute-idle", value: 6 },
      { key: "storage", labelKey: "breakdown.storage", value: 25 },
      { key: "transfer", labelKey: "breakdown.transfer", value: 5 },
    ]);
    // Billed: 10 + 1 + 2 + 0.5 + 2.5 + 0.25 + 0.5 + 3 = 19.75 h; 19.75 x 2 + 25 + 5 = 69.5.
    expect(r.hours).toBe(19.75);
    expect(r.total).toBe(69.5);
  });

  it("states the hourly price, the billed hours and the storage months it assumed", () => {
    expect(rentalCost(2, 10, overheads).assumptions).toEqual([
      { key: "price-per-hour", value: 2, source: "request" },
      { key: "billed-hours", value: 19.75, source: "seed-billed-hours" },
      // The request named 2 months of storage.
      { key: "storage-months", value: 2, source: "request" },
    ]);
  });

  it("keeps storage for the billed time when no months are given, and says so", () => {
    // 73 billed hours / 730 hours a month = 0.1 month.
    const r = rentalCost(1, 73, { storageGB: 1000, storagePricePerGBMonth: 0.5 });
    expect(r.assumptions[2]).toEqual({
      key: "storage-months",
      value: 0.1,
      source: "storage-months",
    });
    // 1000 GB x 0.5 x 0.1 month = 50.
    expect(r.breakdown.find((p) => p.key === "storage")?.value).toBeCloseTo(50, 9);
  });

  it("carries no warning of its own", () => {
    expect(rentalCost(2, 10, overheads).warnings).toEqual([]);
  });

  it("prices a unit of work only for a positive number of units", () => {
    // 10 h at 2 = 20 over 4 units = 5 each.
    expect(rentalCost(2, 10, {}, 4).costPerUnit).toBe(5);
    expect(rentalCost(2, 10, {}, 0).costPerUnit).toBeNull();
    expect(rentalCost(2, 10, {}, -4).costPerUnit).toBeNull();
  });
});
