/**
 * The limits answer on hand-made rows (`plan/limits.ts`): which option is the fastest and the
 * cheapest, when a priced option meets the limits, which options are left for the user to
 * price, and what would meet the limits when none does. Every row is written out, so each
 * expectation is read off the rows, not off the code.
 */
import { describe, expect, it } from "vitest";
import { limitsAnswer } from "../../../../src/estimate/plan/limits.ts";
import type { Limits, PlanRow } from "../../../../src/estimate/plan/row.ts";
import { doesNotFit } from "../../../../src/estimate/plan/row.ts";
import { a100, rtx4090 } from "../helpers.ts";

/** A row that runs on one RTX 4090, with no hours, price or limits checked yet. */
function row(over: Partial<PlanRow>): PlanRow {
  return { ...doesNotFit(rtx4090, 1), verdict: "fits", reasons: [], ...over };
}

/** A wider plan that holds nothing, counting how often it is asked for. */
function noWider(calls: { n: number }) {
  return () => {
    calls.n++;
    return { rows: [] as PlanRow[], asked: () => true };
  };
}

describe("the fastest and the cheapest option", () => {
  it("are the least hours and the least cost among rows that run, the first on a tie", () => {
    const calls = { n: 0 };
    // hours 5, 3, 3 (B before C), and a does-not-fit row with 1 h that never counts; costs
    // 4, 6, 2 and the does-not-fit row's 1.
    const a = row({ gpu: "a", hours: 5, cost: 4 });
    const b = row({ gpu: "b", hours: 3, cost: 6 });
    const c = row({ gpu: "c", hours: 3, cost: 2 });
    const dead = row({ gpu: "d", hours: 1, cost: 1, verdict: "does-not-fit" });
    const answer = limitsAnswer([a, b, c, dead], {}, noWider(calls));
    // Least hours among a, b, c: 3, first reached at b (c ties, does not replace it).
    expect(answer.fastest).toBe(b);
    // Least cost among a, b, c: 2 at c.
    expect(answer.cheapest).toBe(c);
    // No limit given: nothing judged, the wider plan never built, no limit named.
    expect(answer).toEqual({
      met: null,
      unpriced: [],
      fastest: b,
      cheapest: c,
      toMeet: [],
    });
    expect(calls.n).toBe(0);
  });

  it("skip rows without the figure, wherever they stand, and are null when none has it", () => {
    // The first row has no hours and no cost; the second has both (hours 7, cost 9).
    const none = row({ gpu: "n", hours: null, cost: null });
    const some = row({ gpu: "s", hours: 7, cost: 9 });
    const answer = limitsAnswer([none, some, none], {}, noWider({ n: 0 }));
    expect(answer.fastest).toBe(some);
    expect(answer.cheapest).toBe(some);
    const empty = limitsAnswer([none], {}, noWider({ n: 0 }));
    expect(empty.fastest).toBeNull();
    expect(empty.cheapest).toBeNull();
  });

  it("a later, smaller figure replaces an earlier one; a larger one does not", () => {
    // hours 8 then 2 then 4: the least is 2 (the second); costs 1 then 3 then 2: the first.
    const r1 = row({ gpu: "r1", hours: 8, cost: 1 });
    const r2 = row({ gpu: "r2", hours: 2, cost: 3 });
    const r3 = row({ gpu: "r3", hours: 4, cost: 2 });
    const answer = limitsAnswer([r1, r2, r3], {}, noWider({ n: 0 }));
    expect(answer.fastest).toBe(r2);
    expect(answer.cheapest).toBe(r1);
  });
});

describe("a priced option that meets the limits", () => {
  it("answers met, names the limits asked, and builds no wider plan", () => {
    const calls = { n: 0 };
    const ok = row({
      hours: 10,
      cost: 20,
      pricePerGpuHour: 2,
      meetsDeadline: true,
      withinBudget: true,
    });
    const limits: Limits = { deadlineHours: 12, budget: 25 };
    const answer = limitsAnswer([ok], limits, noWider(calls));
    expect(answer).toEqual({
      met: true,
      unpriced: [],
      deadlineHours: 12,
      budget: 25,
      fastest: ok,
      cheapest: ok,
      toMeet: [],
    });
    expect(calls.n).toBe(0);
  });

  it("names only the limit given: a deadline alone, or a budget alone", () => {
    const ok = row({
      hours: 10,
      cost: 20,
      pricePerGpuHour: 2,
      meetsDeadline: true,
    });
    const byDeadline = limitsAnswer([ok], { deadlineHours: 12 }, noWider({ n: 0 }));
    expect(byDeadline.met).toBe(true);
    expect("budget" in byDeadline).toBe(false);
    expect(byDeadline.deadlineHours).toBe(12);
    const inBudget = row({
      hours: 10,
      cost: 20,
      pricePerGpuHour: 2,
      withinBudget: true,
    });
    const byBudget = limitsAnswer([inBudget], { budget: 25 }, noWider({ n: 0 }));
    expect(byBudget.met).toBe(true);
    expect("deadlineHours" in byBudget).toBe(false);
    expect(byBudget.budget).toBe(25);
  });

  it("is not met by an unpriced option, one that does not run, or one unknown", () => {
    const limits: Limits = { deadlineHours: 12 };
    // Within the deadline but without a price: the user's to price, not an answer.
    const unpricedRow = row({ gpu: "u", hours: 10, meetsDeadline: true });
    // A price and a deadline met, but the workload does not fit.
    const dead = row({
      gpu: "d",
      hours: 10,
      pricePerGpuHour: 1,
      meetsDeadline: true,
      verdict: "does-not-fit",
    });
    // A price, but the deadline cannot be checked (no hours): tier unknown, not meets.
    const unknown = row({ gpu: "k", pricePerGpuHour: 1, meetsDeadline: null });
    const answer = limitsAnswer([unpricedRow, dead, unknown], limits, noWider({ n: 0 }));
    expect(answer.met).toBe(false);
    expect(answer.deadlineHours).toBe(12);
  });
});

