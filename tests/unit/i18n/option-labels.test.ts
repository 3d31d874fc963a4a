/**
 * Every option a request field offers has a label in both languages: a select shows
 * `opt.<value>`, and a missing one prints the key itself ("opt.offload") on the page.
 */
import { describe, expect, it } from "vitest";
import type { Fields } from "../../../src/estimate/request/field.ts";
import { TASKS } from "../../../src/estimate/registry.ts";
import { calculatorStrings } from "../../../src/i18n/calculators.ts";

/** Every enum option of a task's fields, nested groups and list items included. */
function options(fields: Fields, at = ""): { field: string; value: string }[] {
  return Object.entries(fields).flatMap(([name, f]) => {
    const path = at ? `${at}.${name}` : name;
    if (f.kind === "enum" || f.kind === "enum-list")
      return f.options.map((v) => ({ field: path, value: String(v) }));
    if (f.kind === "object") return options(f.fields, path);
    if (f.kind === "list") return options(f.item, path);
    return [];
  });
}

const all = Object.values(TASKS).flatMap((t) => options(t.fields));

describe("option labels", () => {
  it("the fields offer options to label", () => {
    expect(all.some((o) => o.field === "recompute" && o.value === "offload")).toBe(true);
  });

  it.each(["en", "zh-cn"] as const)("every option has its label (%s)", (lang) => {
    const strings = calculatorStrings(lang);
    const missing = [...new Set(all.map((o) => o.value))].filter(
      (v) => strings[`opt.${v}`] === undefined,
    );
    expect(missing).toEqual([]);
  });
});
