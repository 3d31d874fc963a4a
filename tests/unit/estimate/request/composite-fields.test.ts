/**
 * The composite field kinds as a request meets them: GPU ids from the catalog (with the
 * nearest GPU's id and name), presets, groups, lists of records with `options.1.gpu` paths,
 * lists of options and of GPUs each entry at most once, prices per GPU (a bare number or
 * `{ pricePerGpuHour, currency }`) and nested requests. The catalog is the unit tests' four
 * GPUs: rtx-4090, a100-80gb-sxm, t4, a10g.
 */
import { describe, expect, it } from "vitest";
import type { CheckContext } from "../../../../src/estimate/request/check.ts";
import { checkField, checkFields } from "../../../../src/estimate/request/check.ts";
import type { Field, Fields } from "../../../../src/estimate/request/field.ts";
import { gpu, int, num, oneOf } from "../../../../src/estimate/request/field.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { GPUS, t4 } from "../helpers.ts";

const CTX: CheckContext = { gpus: GPUS, presets: PRESETS };
const KNOWN = "rtx-4090, a100-80gb-sxm, t4, a10g";
const check = (f: Field, v: unknown, path: string, ctx: CheckContext = CTX) =>
  checkField(f, v, path, ctx);
/** Each issue as `field code`, the way the command line leads its lines. */
const where = (r: { issues: readonly { field: string; code: string }[] }) =>
  r.issues.map((i) => `${i.field} ${i.code}`);

describe("a GPU id", () => {
  it("a catalog id is kept", () => {
    expect(check(gpu(), "t4", "gpu")).toEqual({ keep: "t4", issues: [] });
  });

  it("a number is not an id", () => {
    expect(check(gpu(), 4090, "gpu")).toEqual({
      issues: [{ field: "gpu", code: "not-a-string", params: {} }],
    });
  });

  it("an unknown id names the catalog, the nearest id and that GPU's name", () => {
    expect(check(gpu(), "t5", "gpu")).toEqual({
      issues: [
        {
          field: "gpu",
          code: "unknown-gpu",
          params: { id: "t5", known: KNOWN, nearest: "t4", nearestName: "NVIDIA T4" },
        },
      ],
    });
  });

  it("an id near none carries no nearest id or name", () => {
    expect(check(gpu(), "zzzzzzzzzz", "gpu").issues[0]?.params).toEqual({
      id: "zzzzzzzzzz",
      known: KNOWN,
    });
  });

  it("the catalog in the message stops after 50 ids", () => {
    const gpus = Array.from({ length: 51 }, (_, i) => ({ ...t4, id: `g${i}`, name: `G${i}` }));
    const first50 = gpus.slice(0, 50).map((g) => g.id);
    const r = check(gpu(), "zzzzzzzzzz", "gpu", { ...CTX, gpus });
    expect(r.issues[0]?.params["known"]).toBe(`${first50.join(", ")}, …`);
  });
});

describe("a preset and a model", () => {
  it("a preset id is kept; an unknown one, or a number, is refused with its text", () => {
    const preset: Field = { kind: "preset" };
    expect(check(preset, "llama-3.1-8b", "preset")).toEqual({ keep: "llama-3.1-8b", issues: [] });
    expect(check(preset, "nope", "preset")).toEqual({
      issues: [{ field: "preset", code: "unknown-preset", params: { id: "nope", known: "" } }],
    });
    expect(check(preset, 7, "preset").issues[0]?.params).toEqual({ id: "7", known: "" });
  });

  it("a model field is checked by the context's model checker, at its path", () => {
    const model: Field = { kind: "model" };
    expect(check(model, { params: 7e9 }, "model")).toEqual({
      issues: [{ field: "model", code: "model-kind", params: {} }],
    });
    const seen: [unknown, string][] = [];
    const ctx = {
      ...CTX,
      model: (v: unknown, p: string) => (seen.push([v, p]), { keep: "resolved", issues: [] }),
    };
    expect(check(model, { params: 7e9 }, "workload.model", ctx)).toEqual({
      keep: "resolved",
      issues: [],
    });
    expect(seen).toEqual([[{ params: 7e9 }, "workload.model"]]);
  });

  it("a scalar field given the wrong kind is refused by its own check", () => {
    expect(where(check(int("count", 1, 2), "x", "n"))).toEqual(["n not-a-number"]);
    expect(check(oneOf(["a", "b"]), "a", "o")).toEqual({ keep: "a", issues: [] });
  });
});

