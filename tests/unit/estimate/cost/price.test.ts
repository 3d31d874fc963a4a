/**
 * The reference price a plan uses for a GPU: the lowest current one, then the most recent,
 * then by provider and product, whatever order the rows are stored in; when a row turns
 * into history (older than `STALE_PRICE_DAYS`); and the plan's own date when none is given.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReferencePrice } from "../../../../src/estimate/cost/price.ts";
import {
  isCurrent,
  isStale,
  referencePrice,
  referenceSource,
  todayIso,
} from "../../../../src/estimate/cost/price.ts";
import { exchangeReading } from "../helpers.ts";

const row = (over: Partial<ReferencePrice>): ReferencePrice => ({
  gpuId: "h100-sxm",
  provider: "P",
  region: "",
  product: "x",
  gpusPerInstance: 1,
  pricePerGpuHour: 1,
  currency: "USD",
  date: "2026-06-01",
  url: "https://example.com/",
  sourceKind: "primary",
  ...over,
});

/** A fixed plan date, so ages are worked out by hand. */
const TODAY = "2026-12-07";
const pick = (rows: ReferencePrice[]) => referencePrice(rows, "h100-sxm", "USD", TODAY)?.row;

describe("the reference price chosen for a GPU", () => {
  it("is the lowest, even when older and stored after a dearer newer one", () => {
    const dearNew = row({ provider: "Alpha", pricePerGpuHour: 2, date: "2026-11-01" });
    const cheapOld = row({ provider: "Beta", pricePerGpuHour: 1.5, date: "2026-03-01" });
    expect(pick([dearNew, cheapOld])).toBe(cheapOld);
    expect(pick([cheapOld, dearNew])).toBe(cheapOld);
  });

  it("on equal prices is the most recent, whatever the providers' names", () => {
    const alphaOld = row({ provider: "Alpha", date: "2026-03-01" });
    const betaNew = row({ provider: "Beta", date: "2026-11-01" });
    expect(pick([alphaOld, betaNew])).toBe(betaNew);
    expect(pick([betaNew, alphaOld])).toBe(betaNew);
  });

  it("on equal prices and dates goes by provider, then product, in either storage order", () => {
    const alpha = row({ provider: "Alpha" });
    const zeta = row({ provider: "Zeta" });
    expect(pick([zeta, alpha])).toBe(alpha);
    expect(pick([alpha, zeta])).toBe(alpha);
    const a = row({ product: "a-node" });
    const b = row({ product: "b-node" });
    expect(pick([b, a])).toBe(a);
    expect(pick([a, b])).toBe(a);
  });

  it("treats prices equal after conversion as a tie, so a rounding crumb never decides", () => {
    // In CNY at 7 per USD, 0.1 USD is 0.1 x 7 = 0.7000000000000001 in floating point,
    // a crumb above the 0.7 CNY row; the two tie, and the newer (the USD row) wins.
    const seven = exchangeReading();
    const cnyOld = row({ currency: "CNY", pricePerGpuHour: 0.7, date: "2026-03-01" });
    const usdNew = row({ currency: "USD", pricePerGpuHour: 0.1, date: "2026-11-01" });
    const r = referencePrice([cnyOld, usdNew], "h100-sxm", "CNY", TODAY, [seven]);
    expect(r?.row).toBe(usdNew);
    expect(r?.conversion).toMatchObject({ from: "USD", amount: 0.1 });
  });

  it("prices nothing in another currency when the plan has no rate", () => {
    expect(referencePrice([row({ currency: "CNY" })], "h100-sxm", "USD", TODAY)).toBeUndefined();
  });
});

describe("when a reference row becomes history", () => {
  // 2025-12-07 to 2026-12-07 is 365 days (2026 is not a leap year).
  const yearOld = row({ date: "2025-12-07" });

  it("a row exactly 365 days old still prices the plan; a day older it does not", () => {
    expect(isCurrent(yearOld, "2026-12-07")).toBe(true);
    expect(isCurrent(yearOld, "2026-12-08")).toBe(false);
    expect(pick([yearOld])).toBe(yearOld);
  });

  it("its source is marked stale only past 365 days", () => {
    expect(referenceSource(yearOld, "2026-12-07")).toEqual({
      provider: "P",
      date: "2025-12-07",
      url: "https://example.com/",
      product: "x",
      sourceKind: "primary",
      ageDays: 365,
    });
    expect(isStale(referenceSource(yearOld, "2026-12-07"))).toBe(false);
    expect(isStale(referenceSource(yearOld, "2026-12-08"))).toBe(true);
  });
});

describe("the plan's date when the caller gives none", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is today's date in UTC, as YYYY-MM-DD", () => {
    // 23:30 on 7 December in New York (UTC-5) is 04:30 on 8 December in UTC.
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-12-07T23:30:00-05:00"));
    expect(todayIso()).toBe("2026-12-08");
  });
});
