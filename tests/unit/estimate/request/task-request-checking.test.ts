/**
 * A task's whole check, as the command line meets it: a body that is not an object, the
 * fields the task requires, requirements across fields, derived defaults under the
 * request's own values, cross-field rules that still run beside bad fields unless they read
 * one, paths under a nested request (`workload.tensorParallel`), and a result that would
 * hold NaN or Infinity refused with the inputs it comes from. The tasks here are small
 * made-up ones, so every expected issue follows from the table beside it.
 */
import { describe, expect, it } from "vitest";
import type { TaskDef } from "../../../../src/estimate/request/task.ts";
import {
  checkRequest,
  defineTask,
  nonFinitePath,
  runTask,
} from "../../../../src/estimate/request/task.ts";
import { gpu, int, num, oneOf } from "../../../../src/estimate/request/field.ts";
import { issue } from "../../../../src/estimate/request/issue.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { GPUS } from "../helpers.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";

const CTX = { gpus: GPUS, presets: PRESETS };
const EMPTY = { breakdown: [], assumptions: [], warnings: [] };

/** A training run: tensor parallel must fit in the GPUs; tokens or hours; tokens need params. */
const TRAIN = defineTask({
  id: "train",
  fields: {
    gpu: gpu(),
    gpus: int("gpus", 1, 8, { default: 1 }),
    tensorParallel: int("count", 1, 8),
    tokens: num("tokens", 1, 1e15),
    hours: num("hours", 0, 1e5, { above: true }),
    params: num("params", 1, 1e13),
    lora: { kind: "object", fields: { rank: int("count", 1, 256, { default: 16 }) } },
  },
  requirements: [{ oneOf: ["tokens", "hours"] }, { field: "params", with: "tokens" }],
  rules: (r) =>
    r.tensorParallel !== undefined && r.tensorParallel > r.gpus
      ? [issue("tensorParallel", "tp-exceeds-gpus", { gpus: r.gpus })]
      : [],
  run: (r) => ({ total: r.gpus, ...EMPTY }),
});
const train = TRAIN as unknown as TaskDef;
const hours = { hours: 10 };

