/**
 * What a number field's label promises, its input takes: a field measured as a fraction is
 * labelled "%" (`unit.fraction`), so the page must take it in percent (`percent: true`),
 * never 0-1 under a "%" label. Every table of every task is walked, groups and lists too.
 */
import { describe, expect, it } from "vitest";
import type { Field, Fields } from "../../../../src/estimate/request/field.ts";
import { TASKS } from "../../../../src/estimate/registry.ts";
import { calculatorStrings } from "../../../../src/i18n/calculators.ts";
import { FIT_STORE_FIELDS } from "../../../../src/stores/fit.ts";

function numberFields(fields: Fields, prefix = ""): [string, Field & { kind: "number" }][] {
  return Object.entries(fields).flatMap(([name, f]): [string, Field & { kind: "number" }][] =>
    f.kind === "number"
      ? [[`${prefix}${name}`, f]]
      : f.kind === "object"
        ? numberFields(f.fields, `${prefix}${name}.`)
        : f.kind === "list"
          ? numberFields(f.item, `${prefix}${name}[].`)
          : [],
  );
}

const tables: [string, Fields][] = [
  ...Object.entries(TASKS).map(([id, t]): [string, Fields] => [id, t.fields]),
  ["decision table store", FIT_STORE_FIELDS],
];

describe("number fields take what their label promises", () => {
  it.each(tables)("%s: every fraction is typed in percent", (_, fields) => {
    const fractions = numberFields(fields).filter(([, f]) => f.unit === "fraction");
    for (const [name, f] of fractions) expect(f.percent, name).toBe(true);
  });

  it("the fraction unit is labelled as a percentage in both languages", () => {
    expect(calculatorStrings("en")["unit.fraction"]).toBe("%");
    expect(calculatorStrings("zh-cn")["unit.fraction"]).toBe("%");
  });

  it("LoRA dropout, labelled (%), takes 10 for 10%", () => {
    const dropout = numberFields(TASKS["train-memory"].fields).find(([n]) => n === "lora.dropout");
    expect(dropout?.[1]).toMatchObject({ unit: "fraction", percent: true, min: 0, max: 1 });
  });
});
