/**
 * Currency conversion: the reading a plan uses on its date, and the arithmetic, each worked
 * by hand from the three readings in `content/exchange-rates.json` (ECB cross 6.8012 CNY per
 * USD on 2026-05-08, CFETS central parity 7.0197 on 2026-01-08 and 7.0796 on 2025-11-26).
 */
import { describe, expect, it } from "vitest";
import type { ExchangeRate } from "../../../../src/estimate/cost/exchange.ts";
import { convert, converter, rateOn } from "../../../../src/estimate/cost/exchange.ts";
import { loadExchangeRates } from "../../../../src/prices/load.ts";

const RATES = loadExchangeRates();
const rate = (on: string): number | undefined => rateOn(RATES, "USD", "CNY", on)?.rate;

describe("rateOn", () => {
  it("takes the most recent reading on or before the plan's date", () => {
    expect(rate("2026-12-02")).toBe(6.8012);
    // The day itself counts: published for 2026-05-08.
    expect(rate("2026-05-08")).toBe(6.8012);
    expect(rate("2026-05-07")).toBe(7.0197);
    expect(rate("2026-01-07")).toBe(7.0796);
  });

  it("reads the pair either way round", () => {
    expect(rateOn(RATES, "CNY", "USD", "2026-12-02")?.rate).toBe(6.8012);
  });

  it("falls back to the earliest reading for a plan dated before every one", () => {
    expect(rate("2025-01-01")).toBe(7.0796);
  });

  it("has none without a reading of the pair", () => {
    expect(rateOn([], "USD", "CNY", "2026-12-02")).toBeUndefined();
  });
});

describe("convert", () => {
  const ecb: ExchangeRate = {
    base: "USD",
    quote: "CNY",
    rate: 6.8012,
    date: "2026-05-08",
    source: "ECB",
    url: "https://www.ecb.europa.eu/",
  };

  it("multiplies from base to quote and divides back", () => {
    // 2.2 USD x 6.8012 = 14.96264 CNY.
    expect(convert(2.2, "USD", "CNY", ecb)).toBeCloseTo(14.96264, 10);
    // 1.8 CNY / 6.8012 = 0.2646592… USD (6.8012 x 0.2646 = 1.79960; 0.000402 / 6.8012 = 0.0000591).
    expect(convert(1.8, "CNY", "USD", ecb)).toBeCloseTo(0.26466, 5);
    // A budget of 2,000 USD in CNY: 2000 x 6.8012 = 13,602.4.
    expect(convert(2000, "USD", "CNY", ecb)).toBeCloseTo(13602.4, 8);
  });

  it("passes the same currency unchanged, rate or not", () => {
    expect(convert(3, "USD", "USD", undefined)).toBe(3);
  });

  it("gives nothing without a rate joining the two", () => {
    expect(convert(3, "USD", "CNY", undefined)).toBeUndefined();
  });

  it("records what was quoted and the reading that converted it", () => {
    const toUsd = converter(RATES, "USD", "2026-03-01");
    const c = toUsd(7.0197, "CNY");
    // 7.0197 CNY at the 2026-01-08 parity (7.0197 CNY per USD) is exactly 1 USD.
    expect(c?.amount).toBeCloseTo(1, 12);
    expect(c?.conversion).toMatchObject({ from: "CNY", amount: 7.0197 });
    expect(c?.conversion?.rate).toMatchObject({ date: "2026-01-08", rate: 7.0197 });
    expect(toUsd(2.5, "USD")).toEqual({ amount: 2.5, conversion: null });
  });
});