/** Each issue as `field code`, the way the command line leads its lines. */
function refusedWith(def: TaskDef, raw: unknown, path = ""): string[] {
  const r = checkRequest(def, raw, CTX, path);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(r.request)}`);
  return r.issues.map((i) => `${i.field} ${i.code}`);
}

describe("what a valid request becomes", () => {
  it("the task name is not a field; defaults fill what is left out", () => {
    expect(checkRequest(train, { task: "train", ...hours }, CTX)).toEqual({
      ok: true,
      request: { gpus: 1, hours: 10 },
    });
  });

  it("a group given in part is filled with its defaults", () => {
    const r = checkRequest(train, { ...hours, lora: {} }, CTX);
    expect(r.ok && r.request["lora"]).toEqual({ rank: 16 });
  });

  it("a task's derived defaults fill in under the request's own values", () => {
    const derived = {
      ...train,
      defaults: (given: Record<string, unknown>) =>
        given["gpu"] === "a100-80gb-sxm" ? { gpus: 8, lora: { rank: 64 } } : {},
    };
    expect(checkRequest(derived, { gpu: "a100-80gb-sxm", ...hours, lora: {} }, CTX)).toEqual({
      ok: true,
      request: { gpu: "a100-80gb-sxm", gpus: 8, hours: 10, lora: { rank: 64 } },
    });
    expect(
      checkRequest(derived, { gpu: "a100-80gb-sxm", gpus: 2, ...hours, lora: { rank: 4 } }, CTX),
    ).toEqual({
      ok: true,
      request: { gpu: "a100-80gb-sxm", gpus: 2, hours: 10, lora: { rank: 4 } },
    });
  });
});

describe("a request is refused with every issue at once", () => {
  it("a body that is not an object is named request, or by the path it sits at", () => {
    expect(refusedWith(train, null)).toEqual(["request not-an-object"]);
    expect(refusedWith(train, [hours])).toEqual(["request not-an-object"]);
    expect(refusedWith(train, "train", "workload")).toEqual(["workload not-an-object"]);
  });

  it("a field the task requires is asked for, under the path of a nested request", () => {
    const needsGpu = { ...train, required: ["gpu"] };
    expect(refusedWith(needsGpu, hours)).toEqual(["gpu required"]);
    expect(refusedWith(needsGpu, hours, "workload")).toEqual(["workload.gpu required"]);
    expect(checkRequest(needsGpu, { ...hours, gpu: "t4" }, CTX).ok).toBe(true);
  });

  it("one of tokens or hours is asked for at the first, naming both", () => {
    const r = checkRequest(train, {}, CTX);
    expect(r.ok ? [] : r.issues).toEqual([
      { field: "tokens", code: "needs-one-of", params: { fields: "tokens, hours" } },
    ]);
    expect(refusedWith(train, {}, "workload")).toEqual(["workload.tokens needs-one-of"]);
  });

  it("tokens need params, asked for with what needs them", () => {
    const r = checkRequest(train, { tokens: 1e9 }, CTX);
    expect(r.ok ? [] : r.issues).toEqual([
      { field: "params", code: "needs-with", params: { with: "tokens" } },
    ]);
    expect(refusedWith(train, { tokens: 1e9 }, "workload")).toEqual(["workload.params needs-with"]);
  });

  it("params are not asked for while the tokens themselves are wrong", () => {
    expect(refusedWith(train, { tokens: 0 })).toEqual(["tokens out-of-range"]);
    expect(refusedWith(train, { tokens: 0 }, "workload")).toEqual(["workload.tokens out-of-range"]);
  });

  it("a cross-field rule names the field to fix, under a nested request's path too", () => {
    const r = checkRequest(train, { ...hours, gpus: 2, tensorParallel: 4 }, CTX);
    expect(r.ok ? [] : r.issues).toEqual([
      { field: "tensorParallel", code: "tp-exceeds-gpus", params: { gpus: 2 } },
    ]);
    expect(refusedWith(train, { ...hours, gpus: 2, tensorParallel: 4 }, "workload")).toEqual([
      "workload.tensorParallel tp-exceeds-gpus",
    ]);
  });

  it("a rule still runs beside a bad field it does not read", () => {
    expect(refusedWith(train, { ...hours, gpus: 2, tensorParallel: 4, lora: { rank: 0 } })).toEqual(
      ["lora.rank out-of-range", "tensorParallel tp-exceeds-gpus"],
    );
    expect(
      refusedWith(train, { ...hours, gpus: 2, tensorParallel: 4, lora: { rank: 0 } }, "workload"),
    ).toEqual(["workload.lora.rank out-of-range", "workload.tensorParallel tp-exceeds-gpus"]);
  });

  it("a rule that reads a bad field says nothing until that field is fixed", () => {
    // gpus 0 is out of range: whether 4-way tensor parallel fits cannot be told yet.
    expect(refusedWith(train, { ...hours, gpus: 0, tensorParallel: 4 })).toEqual([
      "gpus out-of-range",
    ]);
    expect(refusedWith(train, { ...hours, gpus: 0, tensorParallel: 4 }, "workload")).toEqual([
      "workload.gpus out-of-range",
    ]);
  });

  it("a rule that reads a field inside a bad group says nothing either", () => {
    const readsLora = {
      ...train,
      rules: (r: Record<string, unknown>) =>
        r["lora"] === undefined ? [issue("lora", "needs-with", { with: "hours" })] : [],
    };
    expect(refusedWith(readsLora, { ...hours, lora: { rank: 0 } }, "workload")).toEqual([
      "workload.lora.rank out-of-range",
    ]);
  });

  it("a rule that reads a missing required field says nothing", () => {
    const needsGpu = {
      ...train,
      required: ["gpu"],
      rules: (r: Record<string, unknown>) =>
        r["gpu"] === undefined ? [issue("gpu", "unknown-gpu")] : [],
    };
    expect(refusedWith(needsGpu, hours)).toEqual(["gpu required"]);
  });

  it("a task without rules is refused by its fields alone", () => {
    const { rules: _rules, ...noRules } = train;
    expect(refusedWith(noRules, { ...hours, gpus: 0 })).toEqual(["gpus out-of-range"]);
    expect(checkRequest(noRules, { ...hours, gpus: 2, tensorParallel: 4 }, CTX).ok).toBe(true);
  });

  it("a rule that fails for another reason than a bad field is not hidden", () => {
    const broken = {
      ...train,
      rules: () => {
        throw new TypeError("a bug in the rule");
      },
    };
    expect(() => checkRequest(broken, { ...hours, gpus: 0 }, CTX)).toThrow(TypeError);
  });
});

describe("where a result is not finite", () => {
  it("names the first NaN or Infinity in order, as a dotted path", () => {
    expect(nonFinitePath({ total: 1, rows: [{ a: 1 }, { a: Number.NaN }] })).toBe("rows.1.a");
    expect(nonFinitePath({ a: { b: Number.NaN }, c: Number.POSITIVE_INFINITY })).toBe("a.b");
    expect(nonFinitePath({ a: { b: 1 }, c: Number.NEGATIVE_INFINITY })).toBe("c");
    expect(nonFinitePath([1, [2, Number.NaN]])).toBe("1.1");
  });

  it("a bare number is the result itself; a path given leads the names", () => {
    expect(nonFinitePath(Number.NaN)).toBe("result");
    expect(nonFinitePath({ x: Number.NaN }, "out")).toBe("out.x");
  });

  it("finite numbers, text and null are fine", () => {
    expect(nonFinitePath({ a: 1, b: "NaN", c: null, d: [0, -1] })).toBeNull();
    expect(nonFinitePath(0)).toBeNull();
  });
});

describe("a result that would hold NaN or Infinity is refused, naming its inputs", () => {
  // detail.parts[i] is finite unless its input is at a value that breaks it; each input,
  // put back to its default (else its minimum, or its maximum when the minimum is
  // excluded) on its own, either mends it or not, as worked beside each part.
  const BLAME = defineTask({
    id: "blame",
    fields: {
      x: num("count", 2, 10),
      y: num("count", 0, 10, { default: 4 }),
      s: num("fraction", 0, 1, { above: true }),
      z: num("count", 0, 10),
      bits: oneOf([4, 8], { default: 8 }),
      w: num("count", 0, 10),
    },
    run: (r) => {
      if (r.w === 0) throw new RangeError("w = 0 cannot run");
      const parts = [
        // x = 5 breaks it; its minimum 2 mends it (1/24), its maximum 10 would not.
        r.x === undefined ? 0 : 1 / ((r.x - 5) * (r.x - 10)),
        // y = 5 breaks it while z is absent; y's default 4 mends it, its minimum 0 would not.
        r.z === undefined ? 1 / ((r.y - 5) * r.y) : 0,
        // s = 0.5 breaks it; s's maximum 1 mends it (2), its excluded minimum 0 would not.
        r.s === undefined ? 0 : 1 / (r.s * (r.s - 0.5)),
        r.bits === 4 ? Number.POSITIVE_INFINITY : 0,
        // w = 3 breaks it; its minimum 0 cannot run at all, so it says nothing.
        r.w === 3 ? Number.POSITIVE_INFINITY : 0,
      ];
      return { total: 0, ...EMPTY, detail: { parts } };
    },
  });
  const blamed = (raw: Record<string, unknown>) => {
    const r = runTask(BLAME, raw, CTX);
    return r.ok ? [] : r.issues;
  };
  const notFinite = (field: string, i: number) => ({
    field,
    code: "result-not-finite",
    params: { output: `detail.parts.${i}` },
  });

  it("a valid request runs, with its defaults", () => {
    const r = runTask(BLAME, { x: 3 }, CTX);
    expect(r.ok && r.request).toEqual({ x: 3, y: 4, bits: 8 });
    expect(r.ok && r.result.detail.parts).toEqual([1 / 14, -0.25, 0, 0, 0]);
  });

  it("blames the field put back to its minimum", () => {
    expect(blamed({ x: 5 })).toEqual([notFinite("x", 0)]);
  });

  it("blames the field put back to its default, and not a field the request leaves out", () => {
    expect(blamed({ y: 5 })).toEqual([notFinite("y", 1)]);
  });

  it("blames a field whose minimum is excluded when its maximum mends the result", () => {
    expect(blamed({ s: 0.5 })).toEqual([notFinite("s", 2)]);
  });

  it("an option is not a number field: nothing is blamed, so the request is", () => {
    expect(blamed({ bits: 4 })).toEqual([notFinite("request", 3)]);
  });

  it("a field whose tamed value cannot run is not blamed, and the run does not throw", () => {
    expect(blamed({ w: 3 })).toEqual([notFinite("request", 4)]);
  });

  it("a refused request is refused before it runs", () => {
    expect(runTask(BLAME, { x: 1, w: 0 }, CTX)).toEqual({
      ok: false,
      issues: [
        {
          field: "x",
          code: "out-of-range",
          params: { min: 2, max: 10, above: 0, unit: "count" },
        },
      ],
    });
  });
});

describe("a date that names no day", () => {
  it("refuses a plan priced on month 13 beside its field, as the page and the command line show it", () => {
    const r = runRequest(
      {
        task: "plan",
        workload: { task: "train-memory", model: { preset: "llama-3.1-8b" } },
        tokens: 1e9,
        pricesOn: "2026-13-01",
      },
      { gpus: GPUS, presets: PRESETS },
    );
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues).toContainEqual(
        expect.objectContaining({ field: "pricesOn", code: "not-a-date" }),
      );
  });
});
