/**
 * Prices in either currency (issue #24, items 1–3): a price or budget quoted in the other
 * currency is converted at the plan's dated exchange rate and marked so, nothing the user
 * typed blocks the answer; the same workload ranks the same hardware in USD and in CNY;
 * options without a price come after the priced ones, and the answer says when no priced
 * option meets the limits. Expected figures are worked by hand from the ECB cross of
 * 2026-05-08 (6.8012 CNY per USD), the reading in force on the plans' date 2026-12-02.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { LimitsAnswer } from "../../../../src/estimate/plan/limits.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import type { Warning } from "../../../../src/estimate/result.ts";
import type { Currency } from "../../../../src/estimate/vocabulary.ts";
import { loadExchangeRates, loadReferencePrices } from "../../../../src/prices/load.ts";
import { bestRows } from "../../../../src/stores/views/plan-rows.ts";

const ctx = {
  gpus: loadGpuSpecs(),
  presets: PRESETS,
  prices: loadReferencePrices(),
  rates: loadExchangeRates(),
};
const ON = "2026-12-02";
const RATE = 6.8012;

interface Plan {
  rows: PlanRow[];
  /** Indices into `rows`. */
  best: number[];
  currency: Currency;
  warnings: Warning[];
  assumptions: { key: string; value: unknown; source: string }[];
  limits: LimitsAnswer;
}
function plan(request: Record<string, unknown>, c: object = ctx): Plan {
  const r = runRequest({ task: "plan", pricesOn: ON, ...request }, { ...ctx, ...c });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as Plan;
}
const one = (p: Plan, gpu: string) => bestRows(p).find((r) => r.gpu === gpu)!;

/** The issue's serving question: Llama 3.1 70B for 50 users at reading speed. */
const SERVE_70B = {
  task: "serve",
  model: { preset: "llama-3.1-70b" },
  users: 50,
  outputTokensPerSecondPerUser: 5.3,
};
const BATCH = { task: "render", secondsPerFrame: 60, frames: 600 };
const MIXED = {
  "rtx-4090": { pricePerGpuHour: 1.8, currency: "CNY" },
  "h100-sxm": { pricePerGpuHour: 2.2, currency: "USD" },
};

describe("prices typed in either currency", () => {
  const inUsd = plan({ workload: BATCH, measuredOn: "rtx-4090", currency: "USD", prices: MIXED });
  const inCny = plan({ workload: BATCH, measuredOn: "rtx-4090", currency: "CNY", prices: MIXED });

  it("converts the one in the other currency, marked with the reading it used", () => {
    const r4090 = one(inUsd, "rtx-4090");
    // 1.8 CNY / 6.8012 = 0.264659 USD per GPU-hour.
    expect(r4090.pricePerGpuHour).toBeCloseTo(0.264659, 6);
    expect(r4090.currency).toBe("USD");
    expect(r4090.priceSource).toBe("request");
    expect(r4090.reasons).toContain("converted-price");
    expect(r4090.priceConversion).toMatchObject({ from: "CNY", amount: 1.8 });
    expect(r4090.priceConversion?.rate).toMatchObject({ rate: RATE, date: "2026-05-08" });
    expect(one(inUsd, "h100-sxm").pricePerGpuHour).toBe(2.2);
    expect(one(inUsd, "h100-sxm").priceConversion).toBeNull();
    const w = inUsd.warnings.find((x) => x.code === "converted-prices");
    expect(w?.params).toMatchObject({ rate: RATE, base: "USD", quote: "CNY", date: "2026-05-08" });
    expect(String(w?.params["source"])).toMatch(/ECB/);
  });

  it("the other way in a CNY plan", () => {
    // 2.2 USD x 6.8012 = 14.96264 CNY per GPU-hour.
    expect(one(inCny, "h100-sxm").pricePerGpuHour).toBeCloseTo(14.96264, 9);
    expect(one(inCny, "h100-sxm").reasons).toContain("converted-price");
    expect(one(inCny, "rtx-4090").pricePerGpuHour).toBe(1.8);
  });

  it("costs differ by the rate only: each row's CNY cost is its USD cost x 6.8012", () => {
    for (const r of inUsd.rows.filter((x) => x.cost !== null)) {
      const twin = inCny.rows.find((x) => x.gpu === r.gpu && x.gpus === r.gpus)!;
      expect(twin.cost! / r.cost!).toBeCloseTo(RATE, 9);
    }
  });
});

