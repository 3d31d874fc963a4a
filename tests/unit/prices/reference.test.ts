/**
 * `referencePrice` on the sourced prices: the lowest on-demand price among rows no older than
 * `STALE_PRICE_DAYS`, a row in the other currency converted at the plan's rate, the same row
 * whichever currency the plan is in; an older row never.
 */
import { describe, expect, it } from "vitest";
import {
  ageInDays,
  referencePrice,
  STALE_PRICE_DAYS,
  type ReferencePrice,
} from "../../../src/estimate/cost/price.ts";
import { loadExchangeRates, loadPrices, loadReferencePrices } from "../../../src/prices/load.ts";

const row = (over: Partial<ReferencePrice>): ReferencePrice => ({
  gpuId: "h100-sxm",
  provider: "P",
  region: "",
  product: "x",
  gpusPerInstance: 1,
  pricePerGpuHour: 1,
  currency: "USD",
  date: "2026-01-01",
  url: "https://example.com/",
  sourceKind: "copy",
  ...over,
});

/** A fixed plan date, so ages and the exchange rate used are worked out by hand. */
const TODAY = "2026-12-02";
const RATES = loadExchangeRates();

describe("referencePrice", () => {
  it("picks the lowest on-demand price per GPU-hour in the currency", () => {
    const refs = loadReferencePrices();
    const h100 = referencePrice(refs, "h100-sxm", "USD", TODAY);
    const lowest = Math.min(
      ...loadPrices()
        .filter((p) => p.gpuId === "h100-sxm" && p.currency === "USD" && p.kind === "on-demand")
        .map((p) => p.pricePerGpuHour),
    );
    expect(h100?.pricePerGpuHour).toBe(lowest);
    // OpenRelay's 2.60 (read 2026-09-20) undercuts Hyperstack's 3.20 and JarvisLabs' 2.69;
    // community rows are never references whatever their price.
    expect(h100?.row.provider).toBe("OpenRelay");
    expect(h100?.pricePerGpuHour).toBe(2.6);
    expect(h100?.conversion).toBeNull();
  });

  it("without a rate, prices only in the row's own currency", () => {
    expect(referencePrice(loadReferencePrices(), "h100-sxm", "CNY", TODAY)).toBeUndefined();
    const cny = row({ currency: "CNY", pricePerGpuHour: 20 });
    const usd = row({ pricePerGpuHour: 3 });
    expect(referencePrice([usd, cny], "h100-sxm", "CNY", TODAY)?.row).toBe(cny);
    expect(referencePrice([usd, cny], "h100-sxm", "USD", TODAY)?.row).toBe(usd);
  });

  it("with the plan's rate, chooses the same row whichever currency the plan is in", () => {
    // On 2026-12-02 the rate is the ECB cross of 2026-05-08: 6.8012 CNY per USD.
    // 20 CNY = 20 / 6.8012 = 2.94066 USD (6.8012 x 2.94 = 19.99553; 0.00447 / 6.8012 =
    // 0.00066), below the 3 USD row; in CNY the 3 USD row is 3 x 6.8012 = 20.4036 > 20.
    const cny = row({ currency: "CNY", pricePerGpuHour: 20, date: "2026-10-20" });
    const usd = row({ pricePerGpuHour: 3, date: "2026-10-01" });
    const inUsd = referencePrice([usd, cny], "h100-sxm", "USD", TODAY, RATES);
    const inCny = referencePrice([usd, cny], "h100-sxm", "CNY", TODAY, RATES);
    expect(inUsd?.row).toBe(cny);
    expect(inCny?.row).toBe(cny);
    expect(inUsd?.pricePerGpuHour).toBeCloseTo(2.94066, 5);
    expect(inUsd?.conversion).toMatchObject({ from: "CNY", amount: 20 });
    expect(inUsd?.conversion?.rate).toMatchObject({ rate: 6.8012, date: "2026-05-08" });
    expect(inCny?.pricePerGpuHour).toBe(20);
    expect(inCny?.conversion).toBeNull();
  });

  it("takes the most recent reading on a tie", () => {
    const older = row({ date: "2026-01-21" });
    const newer = row({ date: "2026-11-09" });
    expect(referencePrice([older, newer], "h100-sxm", "USD", TODAY)?.row).toBe(newer);
  });

  it("has none for a GPU with no sourced price", () => {
    expect(referencePrice(loadReferencePrices(), "ascend-910b", "USD", TODAY)).toBeUndefined();
  });

  it("counts a price's age in whole days", () => {
    // 2025-12-02 to 2026-12-02: 365 days (2026 is not a leap year); a day later, 366.
    expect(ageInDays("2025-12-02", "2026-12-02")).toBe(365);
    expect(ageInDays("2025-12-01", "2026-12-02")).toBe(366);
    expect(ageInDays("2026-12-03", "2026-12-02")).toBe(0);
  });

  it("never uses a row over a year old, cheaper or alone: it is history", () => {
    const stale = row({ currency: "CNY", pricePerGpuHour: 5, date: "2021-05-25" });
    const current = row({ currency: "CNY", pricePerGpuHour: 9, date: "2026-10-20" });
    expect(referencePrice([stale, current], "h100-sxm", "CNY", TODAY)?.row).toBe(current);
    expect(referencePrice([stale], "h100-sxm", "CNY", TODAY)).toBeUndefined();
    // Exactly STALE_PRICE_DAYS old still counts as current; a day older does not.
    const edge = row({ currency: "CNY", pricePerGpuHour: 4, date: "2025-12-02" });
    expect(ageInDays(edge.date, TODAY)).toBe(STALE_PRICE_DAYS);
    expect(referencePrice([edge, current], "h100-sxm", "CNY", TODAY)?.row).toBe(edge);
    const older = row({ currency: "CNY", pricePerGpuHour: 4, date: "2025-12-01" });
    expect(referencePrice([older, current], "h100-sxm", "CNY", TODAY)?.row).toBe(current);
  });
});
