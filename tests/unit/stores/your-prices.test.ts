/**
 * Your prices → the plan's request: no price unless the user entered one (the cost page's
 * example options never stand in), each entered price with its currency, a row without a
 * price prices nothing, a cleared list none; a plan whose currency the user left unset takes
 * the page's currency (else the prices'); with the site's exchange rates a price in the other
 * currency is converted, and without any it is refused at its own field. A budget keeps the
 * currency it was typed in. Links carry the prices; a link naming a GPU twice keeps the
 * first price.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../src/catalog/load.ts";
import { PRESETS } from "../../../src/estimate/model/presets.ts";
import { loadExchangeRates, loadReferencePrices } from "../../../src/prices/load.ts";
import { provideCatalog, taskContext } from "../../../src/stores/catalog.ts";
import { $cost, COST_INITIAL } from "../../../src/stores/cost.ts";
import { engine } from "../../../src/stores/engine-impl.ts";
import { provideEngine } from "../../../src/stores/engine.ts";
import { setFit } from "../../../src/stores/fit.ts";
import { plan } from "../../../src/stores/results/plan.ts";
import { applyHash, encodeState, resetAll } from "../../../src/stores/share.ts";
import { $yourPrices } from "../../../src/stores/your-prices.ts";
import {
  addPrice,
  clearPrices,
  removePrice,
  setPrice,
} from "../../../src/stores/your-prices-edit.ts";
import { issuesAt } from "../../../src/stores/views/result.ts";
import { budgetPin } from "../../../src/stores/views/gpu-fit.ts";
import { priceRows } from "../../../src/stores/views/your-prices-rows.ts";
import { bestRows } from "../../../src/stores/views/plan-rows.ts";

/** The site's catalog, in its file's order (the first GPUs are not those the tests price). */
const GPUS = loadGpuSpecs();

beforeAll(() => {
  provideEngine(engine);
  provideCatalog({
    gpus: [...GPUS],
    presets: [...PRESETS],
    prices: loadReferencePrices(),
    rates: [],
  });
});
beforeEach(() => resetAll());

const request = () => {
  const b = plan.$request.get();
  if (!b?.ok) throw new Error(JSON.stringify(b));
  return b.request;
};