describe("the same ranking whatever the currency", () => {
  const order = (p: Plan) => bestRows(p).map((r) => `${r.gpus} x ${r.gpu}`);

  it("serving Llama 3.1 70B to 50 users: the same hardware in the same order", () => {
    const usd = plan({ workload: SERVE_70B, currency: "USD" });
    const cny = plan({ workload: SERVE_70B, currency: "CNY" });
    expect(order(cny)).toEqual(order(usd));
    // Same rows priced: a GPU priced in either currency is priced in both.
    expect(bestRows(cny).map((r) => r.pricePerGpuHour === null)).toEqual(
      bestRows(usd).map((r) => r.pricePerGpuHour === null),
    );
    expect(bestRows(usd)[0]!.cost).not.toBeNull();
  });

  it("a budget keeps its currency: 2,000 USD is 13,602.4 CNY in a CNY plan", () => {
    // 2000 x 6.8012 = 13,602.4.
    const workload = { ...SERVE_70B, hours: 100 };
    const cny = plan({ workload, currency: "CNY", budget: 2000, budgetCurrency: "USD" });
    const usd = plan({ workload, currency: "USD", budget: 2000 });
    expect(cny.limits.budget).toBeCloseTo(13602.4, 8);
    expect(cny.limits.budgetConversion).toMatchObject({ from: "USD", amount: 2000 });
    expect(usd.limits.budget).toBe(2000);
    expect(order(cny)).toEqual(order(usd));
    expect(bestRows(cny).map((r) => r.withinBudget)).toEqual(
      bestRows(usd).map((r) => r.withinBudget),
    );
  });
});

describe("unpriced options", () => {
  it("come after every priced option that runs", () => {
    const p = plan({ workload: SERVE_70B, currency: "CNY" });
    const running = bestRows(p).filter((r) => r.verdict !== "does-not-fit");
    const firstUnpriced = running.findIndex((r) => r.pricePerGpuHour === null);
    expect(firstUnpriced).toBeGreaterThan(0);
    expect(running.slice(firstUnpriced).every((r) => r.pricePerGpuHour === null)).toBe(true);
  });

  it("the answer says no priced option meets the limits, and names those to price", () => {
    // The RTX 3080's only price is Featurize's of 2021-06-15 (history): within a long
    // deadline it runs, but nothing priced does, and it is named for the user to price.
    const p = plan({
      workload: BATCH,
      measuredOn: "rtx-4090",
      gpus: ["rtx-3080"],
      deadlineHours: 1e5,
      currency: "CNY",
    });
    expect(bestRows(p)[0]!.pricePerGpuHour).toBeNull();
    expect(p.limits.met).toBe(false);
    expect(p.limits.unpriced.map((r) => r.gpu)).toEqual(["rtx-3080"]);
  });
});

describe("the plan's currency", () => {
  it("is the page's when the request names none, and says so", () => {
    const p = plan({ workload: BATCH, measuredOn: "rtx-4090" }, { currency: "CNY" });
    expect(p.currency).toBe("CNY");
    expect(p.assumptions.find((a) => a.key === "currency")).toMatchObject({
      value: "CNY",
      source: "currency-default",
    });
  });

  it("is the request's when it names one, whatever the page's", () => {
    const p = plan(
      { workload: BATCH, measuredOn: "rtx-4090", currency: "USD" },
      { currency: "CNY" },
    );
    expect(p.currency).toBe("USD");
  });
});
