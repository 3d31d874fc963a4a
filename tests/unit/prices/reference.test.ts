/**
 * `referencePrice` on the sourced prices: the lowest on-demand price in the asked currency,
 * among rows no older than `STALE_PRICE_DAYS`, a stale row only where no newer one exists.
 */
import { describe, expect, it } from "vitest";
import {
  ageInDays,
  referencePrice,
  STALE_PRICE_DAYS,
  type ReferencePrice,
} from "../../../src/estimate/cost/price.ts";
import { loadPrices, loadReferencePrices } from "../../../src/prices/load.ts";

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

describe("referencePrice", () => {
  it("picks the lowest on-demand price per GPU-hour in the currency", () => {
    const refs = loadReferencePrices();
    const h100 = referencePrice(refs, "h100-sxm", "USD");
    const lowest = Math.min(
      ...loadPrices()
        .filter((p) => p.gpuId === "h100-sxm" && p.currency === "USD" && p.kind === "on-demand")
        .map((p) => p.pricePerGpuHour),
    );
    expect(h100?.pricePerGpuHour).toBe(lowest);
    // OpenRelay's 2.60 (read 2026-09-20) undercuts Hyperstack's 3.20 and JarvisLabs' 2.69;
    // community rows are never references whatever their price.
    expect(h100?.provider).toBe("OpenRelay");
    expect(h100?.pricePerGpuHour).toBe(2.6);
  });

  it("never converts: no CNY reference price from USD rows", () => {
    expect(referencePrice(loadReferencePrices(), "h100-sxm", "CNY")).toBeUndefined();
    const cny = row({ currency: "CNY", pricePerGpuHour: 20 });
    const usd = row({ pricePerGpuHour: 3 });
    expect(referencePrice([usd, cny], "h100-sxm", "CNY")).toBe(cny);
    expect(referencePrice([usd, cny], "h100-sxm", "USD")).toBe(usd);
  });

  it("takes the most recent reading on a tie", () => {
    const older = row({ date: "2026-01-21" });
    const newer = row({ date: "2026-11-09" });
    expect(referencePrice([older, newer], "h100-sxm", "USD")).toBe(newer);
  });

  it("has none for a GPU with no sourced price", () => {
    expect(referencePrice(loadReferencePrices(), "ascend-910b", "USD")).toBeUndefined();
  });

  it("counts a price's age in whole days", () => {
    // 2025-12-02 to 2026-12-02: 365 days (2026 is not a leap year); a day later, 366.
    expect(ageInDays("2025-12-02", "2026-12-02")).toBe(365);
    expect(ageInDays("2025-12-01", "2026-12-02")).toBe(366);
    expect(ageInDays("2026-12-03", "2026-12-02")).toBe(0);
  });

  it("prefers a current price to a cheaper stale one, and keeps a stale one when alone", () => {
    const today = "2026-12-02";
    const stale = row({ currency: "CNY", pricePerGpuHour: 5, date: "2021-05-25" });
    const current = row({ currency: "CNY", pricePerGpuHour: 9, date: "2026-10-20" });
    expect(referencePrice([stale, current], "h100-sxm", "CNY", today)).toBe(current);
    expect(referencePrice([stale], "h100-sxm", "CNY", today)).toBe(stale);
    // Exactly STALE_PRICE_DAYS old still counts as current.
    const edge = row({ currency: "CNY", pricePerGpuHour: 4, date: "2025-12-02" });
    expect(ageInDays(edge.date, today)).toBe(STALE_PRICE_DAYS);
    expect(referencePrice([edge, current], "h100-sxm", "CNY", today)).toBe(edge);
  });
});