describe("when no priced option meets the limits", () => {
  it("lists unpriced options that run within the deadline, each GPU once, in order", () => {
    const limits: Limits = { deadlineHours: 12 };
    const u1 = row({ gpu: "x", gpus: 1, hours: 11, meetsDeadline: true });
    // The same GPU again (two of them): listed once, at its first row.
    const u2 = row({ gpu: "x", gpus: 2, hours: 6, meetsDeadline: true });
    // Unpriced but past the deadline: not listed.
    const late = row({ gpu: "y", hours: 20, meetsDeadline: false });
    // Unpriced with no hours: nothing says it runs within the deadline.
    const noHours = row({ gpu: "z", hours: null });
    // Unpriced, within the deadline, but it does not fit.
    const dead = row({
      gpu: "w",
      hours: 5,
      meetsDeadline: true,
      verdict: "does-not-fit",
    });
    // Priced and past the deadline: not unpriced.
    const priced = row({
      gpu: "p",
      hours: 30,
      pricePerGpuHour: 1,
      meetsDeadline: false,
    });
    // Unpriced with the deadline unchecked (null): not known to miss it, listed.
    const unchecked = row({ gpu: "v", hours: 9, meetsDeadline: null });
    const answer = limitsAnswer(
      [u1, u2, late, noHours, dead, priced, unchecked],
      limits,
      noWider({ n: 0 }),
    );
    expect(answer.met).toBe(false);
    expect(answer.unpriced).toEqual([u1, unchecked]);
    expect(answer.unpriced[0]).toBe(u1);
  });

  it("names more GPUs of a kind asked and another GPU, each the first that meets", () => {
    const limits: Limits = { deadlineHours: 10 };
    const slow = row({
      gpu: "rtx-4090",
      hours: 36,
      pricePerGpuHour: 1,
      meetsDeadline: false,
    });
    // The wider plan: a missing row first, then two rows that meet on the GPU asked (the
    // first is named), then an unpriced one of another GPU (cannot meet), then two priced
    // of another GPU that meet (the first is named).
    const missing = row({
      gpu: "rtx-4090",
      gpus: 2,
      hours: 18,
      pricePerGpuHour: 1,
      meetsDeadline: false,
    });
    const four = row({
      gpu: "rtx-4090",
      gpus: 4,
      hours: 9,
      pricePerGpuHour: 1,
      meetsDeadline: true,
    });
    const eight = row({
      gpu: "rtx-4090",
      gpus: 8,
      hours: 4.5,
      pricePerGpuHour: 1,
      meetsDeadline: true,
    });
    const otherUnpriced = row({ gpu: "t4", hours: 2, meetsDeadline: true });
    const other = row({
      gpu: "a100-80gb-sxm",
      hours: 3,
      pricePerGpuHour: 2,
      meetsDeadline: true,
    });
    const other2 = row({
      gpu: "a10g",
      hours: 1,
      pricePerGpuHour: 2,
      meetsDeadline: true,
    });
    const answer = limitsAnswer([slow], limits, () => ({
      rows: [missing, four, eight, otherUnpriced, other, other2],
      asked: (r) => r.gpu === "rtx-4090",
      interNodeGbps: 100,
    }));
    // Four GPUs sit in one node (nodes 1 from the fixture): no network named. The fastest
    // (36 h) misses the 10 h deadline: a deadline of 36 h would be met.
    expect(answer.toMeet).toEqual([
      { kind: "more-gpus", row: four },
      { kind: "other-gpu", row: other },
      { kind: "longer-deadline", hours: 36 },
    ]);
  });

  it("names the network assumed only when the row spans nodes and one was assumed", () => {
    const limits: Limits = { budget: 10 };
    const over = row({
      gpu: "a100-80gb-sxm",
      hours: 5,
      cost: 40,
      pricePerGpuHour: 8,
      withinBudget: false,
    });
    const twoNodes = row({
      gpu: "a100-80gb-sxm",
      gpus: 16,
      nodes: 2,
      hours: 1,
      cost: 9,
      pricePerGpuHour: 0.5,
      withinBudget: true,
    });
    const wider = (interNodeGbps?: number) => () => ({
      rows: [twoNodes],
      asked: () => true,
      ...(interNodeGbps === undefined ? {} : { interNodeGbps }),
    });
    const assumed = limitsAnswer([over], limits, wider(200));
    // Cheapest (and only) row costs 40 > budget 10: a budget of 40 would be met.
    expect(assumed.toMeet).toEqual([
      { kind: "more-gpus", row: twoNodes, interNodeGbps: 200 },
      { kind: "larger-budget", cost: 40 },
    ]);
    const named = limitsAnswer([over], limits, wider(undefined));
    expect(named.toMeet[0]).toEqual({ kind: "more-gpus", row: twoNodes });
    expect(named.toMeet[0]).not.toHaveProperty("interNodeGbps");
    // One node of eight: no network either way.
    const oneNode = { ...twoNodes, gpus: 8, nodes: 1 };
    const inNode = limitsAnswer([over], limits, () => ({
      rows: [oneNode],
      asked: () => true,
      interNodeGbps: 200,
    }));
    expect(inNode.toMeet[0]).toEqual({ kind: "more-gpus", row: oneNode });
  });

  it("names a longer deadline only for a deadline the fastest is known to miss", () => {
    // A budget alone: the fastest row's deadline flag says nothing (no deadline asked).
    const flagged = row({
      hours: 6,
      cost: 30,
      pricePerGpuHour: 5,
      meetsDeadline: false,
      withinBudget: false,
    });
    const budgetOnly = limitsAnswer([flagged], { budget: 20 }, noWider({ n: 0 }));
    // Cheapest costs 30 > 20: a budget of 30.
    expect(budgetOnly.toMeet).toEqual([{ kind: "larger-budget", cost: 30 }]);
    // A deadline the fastest meets (unchecked budget aside): no longer deadline.
    const fastButOver = row({
      hours: 6,
      cost: 30,
      pricePerGpuHour: 5,
      meetsDeadline: true,
      withinBudget: false,
    });
    const both = limitsAnswer([fastButOver], { deadlineHours: 8, budget: 20 }, noWider({ n: 0 }));
    expect(both.toMeet).toEqual([{ kind: "larger-budget", cost: 30 }]);
    // A fastest row whose deadline is unchecked (null): not known to miss, nothing named.
    const unchecked = row({
      hours: 6,
      cost: 30,
      pricePerGpuHour: 5,
      meetsDeadline: null,
    });
    const noFlag = limitsAnswer([unchecked], { deadlineHours: 8 }, noWider({ n: 0 }));
    expect(noFlag.met).toBe(false);
    expect(noFlag.toMeet).toEqual([]);
  });

  it("names a larger budget only for a budget the cheapest is known to break", () => {
    // A deadline alone: the cheapest row's budget flag says nothing. The fastest (4 h)
    // misses the 3 h deadline: a deadline of 4 h.
    const flagged = row({
      hours: 4,
      cost: 12,
      pricePerGpuHour: 3,
      meetsDeadline: false,
      withinBudget: false,
    });
    const deadlineOnly = limitsAnswer([flagged], { deadlineHours: 3 }, noWider({ n: 0 }));
    expect(deadlineOnly.toMeet).toEqual([{ kind: "longer-deadline", hours: 4 }]);
    // A budget the cheapest keeps: no larger budget, only the longer deadline.
    const inBudget = { ...flagged, withinBudget: true };
    const both = limitsAnswer([inBudget], { deadlineHours: 3, budget: 20 }, noWider({ n: 0 }));
    expect(both.toMeet).toEqual([{ kind: "longer-deadline", hours: 4 }]);
    // The cheapest's budget unchecked (null): nothing named.
    const unchecked = { ...flagged, meetsDeadline: null, withinBudget: null };
    const noFlag = limitsAnswer([unchecked], { budget: 20 }, noWider({ n: 0 }));
    expect(noFlag.toMeet).toEqual([]);
  });

  it("names nothing the fastest and cheapest cannot give a figure for", () => {
    // Only an unpriced row with no hours: no fastest, no cheapest, nothing to name; the
    // wider plan is still asked (once) for what would meet the limits.
    const calls = { n: 0 };
    const bare = row({ gpu: "a100-80gb-sxm", gpuName: a100.name, hours: null });
    const answer = limitsAnswer([bare], { deadlineHours: 5, budget: 5 }, noWider(calls));
    expect(answer).toEqual({
      met: false,
      unpriced: [],
      deadlineHours: 5,
      budget: 5,
      fastest: null,
      cheapest: null,
      toMeet: [],
    });
    expect(calls.n).toBe(1);
  });
});
