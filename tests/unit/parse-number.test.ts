import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseNumber, toHalfWidth } from "../../src/islands/calculators/parse-number.ts";

const any = { min: 0, max: 1e15 };
const counts = { min: 1, max: 1e15, suffixes: true };

describe("parseNumber", () => {
  it.each([
    ["1.5", 1.5],
    ["  42 ", 42],
    ["1e9", 1e9],
    ["2.5E3", 2500],
    [".5", 0.5],
    ["+3", 3],
  ])("accepts %s", (text, value) => {
    expect(parseNumber(text, any)).toEqual({ ok: true, value, normalized: null });
  });

  it.each([
    ["7B", 7e9],
    ["70b", 70e9],
    ["1.5k", 1500],
    ["2T", 2e12],
    ["3m", 3e6],
  ])("accepts the suffix in %s where suffixes make sense", (text, value) => {
    const r = parseNumber(text, counts);
    expect(r.ok && r.value).toBeCloseTo(value, 0);
  });

  it("refuses suffixes where they make no sense", () => {
    expect(parseNumber("7B", any)).toEqual({ ok: false, error: "letters" });
  });

  it("normalises full-width digits and reports the normalised text", () => {
    expect(parseNumber("１２", any)).toEqual({ ok: true, value: 12, normalized: "12" });
    expect(parseNumber("１．５", any)).toEqual({ ok: true, value: 1.5, normalized: "1.5" });
    expect(toHalfWidth("７Ｂ")).toBe("7B");
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["-5", "negative"],
    ["−5", "negative"],
    ["abc", "letters"],
    ["12abc", "letters"],
    ["NaN", "letters"],
    ["Infinity", "letters"],
    ["1e400", "too-large"],
    ["1,5", "comma"],
    ["１，５", "comma"],
    ["1,0000", "comma"],
    ["10,00", "comma"],
    ["1,000,00", "comma"],
    [",000", "comma"],
    ["1..2", "letters"],
  ])("refuses %j with %s", (text, error) => {
    expect(parseNumber(text, any)).toEqual({ ok: false, error });
  });

  // Thousands separators as the page's own hints print them, in both locales: the English
  // and Chinese pages both group digits by three with a comma (Intl "en" and "zh-CN").
  it.each([
    ["1,000,000,000", 1e9, "1000000000"],
    ["10,000", 1e4, "10000"],
    ["1,000", 1000, "1000"],
    ["１，０００", 1000, "1000"],
    ["1,234.5", 1234.5, "1234.5"],
    ["2,048", 2048, "2048"],
    ["1 000", 1000, "1000"],
  ])("reads the thousands separators in %j", (text, value, normalized) => {
    expect(parseNumber(text, any)).toEqual({ ok: true, value, normalized });
  });

  it("reads a grouped number with a suffix or an exponent where suffixes make sense", () => {
    expect(parseNumber("1,500k", counts)).toEqual({ ok: true, value: 1.5e6, normalized: "1500k" });
    expect(parseNumber("-1,000", any)).toEqual({ ok: false, error: "negative" });
  });

  it("reads Chinese counts: 万 is 10^4 and 亿 is 10^8", () => {
    expect(parseNumber("5万", counts)).toMatchObject({ ok: true, value: 5e4 });
    expect(parseNumber("7亿", counts)).toMatchObject({ ok: true, value: 7e8 });
    expect(parseNumber("１０亿", counts)).toMatchObject({ ok: true, value: 1e9 });
    expect(parseNumber("5万", any)).toEqual({ ok: false, error: "letters" });
  });

  it("checks range and integers", () => {
    expect(parseNumber("0", { min: 1, max: 10 })).toEqual({ ok: false, error: "range" });
    expect(parseNumber("11", { min: 1, max: 10 })).toEqual({ ok: false, error: "range" });
    expect(parseNumber("2.5", { min: 1, max: 10, integer: true })).toEqual({
      ok: false,
      error: "integer",
    });
    expect(parseNumber("10", { min: 1, max: 10, integer: true })).toMatchObject({
      ok: true,
      value: 10,
    });
  });

  it("never returns a non-finite value, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const r = parseNumber(text, counts);
        if (r.ok) expect(Number.isFinite(r.value) && r.value >= 1 && r.value <= 1e15).toBe(true);
      }),
    );
  });

  it("reads back every finite number it prints", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e15, noNaN: true }), (v) => {
        const r = parseNumber(String(v), any);
        expect(r).toMatchObject({ ok: true, value: v });
      }),
    );
  });
});
