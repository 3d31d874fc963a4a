/**
 * A served row whose users get the rate asked at the estimate, but not at the slow end of
 * its likely range, says so (`may-be-too-slow-per-user`), and the decision table marks it
 * where the eye starts; a rate asked below the slow end is not flagged. The slow end is the
 * estimate ÷ the held-out spread of its kind (`generated/time-ranges.ts`), dense and
 * mixture-of-experts models apart.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { LIKELY_SPREAD } from "../../../../src/estimate/generated/time-ranges.ts";
import { missedMessage } from "../../../../src/stores/views/plan-rows.ts";

const gpus = loadGpuSpecs();
const ctx = { gpus, presets: PRESETS, prices: [], today: "2026-12-05" };

/** The H100 row for one user of `model` at 4,096 tokens asking `rate` tokens/s. */
function h100Row(model: string, rate: number): PlanRow {
  const r = runRequest(
    {
      task: "plan",
      workload: {
        task: "serve",
        model: { preset: model },
        weightBits: 16,
        contextTokens: 4096,
        users: 1,
        outputTokensPerSecondPerUser: rate,
      },
      gpus: ["h100-sxm"],
    },
    ctx,
  );
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const row = (r.result as unknown as { rows: PlanRow[] }).rows.find((x) => x.gpu === "h100-sxm");
  if (!row) throw new Error("no H100 row");
  return row;
}

describe("a served row at risk of missing the rate each user needs", () => {
  it.each([
    ["llama-3.1-8b", "serving"],
    ["qwen3-30b-a3b", "serving-moe"],
  ] as const)("%s: flagged inside the likely range (%s), not below its slow end", (model, kind) => {
    // One user on one H100 gets the single-user speed p whatever rate is asked below it,
    // and the slow end is p ÷ the kind's high ratio. A rate of 0.99 p is served at the
    // estimate (p ≥ 0.99 p) but lies above the slow end (p ÷ high < 0.99 p for any
    // high > 1.0101); a rate of 0.99 × the slow end lies below it.
    const high = LIKELY_SPREAD[kind].high;
    expect(high).toBeGreaterThan(1 / 0.99);
    const p = h100Row(model, 1).tokensPerSecondPerUser ?? 0;
    expect(p).toBeGreaterThan(0);
    const risky = h100Row(model, 0.99 * p);
    expect(risky).toMatchObject({ gpus: 1, verdict: "fits", usersPerReplica: 1 });
    expect(risky.tokensPerSecondPerUser).toBeCloseTo(p, 9);
    expect(risky.tokensPerSecondPerUserRange?.basis).toBe(kind);
    expect(risky.tokensPerSecondPerUserRange?.low).toBeCloseTo(p / high, 9);
    expect(risky.reasons).toContain("may-be-too-slow-per-user");
    expect(missedMessage(risky)).toEqual({
      list: [{ key: "pt.mayBeSlow" }],
      sep: "pt.whySeparator",
    });
    const safe = h100Row(model, 0.99 * (p / high));
    expect(safe.reasons).not.toContain("may-be-too-slow-per-user");
    expect(missedMessage(safe)).toBeNull();
  });
});
