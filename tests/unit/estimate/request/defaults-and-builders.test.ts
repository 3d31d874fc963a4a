/**
 * What a valid request becomes: every field the request leaves out takes its table default
 * (inside groups and each list record too), fields without one stay absent, and a task's
 * derived defaults (a framework's LoRA settings) sit under what the request gives, merged
 * field by field in a group. The builders' ranges and defaults are what the checker enforces.
 */
import { describe, expect, it } from "vitest";
import {
  checkScalar,
  checkScalarOnly,
  walkFields,
} from "../../../../src/estimate/request/check-value.ts";
import { checkField } from "../../../../src/estimate/request/check.ts";
import type { Fields } from "../../../../src/estimate/request/field.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { GPUS } from "../helpers.ts";
import {
  bool,
  date,
  gpu,
  int,
  MIN_SHARE,
  num,
  oneOf,
  request,
  share,
  text,
  withDefaults,
  withDerived,
} from "../../../../src/estimate/request/field.ts";

const CTX = { gpus: GPUS, presets: PRESETS };
const FIELDS = {
  gpu: gpu(),
  gpus: int("gpus", 1, 8, { default: 1 }),
  precision: oneOf(["fp16", "fp32"], { default: "fp16" }),
  packed: bool({ default: false }),
  name: text(20),
  label: text(20, "run"),
  lora: {
    kind: "object",
    fields: { rank: int("count", 1, 256, { default: 16 }), alpha: num("count", 0, 1000) },
  },
  options: {
    kind: "list",
    item: { gpu: gpu({ required: true }), gpus: int("gpus", 1, 8, { default: 1 }) },
    min: 1,
    max: 4,
  },
  targets: { kind: "enum-list", options: ["q", "k", "v"], min: 1 },
} as const satisfies Fields;

describe("a valid request takes the table's defaults", () => {
  it("an empty request gets every default, and only those", () => {
    const out = withDefaults(FIELDS, {});
    expect(out).toEqual({ gpus: 1, precision: "fp16", packed: false, name: "", label: "run" });
    // A field without a default is absent, not present as undefined.
    expect(Object.keys(out).sort()).toEqual(["gpus", "label", "name", "packed", "precision"]);
  });

  it("a given value wins over the default, false and 0-like values too", () => {
    expect(withDefaults(FIELDS, { gpus: 4, packed: true, gpu: "t4", label: "" })).toEqual({
      gpu: "t4",
      gpus: 4,
      precision: "fp16",
      packed: true,
      name: "",
      label: "",
    });
  });

  it("a group that is given is filled with its own defaults; one not given stays absent", () => {
    expect(withDefaults(FIELDS, { lora: { alpha: 32 } })["lora"]).toEqual({ rank: 16, alpha: 32 });
    expect(Object.keys(withDefaults(FIELDS, {}))).not.toContain("lora");
  });

  it("each record of a list is filled with the record's defaults", () => {
    expect(
      withDefaults(FIELDS, { options: [{ gpu: "t4" }, { gpu: "a10g", gpus: 2 }] })["options"],
    ).toEqual([
      { gpu: "t4", gpus: 1 },
      { gpu: "a10g", gpus: 2 },
    ]);
  });

  it("names the table does not declare are not carried over", () => {
    expect(withDefaults(FIELDS, { task: "x", gpus: 2 })).not.toHaveProperty("task");
  });

  it("a default declared as undefined is no default", () => {
    // A table spread from another can carry `default: undefined`; the types forbid writing it.
    const fields = { n: { ...int("count", 1, 2), default: undefined } } as unknown as Fields;
    expect(Object.keys(withDefaults(fields, {}))).toEqual([]);
  });
});

describe("derived defaults sit under the request's own values", () => {
  it("the request's value wins; a derived value fills what it leaves out", () => {
    expect(withDerived(FIELDS, { gpus: 8, precision: "fp32" }, { gpus: 2 })).toEqual({
      gpus: 2,
      precision: "fp32",
    });
  });

  it("a group merges field by field: derived rank, the request's alpha", () => {
    expect(
      withDerived(FIELDS, { lora: { rank: 8, alpha: 16 } }, { lora: { alpha: 32 } })["lora"],
    ).toEqual({ rank: 8, alpha: 32 });
  });

  it("a group only derived, or only given, is taken as it is", () => {
    expect(withDerived(FIELDS, { lora: { rank: 8 } }, {})["lora"]).toEqual({ rank: 8 });
    expect(withDerived(FIELDS, {}, { lora: { alpha: 1 } })["lora"]).toEqual({ alpha: 1 });
  });

  it("a list is replaced whole, never merged index by index", () => {
    expect(withDerived(FIELDS, { targets: ["q", "v"] }, { targets: ["k"] })["targets"]).toEqual([
      "k",
    ]);
  });
});

describe("the builders declare the ranges the checker enforces", () => {
  const one = (f: Parameters<typeof checkScalar>[0], v: unknown) => checkScalar(f, v, "x");

  it("a share is 1% to 100%, shown as a percentage", () => {
    expect(MIN_SHARE).toBe(0.01);
    expect(share()).toMatchObject({ unit: "fraction", min: 0.01, max: 1, percent: true });
    expect(one(share(), 0.005)?.issues[0]?.params).toEqual({
      min: 0.01,
      max: 1,
      above: 0,
      unit: "fraction",
    });
    expect(one(share(), 0.01)?.keep).toBe(0.01);
    expect(one(share({ default: 0.5 }), 1)?.keep).toBe(1);
  });

  it("int takes whole numbers only; num takes fractions", () => {
    expect(one(int("gpus", 1, 8), 1.5)?.issues[0]?.code).toBe("not-whole");
    expect(one(num("gb", 1, 8), 1.5)?.keep).toBe(1.5);
  });

  it("a date is at most ten characters", () => {
    expect(one(date(), "2026-02-28T")?.issues[0]).toEqual({
      field: "x",
      code: "not-a-string",
      params: { max: 10 },
    });
  });

  it("text defaults to empty unless given one", () => {
    // Built inside the test, so the mutation run counts this test as covering the builder.
    expect(withDefaults({ a: text(20), b: text(20, "run") }, {})).toEqual({ a: "", b: "run" });
  });

  it("a nested request field names its tasks when nothing can check it", () => {
    expect(checkField(request(["train-memory", "serve"]), {}, "workload", CTX)).toEqual({
      issues: [
        { field: "workload", code: "unknown-task", params: { options: "train-memory, serve" } },
      ],
    });
  });

  it("a nested request is required", () => {
    const fields = { workload: request(["train-memory"]) } as const satisfies Fields;
    expect(walkFields(fields, {}, "", checkScalarOnly).issues).toEqual([
      { field: "workload", code: "required", params: {} },
    ]);
  });

  it("a GPU field is required only when declared so", () => {
    const fields = { a: gpu(), b: gpu({ required: true }) } as const satisfies Fields;
    expect(walkFields(fields, {}, "", checkScalarOnly).issues.map((i) => i.field)).toEqual(["b"]);
  });
});
