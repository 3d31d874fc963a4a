/**
 * What a decision-table row misses, where the eye starts: each reason that misses a limit
 * in its own short words, in the order the row gives its reasons, in both languages; the
 * reasons that miss nothing (a price's kind, an unchecked memory) add none.
 */
import { describe, expect, it } from "vitest";
import type { PlanRow } from "../../../src/estimate/plan/row.ts";
import { calculatorStrings } from "../../../src/i18n/calculators.ts";
import { sayer } from "../../../src/i18n/text.ts";
import { missedMessage } from "../../../src/stores/views/plan-rows.ts";

const row = (reasons: PlanRow["reasons"]) => ({ reasons }) as PlanRow;

describe("missedMessage", () => {
  it("names every missed limit in the row's order, and only those", () => {
    const r = row([
      "reference-price",
      "over-budget",
      "may-miss-deadline",
      "may-be-too-slow-per-user",
      "misses-deadline",
    ]);
    expect(missedMessage(r)).toEqual({
      list: [
        { key: "pr.over-budget" },
        { key: "deadline.may-miss" },
        { key: "pt.mayBeSlow" },
        { key: "pr.misses-deadline" },
      ],
      sep: "pt.whySeparator",
    });
    expect(missedMessage(row(["reference-price", "memory-unchecked"]))).toBeNull();
  });

  it("reads whole in each language", () => {
    const r = row(["over-budget", "may-be-too-slow-per-user"]);
    const en = sayer(calculatorStrings("en"), "en")(missedMessage(r)!);
    const zh = sayer(calculatorStrings("zh-cn"), "zh-cn")(missedMessage(r)!);
    for (const text of [en, zh]) {
      expect(text.length).toBeGreaterThan(0);
      expect(text).not.toMatch(/pr\.|pt\.|deadline\.|undefined/);
    }
    expect(en).toBe("over budget; may be too slow per user");
    expect(zh).toBe("超出预算；每位用户的速度可能不够");
  });
});