describe("a group of fields", () => {
  const lora: Field = { kind: "object", fields: { rank: int("count", 1, 256) } };

  it("is checked field by field under its own name", () => {
    expect(check(lora, { rank: 8 }, "lora")).toEqual({ keep: { rank: 8 }, issues: [] });
    expect(where(check(lora, { rank: 0, alpha: 1 }, "lora"))).toEqual([
      "lora.rank out-of-range",
      "lora.alpha unknown-field",
    ]);
  });

  it.each([[null], [[]], ["rank 8"]])("%j is not a group", (v) => {
    expect(check(lora, v, "lora")).toEqual({
      issues: [{ field: "lora", code: "not-an-object", params: {} }],
    });
  });
});

describe("a list of records (cost options)", () => {
  const options: Field = {
    kind: "list",
    item: { gpu: gpu({ required: true }), gpus: int("gpus", 1, 8) },
    min: 1,
    max: 2,
  };

  it("keeps one to two records as given", () => {
    expect(check(options, [{ gpu: "t4" }], "options")).toEqual({
      keep: [{ gpu: "t4" }],
      issues: [],
    });
    const two = [{ gpu: "t4", gpus: 2 }, { gpu: "a10g" }];
    expect(check(options, two, "options")).toEqual({ keep: two, issues: [] });
  });

  it("an empty list or one of three has the wrong length, with the range", () => {
    const wrong = {
      issues: [{ field: "options", code: "list-length", params: { min: 1, max: 2 } }],
    };
    expect(check(options, [], "options")).toEqual(wrong);
    expect(check(options, [{ gpu: "t4" }, { gpu: "t4" }, { gpu: "t4" }], "options")).toEqual(wrong);
  });

  it("names each bad record by its index: options.1.gpu, options.0.gpus", () => {
    expect(where(check(options, [{ gpu: "t4" }, { gpu: "h900" }], "options"))).toEqual([
      "options.1.gpu unknown-gpu",
    ]);
    expect(where(check(options, [{ gpu: "t4", gpus: 0 }, {}], "options"))).toEqual([
      "options.0.gpus out-of-range",
      "options.1.gpu required",
    ]);
  });

  it("a record that is not an object is named by its index, and nothing is kept", () => {
    expect(check(options, [{ gpu: "t4" }, 5], "options")).toEqual({
      issues: [{ field: "options.1", code: "not-an-object", params: {} }],
    });
  });

  it("a single record is not a list", () => {
    expect(where(check(options, { gpu: "t4" }, "options"))).toEqual(["options not-a-list"]);
  });
});

describe("a list of options, each at most once (LoRA targets)", () => {
  const targets = (min: number): Field => ({ kind: "enum-list", options: ["q", "k", "v"], min });

  it("keeps distinct options in the order given", () => {
    expect(check(targets(1), ["v", "q"], "lora.targets")).toEqual({
      keep: ["v", "q"],
      issues: [],
    });
  });

  it("an unknown option is named by its index, with the options", () => {
    expect(check(targets(1), ["q", "qkv"], "lora.targets")).toEqual({
      issues: [{ field: "lora.targets.1", code: "not-an-option", params: { options: "q, k, v" } }],
    });
  });

  it("a repeated option is a duplicate at its second place", () => {
    expect(check(targets(1), ["q", "k", "q"], "lora.targets")).toEqual({
      issues: [{ field: "lora.targets.2", code: "duplicate", params: { value: "q" } }],
    });
  });

  it("a repeated unknown option is unknown each time, not a duplicate", () => {
    expect(where(check(targets(1), ["x", "x"], "t"))).toEqual([
      "t.0 not-an-option",
      "t.1 not-an-option",
    ]);
  });

  it("fewer than the minimum, or more than there are options, is the wrong length", () => {
    const wrong = {
      issues: [{ field: "t", code: "list-length", params: { min: 1, max: 3 } }],
    };
    expect(check(targets(1), [], "t")).toEqual(wrong);
    expect(check(targets(1), ["q", "k", "v", "q"], "t")).toEqual(wrong);
    expect(check(targets(0), [], "t")).toEqual({ keep: [], issues: [] });
    expect(check(targets(1), ["q", "k", "v"], "t").keep).toEqual(["q", "k", "v"]);
  });

  it("a list too short and holding an unknown option is told about the option only", () => {
    expect(where(check(targets(2), ["x"], "t"))).toEqual(["t.0 not-an-option"]);
  });

  it("one option alone is not a list", () => {
    expect(where(check(targets(1), "q", "t"))).toEqual(["t not-a-list"]);
  });
});

