/**
 * Which exchange reading a plan converts with, whatever order the readings are stored in,
 * and that a reading which does not join the two currencies (a malformed USD-in-USD row)
 * never converts anything. Rates are the three in `content/exchange-rates.json`.
 */
import { describe, expect, it } from "vitest";
import { convert, rateOn } from "../../../../src/estimate/cost/exchange.ts";
import { exchangeReading } from "../helpers.ts";

const reading = exchangeReading;

const parity2025 = reading({ rate: 7.0796, date: "2025-11-26" });
const parity2026 = reading({ rate: 7.0197, date: "2026-01-08" });
const ecb = reading({ rate: 6.8012, date: "2026-05-08" });

// Same-currency rows dated after every real reading: used, they would be the newest.
const usdInUsd = reading({ base: "USD", quote: "USD", rate: 2, date: "2026-06-01" });
const cnyInCny = reading({ base: "CNY", quote: "CNY", rate: 3, date: "2026-07-01" });

describe("the reading a plan converts with", () => {
  it("is the newest on or before the plan's date, oldest-first storage or not", () => {
    const oldestFirst = [parity2025, parity2026, ecb];
    expect(rateOn(oldestFirst, "USD", "CNY", "2026-12-02")).toBe(ecb);
    expect(rateOn(oldestFirst, "CNY", "USD", "2026-03-01")).toBe(parity2026);
    const shuffled = [parity2026, ecb, parity2025];
    expect(rateOn(shuffled, "USD", "CNY", "2025-12-31")).toBe(parity2025);
  });

  it("is the earliest for a plan dated before every reading, in any storage order", () => {
    expect(rateOn([ecb, parity2025, parity2026], "USD", "CNY", "2024-01-01")).toBe(parity2025);
  });

  it("never is a reading that does not join the two currencies, however new", () => {
    const rates = [usdInUsd, cnyInCny, ecb];
    expect(rateOn(rates, "USD", "CNY", "2026-12-02")).toBe(ecb);
    expect(rateOn(rates, "CNY", "USD", "2026-12-02")).toBe(ecb);
    expect(rateOn([usdInUsd, cnyInCny], "USD", "CNY", "2026-12-02")).toBeUndefined();
  });
});

describe("converting at a reading", () => {
  it("gives nothing at a reading that does not join the two currencies", () => {
    expect(convert(10, "USD", "CNY", usdInUsd)).toBeUndefined();
    expect(convert(10, "USD", "CNY", cnyInCny)).toBeUndefined();
    expect(convert(10, "CNY", "USD", usdInUsd)).toBeUndefined();
    expect(convert(10, "CNY", "USD", cnyInCny)).toBeUndefined();
  });

  it("still converts both ways at one that does", () => {
    // 10 USD x 7 = 70 CNY; 70 CNY / 7 = 10 USD.
    const seven = reading({ rate: 7 });
    expect(convert(10, "USD", "CNY", seven)).toBe(70);
    expect(convert(70, "CNY", "USD", seven)).toBe(10);
  });
});
