/**
 * The plan's price choice: a reference price older than STALE_PRICE_DAYS is history, never
 * used; a GPU priced only by such rows has no price, is listed after the priced ones and is
 * named for the user to give theirs.
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

describe("plan prices: current ones only", () => {
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
    expect(r4090.reasons).not.toContain("converted-price");
  });

  it("prefers a current price to an older, cheaper-or-dearer one", () => {
    // RTX 3090: 恒源云 0.76 (2026-10-20) is used, not Featurize's 3.6 of 2021-06-15.
    expect(one(p, "rtx-3090").pricePerGpuHour).toBe(0.76);
  });

  it("never uses a price over a year old: the GPU is listed unpriced, after the priced ones", () => {
    const r3080 = one(p, "rtx-3080");
    // Featurize's 2.4 CNY of 2021-06-15 is the only RTX 3080 row. Its age on 2026-12-02:
    // five years to 2026-06-15 with one leap day (2024-02-29) = 1826, then
    // 15 + 31 + 31 + 30 + 31 + 30 + 2 = 170: 1996 days, over STALE_PRICE_DAYS (365).
    expect(r3080.pricePerGpuHour).toBeNull();
    expect(r3080.priceSource).toBeNull();
    expect(r3080.reasons).toContain("no-price");
    const order = p.rows.filter((r) => r.verdict !== "does-not-fit").map((r) => r.gpu);
    const lastPriced = Math.max(
      ...p.rows.flatMap((r, i) => (r.pricePerGpuHour === null ? [] : [i])),
    );
    expect(order.indexOf("rtx-3080")).toBeGreaterThan(lastPriced);
  });

  it("names the GPUs with no current price, in either currency", () => {
    expect(one(p, "l40s").pricePerGpuHour).toBeNull();
    const unpriced = p.warnings.find((w) => w.code === "unpriced-gpus");
    // This context has no exchange rate, so the L40S's USD rows cannot price a CNY plan.
    expect(String(unpriced?.params["gpus"]).split(", ").sort()).toEqual([
      "NVIDIA GeForce RTX 3080",
      "NVIDIA L40S",
    ]);
    expect(unpriced?.params["days"]).toBe(365);
  });

  it("prices a GPU whose only reference is history with the user's own price", () => {
    const own = plan({
      workload: BATCH,
      measuredOn: "rtx-4090",
      currency: "CNY",
      gpus: ["rtx-3080"],
      prices: { "rtx-3080": { pricePerGpuHour: 1.5, currency: "CNY" } },
    });
    expect(one(own, "rtx-3080").reasons).toContain("user-price");
    expect(one(own, "rtx-3080").pricePerGpuHour).toBe(1.5);
  });
});
