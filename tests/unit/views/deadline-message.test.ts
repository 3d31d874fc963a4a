/**
 * A deadline message never contradicts itself (issue #24): "No option meets the deadline of
 * 6 h. Fastest: …, 6 h" was 6.04 h rounded to one digit. The figures below are worked by hand.
 */
import { describe, expect, it } from "vitest";
import type { LimitsAnswer } from "../../../src/estimate/plan/limits.ts";
import type { PlanRow } from "../../../src/estimate/plan/row.ts";
import { calculatorStrings } from "../../../src/i18n/calculators.ts";
import { sayer } from "../../../src/i18n/text.ts";
import {
  deadlineDigits,
  deadlineShown,
  limitsMessages,
  suggestedDeadline,
} from "../../../src/stores/views/plan-rows.ts";

describe("the digits of a deadline message", () => {
  it("show an option that misses the deadline above it", () => {
    // 6.04 at one digit is 6.0, not above 6: two digits, 6.04.
    expect(deadlineDigits(6, [6.04])).toBe(2);
    expect(deadlineDigits(6, [6.4])).toBe(1);
    // A deadline of a quarter hour shows as given: 0.25, not 0.3; float noise adds no digit.
    expect(deadlineDigits(0.25, [])).toBe(2);
    expect(deadlineDigits(0.5000000000000001, [])).toBe(1);
    // An option's own line need not show the deadline: only the miss raises its digits.
    // 0.27 reads 0.3 at one digit, above 0.25: one digit will do.
    expect(deadlineDigits(0.25, [0.27], false)).toBe(1);
    // 0.32 reads 0.3 at one digit, not above a deadline of 0.3: two digits, 0.32.
    expect(deadlineDigits(0.3, [0.32], false)).toBe(2);
    // Never more than three: 6.0004 then rounds up to 6.001.
    expect(deadlineDigits(6, [6.0004])).toBe(3);
    expect(deadlineShown(6.0004, 6, 3)).toBe(6.001);
    // Rounding to the nearest where it already shows the miss, or where nothing is missed.
    expect(deadlineShown(6.04, 6, 2)).toBe(6.04);
    expect(deadlineShown(5.96, 6, 1)).toBe(6);
  });

  it("suggest a deadline at least the fastest option's hours, above the one missed", () => {
    expect(suggestedDeadline(6.04, 2)).toBe(6.04);
    expect(suggestedDeadline(6.041, 2)).toBe(6.05);
    expect(suggestedDeadline(6.1, 1)).toBe(6.1);
    expect(suggestedDeadline(6.0004, 3)).toBe(6.001);
  });
});

describe("the deadline message", () => {
  const fastest = {
    gpu: "b200",
    gpuName: "B200",
    gpus: 8,
    verdict: "fits",
    hours: 6.04,
    cost: 1234.56,
    priceSource: null,
    priceConversion: null,
  } as unknown as PlanRow;
  const answer: LimitsAnswer = {
    met: false,
    unpriced: [],
    deadlineHours: 6,
    fastest,
    cheapest: fastest,
    toMeet: [{ kind: "longer-deadline", hours: 6.04 }],
  };

  it("names the deadline, the fastest option above it and a longer deadline, in English", () => {
    const say = sayer(calculatorStrings("en"), "en");
    expect(limitsMessages(answer, "USD").map(say)).toEqual([
      "No priced option meets the deadline of 6 h.",
      "Fastest and cheapest: 8 × B200, 6.04 h, 1,234.56 USD.",
      "Or with a deadline of at least 6.04 h.",
    ]);
  });

  it("and in Chinese", () => {
    const say = sayer(calculatorStrings("zh-cn"), "zh-cn");
    expect(limitsMessages(answer, "CNY").map(say)).toEqual([
      "没有有价格的方案能满足截止时间（6 小时）。",
      "最快也最省钱：8 张 B200，6.04 小时，1,234.56 CNY。",
      "或者把截止时间放宽到至少 6.04 小时。",
    ]);
  });

  it("never speaks of a deadline when none was given (a budget alone, as serving has)", () => {
    const say = sayer(calculatorStrings("en"), "en");
    const unpriced: PlanRow = { ...fastest, gpu: "h100-sxm", gpuName: "H100" };
    const budgetOnly: LimitsAnswer = {
      met: false,
      unpriced: [unpriced],
      budget: 100,
      fastest: null,
      cheapest: null,
      toMeet: [],
    };
    const lines = limitsMessages(budgetOnly, "USD").map(say);
    expect(lines).toEqual([
      "No priced option meets the budget of 100 USD.",
      "Without a price, H100 cannot be held to the budget: give your price to compare them.",
    ]);
    expect(lines.join(" ")).not.toMatch(/deadline/);
  });
});