describe("a list of GPUs, each at most once", () => {
  const list: Field = { kind: "gpu-list" };

  it("keeps catalog ids, as many as the catalog holds", () => {
    const all = ["t4", "a10g", "rtx-4090", "a100-80gb-sxm"];
    expect(check(list, all, "gpus")).toEqual({ keep: all, issues: [] });
  });

  it("more ids than the catalog holds is the wrong length, 0 to the catalog's size", () => {
    expect(check(list, ["t4", "a10g", "rtx-4090", "a100-80gb-sxm", "h100"], "gpus")).toEqual({
      issues: [{ field: "gpus", code: "list-length", params: { min: 0, max: 4 } }],
    });
  });

  it("names an unknown or repeated id by its index: gpus.1", () => {
    expect(where(check(list, ["t4", "h900"], "gpus"))).toEqual(["gpus.1 unknown-gpu"]);
    expect(check(list, ["t4", "t4"], "gpus")).toEqual({
      issues: [{ field: "gpus.1", code: "duplicate", params: { value: "t4" } }],
    });
    expect(where(check(list, ["h900", "h900"], "gpus"))).toEqual([
      "gpus.0 unknown-gpu",
      "gpus.1 unknown-gpu",
    ]);
    expect(where(check(list, [4090], "gpus"))).toEqual(["gpus.0 not-a-string"]);
  });

  it("one id alone is not a list", () => {
    expect(where(check(list, "t4", "gpus"))).toEqual(["gpus not-a-list"]);
  });
});

describe("a number per GPU", () => {
  const hourly: Field = { kind: "gpu-map", value: num("money-per-gpu-hour", 0, 100) };

  it("keeps a price for each catalog GPU", () => {
    const all = { t4: 0.5, a10g: 1, "rtx-4090": 0.7, "a100-80gb-sxm": 2 };
    expect(check(hourly, all, "hourly")).toEqual({ keep: all, issues: [] });
  });

  it("names the GPU whose id or number is wrong: hourly.h900, hourly.t4", () => {
    expect(where(check(hourly, { h900: 1, t4: -1, a10g: 1 }, "hourly"))).toEqual([
      "hourly.h900 unknown-gpu",
      "hourly.t4 out-of-range",
    ]);
  });

  it("more GPUs than the catalog holds are refused at once", () => {
    const five = { t4: 1, a10g: 1, "rtx-4090": 1, "a100-80gb-sxm": 1, h100: 1 };
    expect(check(hourly, five, "hourly")).toEqual({
      issues: [{ field: "hourly", code: "too-many-gpus", params: { max: 4 } }],
    });
  });

  it("a list is not a map", () => {
    expect(where(check(hourly, [1], "hourly"))).toEqual(["hourly not-an-object"]);
  });
});

