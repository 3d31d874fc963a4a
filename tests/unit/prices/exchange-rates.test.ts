/** The exchange-rate schema refuses a reading a renter could not check: no source, address or date. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RATES_URL, loadExchangeRateEntries } from "../../../src/prices/load.ts";
import {
  exchangeRateSchema,
  exchangeRatesSchema,
} from "../../../src/prices/exchange-rate-schema.ts";

type Raw = Record<string, unknown>;
const raw = (): Raw[] => JSON.parse(readFileSync(RATES_URL, "utf8")) as Raw[];
const first = (): Raw => structuredClone(raw()[0]!);
const issuesOf = (v: unknown): string[] =>
  (exchangeRateSchema.safeParse(v).error?.issues ?? []).map(
    (i) => `${i.path.map(String).join(".")}: ${i.message}`,
  );

describe("exchange rates", () => {
  it("the file passes, every reading with a source, an address and a date", () => {
    const rows = loadExchangeRateEntries();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.source.length).toBeGreaterThan(2);
      expect(r.url).toMatch(/^https?:\/\//);
      expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("refuses a reading without its source, address or date", () => {
    for (const key of ["source", "url", "date"]) {
      const row = first();
      delete row[key];
      expect(
        issuesOf(row).some((i) => i.startsWith(`${key}:`)),
        key,
      ).toBe(true);
    }
  });

  it("refuses a rate that is not positive, a pair of one currency and an unknown currency", () => {
    expect(issuesOf({ ...first(), rate: 0 }).length).toBeGreaterThan(0);
    expect(issuesOf({ ...first(), quote: "USD" }).length).toBeGreaterThan(0);
    expect(issuesOf({ ...first(), quote: "EUR" }).some((i) => i.startsWith("quote:"))).toBe(true);
  });

  it("refuses two readings with one id", () => {
    expect(exchangeRatesSchema.safeParse([first(), first()]).success).toBe(false);
  });
});
