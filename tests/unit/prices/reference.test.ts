/** `referencePrice` on the sourced prices: the lowest on-demand price in the asked currency. */
import { describe, expect, it } from "vitest";
import { referencePrice, type ReferencePrice } from "../../../src/estimate/price.ts";
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
    // Cheaper community rows (RunPod Community Cloud at 2.69) are not references.
    expect(h100?.provider).toBe("Hyperstack (NexGen Cloud)");
    expect(h100?.pricePerGpuHour).toBe(3.2);
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
});
