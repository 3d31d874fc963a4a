/**
 * The plan's price choice: a reference price older than STALE_PRICE_DAYS is used only where
 * no newer one exists, and then the row says so, shows its age, and the plan warns and asks
 * for the user's price; GPUs with no price in the currency are named.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { loadReferencePrices } from "../../../../src/prices/load.ts";

/** A fixed plan date, so the ages below are worked out by hand. */
const TODAY = "2026-12-02";
const ctx = { gpus: loadGpuSpecs(), presets: PRESETS, prices: loadReferencePrices(), today: TODAY };

interface Plan {
  rows: PlanRow[];
  warnings: { code: string; params: Record<string, string | number> }[];
}
function plan(request: Record<string, unknown>): Plan {
  const r = runRequest({ task: "plan", ...request }, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as Plan;
}

const BATCH = { task: "render", secondsPerFrame: 60, frames: 600 };
const one = (p: Plan, gpu: string) => p.rows.find((r) => r.gpu === gpu && r.gpus === 1)!;

describe("plan prices: current first, stale ones marked with their age", () => {
  const p = plan({
    workload: BATCH,
    measuredOn: "rtx-4090",
    currency: "CNY",
    gpus: ["rtx-4090", "rtx-3080", "rtx-3090", "l40s"],
  });

  it("uses a current CNY price with its age and source kind", () => {
    const r4090 = one(p, "rtx-4090");
    // 算家云 1.24 CNY, read 2026-10-20: 11 days left in October + 30 in November + 2 = 43.
    expect(r4090.pricePerGpuHour).toBe(1.24);
    expect(r4090.priceSource).toMatchObject({
      date: "2026-10-20",
      ageDays: 43,
      sourceKind: "copy",
    });
    expect(r4090.reasons).toContain("reference-price");
    expect(r4090.reasons).not.toContain("stale-price");
  });

  it("prefers a current price to an older, cheaper-or-dearer one", () => {
    // RTX 3090: 恒源云 0.76 (2026-10-20) is used, not Featurize's 3.6 of 2021-06-15.
    expect(one(p, "rtx-3090").pricePerGpuHour).toBe(0.76);
  });

  it("falls back to a stale price only when alone, marks it and asks for the user's", () => {
    const r3080 = one(p, "rtx-3080");
    // Featurize's 2.4 CNY of 2021-06-15. Age on 2026-12-02: five years to 2026-06-15 with
    // one leap day (2024-02-29) = 1826, then 15 + 31 + 31 + 30 + 31 + 30 + 2 = 170: 1996.
    expect(r3080.pricePerGpuHour).toBe(2.4);
    expect(r3080.priceSource).toMatchObject({ date: "2021-06-15", ageDays: 1996 });
    expect(r3080.reasons).toContain("stale-price");
    const stale = p.warnings.find((w) => w.code === "stale-reference-price");
    expect(stale?.params).toEqual({
      gpus: "NVIDIA GeForce RTX 3080",
      date: "2021-06-15",
      days: 365,
    });
  });

  it("names the GPUs with no price in the plan's currency", () => {
    expect(one(p, "l40s").pricePerGpuHour).toBeNull();
    const unpriced = p.warnings.find((w) => w.code === "unpriced-gpus");
    expect(unpriced?.params).toEqual({ gpus: "NVIDIA L40S", currency: "CNY" });
  });

  it("never marks the user's own price as stale", () => {
    const own = plan({
      workload: BATCH,
      measuredOn: "rtx-4090",
      currency: "CNY",
      gpus: ["rtx-3080"],
      prices: { "rtx-3080": { pricePerGpuHour: 1.5, currency: "CNY" } },
    });
    expect(one(own, "rtx-3080").reasons).toContain("user-price");
    expect(one(own, "rtx-3080").reasons).not.toContain("stale-price");
    expect(own.warnings.map((w) => w.code)).not.toContain("stale-reference-price");
  });
});
