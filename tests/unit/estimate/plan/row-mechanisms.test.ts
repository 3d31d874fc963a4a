/**
 * The plan row's mechanisms on hand-made inputs (`plan/row.ts`): which price a GPU uses,
 * which counts are tried, how a row's hours and cost are billed and checked against the
 * deadline and the budget, where a row runs, and how rows rank. Every figure is worked by
 * hand beside its expectation.
 */
import { describe, expect, it } from "vitest";
import type { Billing } from "../../../../src/estimate/cost/billed-hours.ts";
import type { ReferencePrice, UsedPrice } from "../../../../src/estimate/cost/price.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import {
  bestPerGpu,
  doesNotFit,
  gpuCounts,
  limitTier,
  memoryPerGpu,
  placeRow,
  priceRow,
  sortRows,
  usedPrice,
  verdictFor,
} from "../../../../src/estimate/plan/row.ts";
import { LIKELY_SPREAD } from "../../../../src/estimate/generated/time-ranges.ts";
import { a100, exchangeReading, rtx4090, t4 } from "../helpers.ts";

const TODAY = "2026-12-07";

const ref = (over: Partial<ReferencePrice> = {}): ReferencePrice => ({
  gpuId: "rtx-4090",
  provider: "P",
  region: "",
  product: "x",
  gpusPerInstance: 1,
  pricePerGpuHour: 0.5,
  currency: "USD",
  date: "2026-12-01",
  url: "https://example.com/",
  sourceKind: "primary",
  ...over,
});

describe("the price a plan uses for a GPU", () => {
  it("the user's own, in the plan's currency, before any reference", () => {
    const own = { "rtx-4090": { pricePerGpuHour: 0.8, currency: "USD" as const } };
    expect(usedPrice("rtx-4090", own, [ref()], "USD", TODAY)).toEqual({
      pricePerGpuHour: 0.8,
      currency: "USD",
      source: "request",
      conversion: null,
    });
  });

  it("the user's own in the other currency, converted at the plan's reading", () => {
    // 14 CNY at 7 CNY per USD = 2 USD.
    const reading = exchangeReading({ rate: 7, date: "2026-11-01" });
    const own = { "rtx-4090": { pricePerGpuHour: 14, currency: "CNY" as const } };
    expect(usedPrice("rtx-4090", own, [], "USD", TODAY, [reading])).toEqual({
      pricePerGpuHour: 2,
      currency: "USD",
      source: "request",
      conversion: { from: "CNY", amount: 14, rate: reading },
    });
    // No reading joins CNY to USD: the price prices nothing, and no reference replaces it.
    expect(usedPrice("rtx-4090", own, [ref()], "USD", TODAY)).toBeNull();
  });

  it("else the reference on the plan's date, with its source and age", () => {
    const own = { t4: { pricePerGpuHour: 9, currency: "USD" as const } };
    // 2026-12-01 to 2026-12-07: 6 days old.
    expect(usedPrice("rtx-4090", own, [ref()], "USD", TODAY)).toEqual({
      pricePerGpuHour: 0.5,
      currency: "USD",
      source: {
        provider: "P",
        date: "2026-12-01",
        url: "https://example.com/",
        product: "x",
        sourceKind: "primary",
        ageDays: 6,
      },
      conversion: null,
    });
    // A reference quoted in CNY in a USD plan: 3.5 CNY / 7 = 0.5 USD, converted.
    const reading = exchangeReading({ rate: 7, date: "2026-11-01" });
    const cny = usedPrice(
      "rtx-4090",
      {},
      [ref({ pricePerGpuHour: 3.5, currency: "CNY" })],
      "USD",
      TODAY,
      [reading],
    );
    expect(cny?.pricePerGpuHour).toBe(0.5);
    expect(cny?.currency).toBe("USD");
    expect(cny?.conversion).toEqual({ from: "CNY", amount: 3.5, rate: reading });
  });

  it("none without an own price or a current reference", () => {
    expect(usedPrice("a100-80gb-sxm", {}, [ref()], "USD", TODAY)).toBeNull();
  });
});