describe("your prices in the plan's request", () => {
  it("holds no price by default, whatever the cost page's example options say", () => {
    // The cost page opens on the seed article's 2.5/h RTX 4090: an example, not a quote.
    expect($cost.get().options).toEqual(COST_INITIAL.options);
    expect($yourPrices.get().prices ?? []).toEqual([]);
    expect(request().prices).toBeUndefined();
    expect(request().currency).toBeUndefined();
    setFit({ mode: "batch" });
    expect(request().prices).toBeUndefined();
  });

  it("takes each entered price with its own currency; a row without a price is none", () => {
    addPrice("USD");
    setPrice(0, { currency: "CNY" });
    addPrice("USD");
    const [first, second] = $yourPrices.get().prices ?? [];
    // A new row names a GPU not priced yet, in the last row's currency, else the one given.
    expect(first?.gpu).toBe(GPUS[0]?.id);
    expect(second?.gpu).toBe(GPUS[1]?.id);
    expect(first?.currency).toBe("CNY");
    expect(second?.currency).toBe("CNY");
    setPrice(0, { gpu: "rtx-4090", pricePerGpuHour: 1.8, currency: "CNY" });
    expect(request().prices).toEqual({ "rtx-4090": { pricePerGpuHour: 1.8, currency: "CNY" } });
    setPrice(1, { gpu: "h100-sxm", pricePerGpuHour: 2.5, currency: "CNY" });
    expect(request().prices).toEqual({
      "rtx-4090": { pricePerGpuHour: 1.8, currency: "CNY" },
      "h100-sxm": { pricePerGpuHour: 2.5, currency: "CNY" },
    });
  });

  it("a plan with no currency chosen is in the prices' currency, and the cost uses them", () => {
    addPrice("USD");
    setPrice(0, { gpu: "rtx-4090", pricePerGpuHour: 3, currency: "CNY" });
    setFit({ mode: "batch" });
    const o = engine.run(request(), taskContext());
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    expect(o.result.currency).toBe("CNY");
    const row = bestRows(o.result).find((r) => r.gpu === "rtx-4090");
    expect(row?.priceSource).toBe("request");
    expect(row?.pricePerGpuHour).toBe(3);
  });

  it("with the site's exchange rates, converts a price in the other currency instead", () => {
    addPrice("USD");
    setPrice(0, { gpu: "rtx-4090", pricePerGpuHour: 12, currency: "CNY" });
    setFit({ currency: "USD", mode: "batch" });
    const ctx = { ...taskContext(), rates: loadExchangeRates(), today: "2026-12-02" };
    const o = engine.run(request(), ctx);
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    const row = bestRows(o.result).find((r) => r.gpu === "rtx-4090");
    // 12 CNY at the ECB cross of 2026-05-08, 6.8012 CNY per USD: 12 / 6.8012 = 1.7643945 USD
    // (6.8012 x 1.764 = 11.9973168; 0.0026832 / 6.8012 = 0.0003945).
    expect(row?.pricePerGpuHour).toBeCloseTo(1.7643945, 6);
    expect(row?.priceConversion).toMatchObject({ from: "CNY", amount: 12 });
  });

  it("a plan with no currency chosen is in the page's currency", () => {
    addPrice("USD");
    setPrice(0, { gpu: "rtx-4090", pricePerGpuHour: 3, currency: "USD" });
    setFit({ mode: "batch" });
    const ctx = { ...taskContext(), rates: loadExchangeRates(), currency: "CNY" as const };
    const o = engine.run(request(), ctx);
    expect(o.ok && o.result.currency).toBe("CNY");
  });

  it("a budget keeps the currency it was typed in", () => {
    // Typed while costs show in USD: pinned to USD; a later change of the costs' currency
    // leaves it; clearing the budget clears the pin.
    expect(budgetPin({ budget: 2000 }, {}, "USD")).toEqual({ budgetCurrency: "USD" });
    expect(budgetPin({ budget: 3000 }, { budgetCurrency: "USD" }, "CNY")).toEqual({});
    expect(budgetPin({ currency: "CNY" }, { budgetCurrency: "USD" }, "CNY")).toEqual({});
    expect(budgetPin({ budget: undefined }, { budgetCurrency: "USD" }, "CNY")).toEqual({
      budgetCurrency: undefined,
    });
    setFit({ budget: 2000, budgetCurrency: "USD", currency: "CNY" });
    expect(request()).toMatchObject({ budget: 2000, budgetCurrency: "USD", currency: "CNY" });
  });

  it("without any exchange rate, refuses a price in another currency, at its currency field", () => {
    addPrice("USD");
    setPrice(0, { gpu: "rtx-4090", pricePerGpuHour: 12, currency: "CNY" });
    setFit({ currency: "USD" });
    const o = engine.run(request(), taskContext());
    expect(o.ok).toBe(false);
    // What the row's inputs show beside themselves: the message on its currency only.
    expect(Object.keys(issuesAt(o, "prices.rtx-4090"))).toEqual(["currency"]);
  });

  it("remove and clear take prices out", () => {
    addPrice("USD");
    addPrice("USD");
    setPrice(0, { gpu: "rtx-4090", pricePerGpuHour: 2 });
    setPrice(1, { gpu: "a100-80gb-sxm", pricePerGpuHour: 1.5 });
    removePrice(0);
    expect(request().prices).toEqual({
      "a100-80gb-sxm": { pricePerGpuHour: 1.5, currency: "USD" },
    });
    clearPrices();
    expect($yourPrices.get()).toEqual({});
    expect(request().prices).toBeUndefined();
  });

  it("travels in links; a link naming a GPU twice prices it with its first row", () => {
    addPrice("USD");
    setPrice(0, { gpu: "rtx-4090", pricePerGpuHour: 1.8, currency: "CNY" });
    const hash = encodeState();
    resetAll();
    expect(request().prices).toBeUndefined();
    expect(applyHash(`#${hash}`, engine).invalid).toEqual([]);
    expect(request().prices).toEqual({ "rtx-4090": { pricePerGpuHour: 1.8, currency: "CNY" } });
    const twice = JSON.stringify([
      { gpu: "rtx-4090", pricePerGpuHour: 1, currency: "USD" },
      { gpu: "rtx-4090", pricePerGpuHour: 9, currency: "USD" },
    ]);
    applyHash(`#v=2&p.prices=${encodeURIComponent(twice)}`, engine);
    expect(request().prices).toEqual({ "rtx-4090": { pricePerGpuHour: 1, currency: "USD" } });
    // The second row says so beside its GPU; the first row has nothing to say.
    const [first, second] = priceRows("p", $yourPrices.get().prices ?? [], null, GPUS);
    const gpuIssue = (row: typeof first) =>
      row?.kind === "group" ? row.fields.find((f) => f.id.endsWith("-gpu")) : undefined;
    expect(gpuIssue(first)).toMatchObject({ issue: undefined });
    expect(gpuIssue(second)).toMatchObject({
      issue: { key: "issue.duplicate", params: { value: "rtx-4090" } },
    });
  });
});