describe("your prices per GPU: a number or { pricePerGpuHour, currency }", () => {
  const prices: Field = { kind: "gpu-prices" };

  it("a bare number is the price per GPU-hour; an object is kept as given", () => {
    expect(
      check(prices, { t4: 2, a10g: { pricePerGpuHour: 3, currency: "CNY" } }, "prices"),
    ).toEqual({
      keep: { t4: { pricePerGpuHour: 2 }, a10g: { pricePerGpuHour: 3, currency: "CNY" } },
      issues: [],
    });
  });

  it("a negative bare price is out of range, 0 to 1,000,000 per GPU-hour", () => {
    expect(check(prices, { t4: -1 }, "prices")).toEqual({
      issues: [
        {
          field: "prices.t4",
          code: "out-of-range",
          params: { min: 0, max: 1e6, above: 0, unit: "money-per-gpu-hour" },
        },
      ],
    });
  });

  it("names what is wrong inside a price: prices.t4.pricePerGpuHour, prices.t4.currency", () => {
    expect(where(check(prices, { t4: { currency: "EUR" } }, "prices"))).toEqual([
      "prices.t4.currency not-an-option",
      "prices.t4.pricePerGpuHour required",
    ]);
    expect(where(check(prices, { t4: "2" }, "prices"))).toEqual(["prices.t4 not-a-number"]);
  });

  it("an unknown GPU and its bad price are both named", () => {
    expect(where(check(prices, { h900: -1, t4: 1 }, "prices"))).toEqual([
      "prices.h900 unknown-gpu",
      "prices.h900 out-of-range",
    ]);
    expect(where(check(prices, { h900: 1 }, "prices"))).toEqual(["prices.h900 unknown-gpu"]);
  });

  it("a price for every catalog GPU is kept", () => {
    const all = { t4: 1, a10g: 2, "rtx-4090": 3, "a100-80gb-sxm": 4 };
    expect(check(prices, all, "prices").keep).toEqual({
      t4: { pricePerGpuHour: 1 },
      a10g: { pricePerGpuHour: 2 },
      "rtx-4090": { pricePerGpuHour: 3 },
      "a100-80gb-sxm": { pricePerGpuHour: 4 },
    });
  });

  it("more GPUs than the catalog holds, or a list, are refused whole", () => {
    const five = { t4: 1, a10g: 1, "rtx-4090": 1, "a100-80gb-sxm": 1, h100: 1 };
    expect(check(prices, five, "prices")).toEqual({
      issues: [{ field: "prices", code: "too-many-gpus", params: { max: 4 } }],
    });
    expect(where(check(prices, [1], "prices"))).toEqual(["prices not-an-object"]);
  });
});

describe("a nested request", () => {
  const workload: Field = { kind: "request", tasks: ["train-memory", "serve"], required: true };

  it("without a checker for nested requests, it names the tasks it may be", () => {
    expect(check(workload, { task: "train-memory" }, "workload")).toEqual({
      issues: [
        { field: "workload", code: "unknown-task", params: { options: "train-memory, serve" } },
      ],
    });
  });

  it("is handed to the context's checker with its allowed tasks and path", () => {
    const calls: unknown[] = [];
    const ok: CheckContext = {
      ...CTX,
      nested: (raw, allowed, path) => (
        calls.push([raw, allowed, path]),
        { value: { task: "serve" }, issues: [] }
      ),
    };
    expect(check(workload, { task: "serve" }, "workload", ok)).toEqual({
      keep: { task: "serve" },
      issues: [],
    });
    expect(calls).toEqual([[{ task: "serve" }, ["train-memory", "serve"], "workload"]]);
  });

  it("its issues are the field's issues, and nothing is kept", () => {
    const refused: CheckContext = {
      ...CTX,
      nested: () => ({
        value: { task: "serve" },
        issues: [{ field: "workload.users", code: "required", params: {} }],
      }),
    };
    expect(check(workload, { task: "serve" }, "workload", refused)).toEqual({
      issues: [{ field: "workload.users", code: "required", params: {} }],
    });
  });
});

describe("checking a table", () => {
  const fields = { gpu: gpu(), gpus: int("gpus", 1, 8) } as const satisfies Fields;

  it("a group with a bad field is not kept, not even in part", () => {
    const lora = {
      lora: { kind: "object", fields: { rank: int("count", 1, 256), alpha: int("count", 1, 9) } },
    } as const satisfies Fields;
    expect(checkFields(lora, { lora: { rank: 0, alpha: 2 } }, CTX)).toEqual({
      value: {},
      issues: [expect.objectContaining({ field: "lora.rank", code: "out-of-range" })],
    });
  });

  it("with no path, issues are named by the field alone; names to ignore are skipped", () => {
    expect(checkFields(fields, { task: "x", gpu: "h900", gpus: 2 }, CTX, "", ["task"])).toEqual({
      value: { gpus: 2 },
      issues: [expect.objectContaining({ field: "gpu", code: "unknown-gpu" })],
    });
    expect(where(checkFields(fields, { gpu: "t4", task: "x" }, CTX))).toEqual([
      "task unknown-field",
    ]);
  });
});