describe("the GPU counts a plan tries", () => {
  it("the node sizes up to the limit, then whole largest nodes doubling", () => {
    // RTX 4090 nodes of 1, 2, 4, 8; then 2·8 = 16, 4·8 = 32, 8·8 = 64 (16·8 = 128 > 64).
    expect(gpuCounts(rtx4090, 64)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    // 5 GPUs: 1, 2, 4 (8 > 5); no whole second node.
    expect(gpuCounts(rtx4090, 5)).toEqual([1, 2, 4]);
    // Exactly 16: 16 itself is tried (2·8 ≤ 16).
    expect(gpuCounts(rtx4090, 16)).toEqual([1, 2, 4, 8, 16]);
    // A100 nodes of 1, 8: 16 ≤ 24, 32 > 24.
    expect(gpuCounts(a100, 24)).toEqual([1, 8, 16]);
    // Exactly one node's worth: nothing beyond it.
    expect(gpuCounts(a100, 8)).toEqual([1, 8]);
  });
});

/**
 * A billing worked by hand for a 10 h run: setup 0.5 h; 3.6e12 B down at 1e9 B/s = 3600 s =
 * 1 h; reruns 10% of 10 h = 1 h; a 9e11 B checkpoint at 1e9 B/s = 0.25 h, every 4 h of run
 * but the last: ceil(10 / 4) − 1 = 2 writes = 0.5 h; 1.8e12 B up = 0.5 h; idle 2 h.
 * Billed: 10 + 0.5 + 1 + 1 + 0.5 + 0.5 + 2 = 15.5 h.
 */
const BILLING: Billing = {
  setupHours: 0.5,
  downloadBytes: 3.6e12,
  exportBytes: 1.8e12,
  networkBytesPerSecond: 1e9,
  rerunFraction: 0.1,
  checkpointBytes: 9e11,
  checkpointEveryHours: 4,
  diskBytesPerSecond: 1e9,
  idleHours: 2,
};
const USER: UsedPrice = {
  pricePerGpuHour: 1.5,
  currency: "USD",
  source: "request",
  conversion: null,
};

describe("a row's billed hours, cost and limits", () => {
  it("bills every overhead beside the run and costs every billed hour", () => {
    const r = priceRow({ hours: 10, gpus: 2 }, USER, { billing: BILLING });
    expect(r.hours).toBeCloseTo(15.5, 12);
    expect(r.runHours).toBe(10);
    expect(r.billed?.map((p) => [p.key, p.value])).toEqual([
      ["run", 10],
      ["setup", 0.5],
      ["data-prep", 0],
      ["download", 1],
      ["reruns", 1],
      ["checkpoints", 0.5],
      ["export", 0.5],
      ["idle", 2],
    ]);
    // 15.5 h · 1.5 per GPU-hour · 2 GPUs = 46.5.
    expect(r.cost).toBeCloseTo(46.5, 12);
    expect(r).toMatchObject({
      currency: "USD",
      pricePerGpuHour: 1.5,
      priceSource: "request",
      priceConversion: null,
      meetsDeadline: null,
      withinBudget: null,
      reasons: ["user-price"],
    });
    // No units, no range kind: neither key is there.
    expect(r).not.toHaveProperty("units");
    expect(r).not.toHaveProperty("costPerUnit");
    expect(r).not.toHaveProperty("hoursRange");
    expect(r).not.toHaveProperty("deadlineVerdict");
  });

  it("without a billing the billed hours are the run; the cost is run × price × GPUs", () => {
    // 10 h · 1.5 · 4 GPUs = 60; 60 over 3 units = 20 each.
    const r = priceRow({ hours: 10, gpus: 4, units: 3 }, USER, {});
    expect(r.hours).toBe(10);
    expect(r.cost).toBe(60);
    expect(r.units).toBe(3);
    expect(r.costPerUnit).toBe(20);
  });

  it("checks the deadline and the budget on the billed hours, limits included", () => {
    // 15.5 h billed, cost 46.5 (above): a deadline of 15.5 h and a budget of 46.5 are met.
    const at = priceRow({ hours: 10, gpus: 2 }, USER, {
      billing: BILLING,
      deadlineHours: 15.5,
      budget: 46.5,
    });
    expect(at.meetsDeadline).toBe(true);
    expect(at.withinBudget).toBe(true);
    expect(at.reasons).toEqual(["user-price"]);
    // 15.5 > 15 and 46.5 > 46: both missed, and said. (The run alone, 10 h and 30, would
    // have met both.)
    const over = priceRow({ hours: 10, gpus: 2 }, USER, {
      billing: BILLING,
      deadlineHours: 15,
      budget: 46,
    });
    expect(over.meetsDeadline).toBe(false);
    expect(over.withinBudget).toBe(false);
    expect(over.reasons).toEqual(["user-price", "misses-deadline", "over-budget"]);
  });

  it("a row without hours bills nothing and checks nothing, but names its price", () => {
    const reference: UsedPrice = {
      pricePerGpuHour: 2,
      currency: "USD",
      source: {
        provider: "P",
        date: "2026-12-01",
        url: "https://example.com/",
        product: "x",
        sourceKind: "primary",
        ageDays: 6,
      },
      conversion: null,
    };
    const r = priceRow({ hours: null, gpus: 1, units: 5, rangeKind: "training-dense" }, reference, {
      billing: BILLING,
      deadlineHours: 1,
      budget: 1,
    });
    expect(r).toEqual({
      hours: null,
      runHours: null,
      billed: null,
      cost: null,
      currency: "USD",
      pricePerGpuHour: 2,
      priceSource: reference.source,
      priceConversion: null,
      meetsDeadline: null,
      withinBudget: null,
      reasons: ["reference-price"],
      hoursRange: null,
      deadlineVerdict: null,
      units: 5,
      costPerUnit: null,
    });
  });

  it("a row without a price has hours but no cost, and says so", () => {
    const r = priceRow({ hours: 10, gpus: 2, units: 2 }, null, { billing: BILLING, budget: 5 });
    expect(r.hours).toBeCloseTo(15.5, 12);
    expect(r).toMatchObject({
      cost: null,
      currency: null,
      pricePerGpuHour: null,
      priceSource: null,
      priceConversion: null,
      withinBudget: null,
      costPerUnit: null,
      reasons: ["no-price"],
    });
  });

  it("a converted price says so and carries how it was converted", () => {
    const reading = exchangeReading({ rate: 7 });
    const conversion = { from: "CNY" as const, amount: 7, rate: reading };
    const r = priceRow({ hours: 2, gpus: 1 }, { ...USER, pricePerGpuHour: 1, conversion }, {});
    expect(r.reasons).toEqual(["user-price", "converted-price"]);
    expect(r.priceConversion).toBe(conversion);
    // 2 h · 1 per GPU-hour · 1 GPU = 2.
    expect(r.cost).toBe(2);
  });

  it("a likely range bills each end with the overheads that grow with the run", () => {
    // training-dense: the run's hours × [low, high] (0.836 and 1.41 in the generated file).
    const { low, high } = LIKELY_SPREAD["training-dense"];
    const lowRun = 10 * low;
    const highRun = 10 * high;
    // Each end: run + setup 0.5 + download 1 + reruns 10% of the run + a 0.25 h checkpoint
    // per 4 h of run but the last + export 0.5 + idle 2.
    const billedAt = (run: number) =>
      run + 0.5 + 1 + 0.1 * run + (Math.ceil(run / 4) - 1) * 0.25 + 0.5 + 2;
    // 8.36 h: 8.36 + 0.5 + 1 + 0.836 + 2·0.25 + 0.5 + 2 = 13.696 h.
    expect(billedAt(lowRun)).toBeCloseTo(13.696, 9);
    // 14.1 h: 14.1 + 0.5 + 1 + 1.41 + 3·0.25 + 0.5 + 2 = 20.26 h.
    expect(billedAt(highRun)).toBeCloseTo(20.26, 9);
    const kind = "training-dense" as const;
    const p = { hours: 10, gpus: 1, rangeKind: kind };
    // Deadline 15 h: the point (15.5 h) misses it, but the fast end (13.696) is within it: a
    // range names "may miss", not "misses".
    const may = priceRow(p, USER, { billing: BILLING, deadlineHours: 15 });
    expect(may.hoursRange?.low).toBeCloseTo(billedAt(lowRun), 9);
    expect(may.hoursRange?.high).toBeCloseTo(billedAt(highRun), 9);
    expect(may.hoursRange?.basis).toBe("training-dense");
    expect(may.meetsDeadline).toBe(false);
    expect(may.deadlineVerdict).toBe("may-miss");
    expect(may.reasons).toEqual(["user-price", "may-miss-deadline"]);
    // Deadline 13 h: even the fast end (13.696) misses it.
    const misses = priceRow(p, USER, { billing: BILLING, deadlineHours: 13 });
    expect(misses.deadlineVerdict).toBe("misses");
    expect(misses.reasons).toEqual(["user-price", "misses-deadline"]);
    // Deadline 21 h: even the slow end (20.26) meets it.
    const even = priceRow(p, USER, { billing: BILLING, deadlineHours: 21 });
    expect(even.deadlineVerdict).toBe("meets-even-slow");
    expect(even.reasons).toEqual(["user-price", "meets-deadline-even-slow"]);
    // No deadline: the range is there, no verdict.
    const none = priceRow(p, USER, { billing: BILLING });
    expect(none.hoursRange?.high).toBeCloseTo(20.26, 9);
    expect(none.deadlineVerdict).toBeNull();
    // No billing: the ends are the run's own, 10 × 0.836 and 10 × 1.41.
    const bare = priceRow(p, USER, {});
    expect(bare.hoursRange?.low).toBeCloseTo(lowRun, 12);
    expect(bare.hoursRange?.high).toBeCloseTo(highRun, 12);
  });
});

describe("where a row runs", () => {
  it("verdicts: one GPU fits, a node's worth needs GPUs, more needs nodes", () => {
    expect(verdictFor(1, 8)).toBe("fits");
    expect(verdictFor(2, 8)).toBe("needs-gpus");
    expect(verdictFor(8, 8)).toBe("needs-gpus");
    expect(verdictFor(9, 8)).toBe("needs-nodes");
  });

  it("nodes of the largest shape, and the verdict from the fewest GPUs", () => {
    // 16 RTX 4090s in nodes of 8: 2 nodes of 8; the workload runs on 4 (one node).
    expect(placeRow(rtx4090, 16, 4)).toEqual({
      gpu: "rtx-4090",
      gpuName: "GeForce RTX 4090",
      gpus: 16,
      nodes: 2,
      gpusPerNode: 8,
      fewestGpus: 4,
      fewestNodes: 1,
      verdict: "needs-gpus",
    });
    // 4 of them: one node holding 4; the fewest is the count itself.
    expect(placeRow(rtx4090, 4)).toMatchObject({ nodes: 1, gpusPerNode: 4, fewestGpus: 4 });
    // 9 A100s in nodes of 8: ceil(9/8) = 2 nodes, 8 per node; fewest 9 in 2 nodes.
    expect(placeRow(a100, 9)).toMatchObject({
      nodes: 2,
      gpusPerNode: 8,
      fewestNodes: 2,
      verdict: "needs-nodes",
    });
  });

  it("a GPU it fits on at no count is placed at the largest count tried", () => {
    // T4 nodes of 1, 4, 8 up to 20: 1, 4, 8, 16; the largest 16 is 2 nodes of 8.
    expect(doesNotFit(t4, 20)).toEqual({
      gpu: "t4",
      gpuName: "NVIDIA T4",
      gpus: 16,
      nodes: 2,
      gpusPerNode: 8,
      fewestGpus: 16,
      fewestNodes: 2,
      verdict: "does-not-fit",
      shape: "single",
      hours: null,
      runHours: null,
      billed: null,
      cost: null,
      currency: null,
      pricePerGpuHour: null,
      priceSource: null,
      priceConversion: null,
      scalingEfficiency: null,
      scalingBasis: "single-gpu",
      limitedBy: null,
      memoryPerGpuBytes: null,
      memoryPerGpuRentGB: null,
      meetsDeadline: null,
      withinBudget: null,
      reasons: ["does-not-fit-largest"],
    });
    // No count tried at all (a limit below every node size): one GPU.
    expect(doesNotFit(a100, 0).gpus).toBe(1);
  });

  it("memory to rent per GPU, rounded up to 0.1 GB as the memory pages print it", () => {
    expect(memoryPerGpu(null)).toEqual({ memoryPerGpuBytes: null, memoryPerGpuRentGB: null });
    // 25.01 GB rounds up to 25.1; exactly 25 GB stays 25.
    expect(memoryPerGpu(25.01e9)).toEqual({ memoryPerGpuBytes: 25.01e9, memoryPerGpuRentGB: 25.1 });
    expect(memoryPerGpu(25e9).memoryPerGpuRentGB).toBe(25);
  });
});

/** A row that runs on one RTX 4090, priced at 1, with nothing checked. */
function row(over: Partial<PlanRow>): PlanRow {
  return {
    ...doesNotFit(rtx4090, 1),
    verdict: "fits",
    reasons: [],
    hours: 1,
    cost: 1,
    pricePerGpuHour: 1,
    ...over,
  };
}

describe("a row against the plan's limits", () => {
  it("misses a limit it is known to break, is unknown where one cannot be checked", () => {
    const both = { deadlineHours: 5, budget: 5 };
    expect(limitTier(row({ meetsDeadline: false, withinBudget: true }), both)).toBe("misses");
    expect(limitTier(row({ meetsDeadline: true, withinBudget: false }), both)).toBe("misses");
    // A miss outranks an unknown.
    expect(limitTier(row({ meetsDeadline: false, withinBudget: null }), both)).toBe("misses");
    expect(limitTier(row({ meetsDeadline: true, withinBudget: true }), both)).toBe("meets");
    expect(limitTier(row({ meetsDeadline: null, withinBudget: true }), both)).toBe("unknown");
    expect(limitTier(row({ meetsDeadline: true, withinBudget: null }), both)).toBe("unknown");
    // A limit not given is not unknown: its flag is null and says nothing.
    expect(limitTier(row({ meetsDeadline: null, withinBudget: true }), { budget: 5 })).toBe(
      "meets",
    );
    expect(limitTier(row({ meetsDeadline: true, withinBudget: null }), { deadlineHours: 5 })).toBe(
      "meets",
    );
    expect(limitTier(row({ meetsDeadline: null, withinBudget: null }), {})).toBe("meets");
  });

  it("each GPU's first row, as indices", () => {
    const rows = ["a", "b", "a", "c", "b"].map((gpu) => row({ gpu }));
    // a at 0, b at 1, c at 3; the later a and b are not firsts.
    expect(bestPerGpu(rows)).toEqual([0, 1, 3]);
  });
});

describe("how rows rank", () => {
  const ids = (rows: PlanRow[]) => rows.map((r) => r.gpu);

  it("rows that run first, then priced rows, whatever they cost", () => {
    const dead = row({ gpu: "dead", verdict: "does-not-fit", cost: 0.1 });
    const unpriced = row({ gpu: "unpriced", pricePerGpuHour: null, cost: null, hours: 0.5 });
    const dear = row({ gpu: "dear", cost: 100 });
    const input = [dead, unpriced, dear];
    expect(ids(sortRows(input, "cost"))).toEqual(["dear", "unpriced", "dead"]);
    expect(ids(sortRows(input, "time"))).toEqual(["dear", "unpriced", "dead"]);
    // The input is left in its order.
    expect(ids(input)).toEqual(["dead", "unpriced", "dear"]);
  });

  it("within the limits before unknown before missing, then by cost or time", () => {
    const limits = { deadlineHours: 10, budget: 10 };
    const meets = row({ gpu: "meets", cost: 9, hours: 9, meetsDeadline: true, withinBudget: true });
    const unknown = row({
      gpu: "unknown",
      cost: 1,
      hours: 1,
      meetsDeadline: true,
      withinBudget: null,
    });
    const misses = row({
      gpu: "misses",
      cost: 0.5,
      hours: 0.5,
      meetsDeadline: false,
      withinBudget: true,
    });
    // No hours at all: last among rows that run and are priced, after a miss.
    const noHours = row({ gpu: "no-hours", hours: null, cost: 0.1 });
    const input = [noHours, misses, unknown, meets];
    expect(ids(sortRows(input, "cost", limits))).toEqual([
      "meets",
      "unknown",
      "misses",
      "no-hours",
    ]);
    // Without limits a null budget flag is no longer unknown (both meet: by cost 1, 9), but
    // a row flagged as missing its deadline still misses, and a row without hours is last.
    expect(ids(sortRows(input, "cost"))).toEqual(["unknown", "meets", "misses", "no-hours"]);
  });

  it("by cost, or by billed hours, with unknown figures last", () => {
    const cheapSlow = row({ gpu: "cheap-slow", cost: 2, hours: 20 });
    const dearFast = row({ gpu: "dear-fast", cost: 8, hours: 5 });
    const noCost = row({ gpu: "no-cost", cost: null, hours: 1 });
    const input = [noCost, dearFast, cheapSlow];
    // Cost: 2, 8, then the unknown cost.
    expect(ids(sortRows(input, "cost"))).toEqual(["cheap-slow", "dear-fast", "no-cost"]);
    // Time: 1 h, 5 h, 20 h.
    expect(ids(sortRows(input, "time"))).toEqual(["no-cost", "dear-fast", "cheap-slow"]);
  });

  it("ties: fewer GPUs, then fewer hours, then the GPU's id", () => {
    // The same cost to 12 significant digits (0.1 + 0.2 = 0.30000000000000004 vs 0.3): a
    // tie, so two GPUs come before four though the four cost the float-smaller 0.3.
    const four = row({ gpu: "x", gpus: 4, cost: 0.3, hours: 1 });
    const two = row({ gpu: "x", gpus: 2, cost: 0.1 + 0.2, hours: 2 });
    expect(sortRows([four, two], "cost").map((r) => r.gpus)).toEqual([2, 4]);
    // Same cost and GPUs: fewer hours first (3 h before 4 h).
    const slow = row({ gpu: "a", gpus: 2, cost: 5, hours: 4 });
    const fast = row({ gpu: "b", gpus: 2, cost: 5, hours: 3 });
    expect(ids(sortRows([slow, fast], "cost"))).toEqual(["b", "a"]);
    // Everything equal: by id, "a100…" before "rtx…".
    const r = row({ gpu: "rtx-4090" });
    const a = row({ gpu: "a100-80gb-sxm" });
    expect(ids(sortRows([r, a], "cost"))).toEqual(["a100-80gb-sxm", "rtx-4090"]);
    expect(ids(sortRows([a, r], "time"))).toEqual(["a100-80gb-sxm", "rtx-4090"]);
    // Same cost and GPUs, one without hours: the one with hours first, in either order.
    const timed = row({ gpu: "z", gpus: 2, cost: 5, hours: 9 });
    const untimed = row({ gpu: "y", gpus: 2, cost: 5, hours: null });
    expect(ids(sortRows([untimed, timed], "cost"))).toEqual(["z", "y"]);
  });

  it("times compared to 12 significant digits too: a float tie goes to fewer GPUs", () => {
    const four = row({ gpu: "x", gpus: 4, hours: 0.3, cost: 1 });
    const two = row({ gpu: "x", gpus: 2, hours: 0.1 + 0.2, cost: 1 });
    expect(sortRows([four, two], "time").map((r) => r.gpus)).toEqual([2, 4]);
  });
});
