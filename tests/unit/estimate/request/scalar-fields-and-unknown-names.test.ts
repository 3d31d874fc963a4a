/**
 * The checker's leaf, as a caller sees its issues: a number is finite, whole where the table
 * says so and inside its range (the issue carries the range, whether the minimum is
 * excluded, and the unit); an option is one of the list; text fits its length and a date
 * names a real day. The walk over a table names each unknown field with the nearest known
 * one (only the first 20), asks for absent required fields and keeps only the valid values.
 */
import { describe, expect, it } from "vitest";
import {
  checkNumber,
  checkScalar,
  checkScalarOnly,
  isRecord,
  listIds,
  MAX_SUGGESTIONS,
  walkFields,
} from "../../../../src/estimate/request/check-value.ts";
import type { Fields } from "../../../../src/estimate/request/field.ts";
import { bool, date, gpu, int, num, oneOf, text } from "../../../../src/estimate/request/field.ts";

describe("a number is finite, whole when asked, and inside its range", () => {
  const memory = num("gb", 0, 80);
  const gpus = int("gpus", 1, 8);
  const peak = num("tflops", 0, 10, { above: true });

  it("both ends of [min, max] are accepted", () => {
    expect(checkNumber(memory, 0, "memory")).toBeNull();
    expect(checkNumber(memory, 80, "memory")).toBeNull();
  });

  it("just past either end is out of range, with the range, the unit and above = 0", () => {
    const range = { min: 0, max: 80, above: 0, unit: "gb" };
    expect(checkNumber(memory, 80.5, "memory")).toEqual({
      field: "memory",
      code: "out-of-range",
      params: range,
    });
    expect(checkNumber(memory, -0.1, "memory")).toEqual({
      field: "memory",
      code: "out-of-range",
      params: range,
    });
  });

  it("with `above`, the minimum itself is out of range and the issue says above = 1", () => {
    expect(checkNumber(peak, 0, "peak")).toEqual({
      field: "peak",
      code: "out-of-range",
      params: { min: 0, max: 10, above: 1, unit: "tflops" },
    });
    expect(checkNumber(peak, 0.001, "peak")).toBeNull();
    expect(checkNumber(peak, 10, "peak")).toBeNull();
  });

  it("a whole-number field refuses 2.5 as not whole, before its range", () => {
    expect(checkNumber(gpus, 2.5, "gpus")).toEqual({
      field: "gpus",
      code: "not-whole",
      params: {},
    });
    expect(checkNumber(gpus, 8.5, "gpus")?.code).toBe("not-whole");
    expect(checkNumber(gpus, 9, "gpus")?.code).toBe("out-of-range");
    expect(checkNumber(gpus, 8, "gpus")).toBeNull();
  });

  it("a fraction is fine where whole numbers are not asked for", () => {
    expect(checkNumber(memory, 2.5, "memory")).toBeNull();
  });

  it.each([["2"], [Number.NaN], [Number.POSITIVE_INFINITY], [null], [undefined]])(
    "%s is not a number",
    (v) => {
      expect(checkNumber(memory, v, "memory")).toEqual({
        field: "memory",
        code: "not-a-number",
        params: {},
      });
    },
  );
});

describe("options, booleans, text and dates", () => {
  it("an option is kept as given; anything else lists the options", () => {
    const bits = oneOf([4, 8, 16]);
    expect(checkScalar(bits, 8, "kvBits")).toEqual({ keep: 8, issues: [] });
    expect(checkScalar(bits, "8", "kvBits")).toEqual({
      issues: [{ field: "kvBits", code: "not-an-option", params: { options: "4, 8, 16" } }],
    });
  });

  it("a boolean is kept, false too; the text true is not a boolean", () => {
    expect(checkScalar(bool(), false, "packed")).toEqual({ keep: false, issues: [] });
    expect(checkScalar(bool(), true, "packed")).toEqual({ keep: true, issues: [] });
    expect(checkScalar(bool(), "true", "packed")).toEqual({
      issues: [{ field: "packed", code: "not-a-boolean", params: {} }],
    });
  });

  it("text up to its maximum length is kept; one character more, or a number, is refused", () => {
    const name = text(5);
    expect(checkScalar(name, "abcde", "name")).toEqual({ keep: "abcde", issues: [] });
    const refused = { issues: [{ field: "name", code: "not-a-string", params: { max: 5 } }] };
    expect(checkScalar(name, "abcdef", "name")).toEqual(refused);
    expect(checkScalar(name, 12345, "name")).toEqual(refused);
  });

  it("a date names a day that exists, 29 February of a leap year included", () => {
    expect(checkScalar(date(), "2026-02-28", "pricesOn")).toEqual({
      keep: "2026-02-28",
      issues: [],
    });
    expect(checkScalar(date(), "2024-02-29", "pricesOn")?.keep).toBe("2024-02-29");
  });

  // Month 13, month 00 and day 00 make no date at all: refused, never an exception.
  it.each([
    ["2026-02-30"],
    ["2026-04-31"],
    ["2026-13-01"],
    ["2026-00-10"],
    ["2026-02-00"],
    ["2026-2-28"],
    ["20260228"],
    ["28-02-2026"],
  ])("%s is not a date", (s) => {
    expect(checkScalar(date(), s, "pricesOn")).toEqual({
      issues: [{ field: "pricesOn", code: "not-a-date", params: {} }],
    });
  });

  it("a date is the whole text: nothing before or after YYYY-MM-DD", () => {
    // Wider than date()'s 10 characters, so the date format, not the length, refuses them.
    const wide = { kind: "text", max: 20, format: "date" } as const;
    expect(checkScalar(wide, "x2026-02-28", "d")?.issues[0]?.code).toBe("not-a-date");
    expect(checkScalar(wide, "2026-02-28x", "d")?.issues[0]?.code).toBe("not-a-date");
  });

  it("plain text is not read as a date", () => {
    expect(checkScalar(text(10), "2026-02-30", "note")?.keep).toBe("2026-02-30");
  });

  it("a GPU field is no scalar: checkScalar leaves it, a scalar-only table refuses it", () => {
    expect(checkScalar(gpu(), "t4", "gpu")).toBeNull();
    expect(checkScalarOnly(gpu(), "t4", "gpu")).toEqual({
      issues: [{ field: "gpu", code: "not-a-number", params: {} }],
    });
    expect(checkScalarOnly(int("count", 1, 2), 2, "n")).toEqual({ keep: 2, issues: [] });
  });
});

describe("lists of ids in a message are cut after a dozen", () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `g${i + 1}`);

  it("twelve ids are all listed; the thirteenth is an ellipsis", () => {
    expect(listIds(ids(12))).toBe("g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12");
    expect(listIds(ids(13))).toBe("g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, …");
  });

  it("a caller's own maximum", () => {
    expect(listIds(["a", "b"], 2)).toBe("a, b");
    expect(listIds(["a", "b", "c"], 2)).toBe("a, b, …");
  });
});

describe("a record is a plain object", () => {
  it("null and lists are not records; {} is", () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord([])).toBe(false);
    expect(isRecord("x")).toBe(false);
  });
});

describe("the walk over a table", () => {
  const fields = {
    microBatch: int("sequences", 1, 64),
    seqLen: int("tokens", 1, 1_000_000, { required: true }),
    packed: bool(),
    note: int("count", 0, 1, { required: false }),
  } as const satisfies Fields;
  const walk = (raw: Record<string, unknown>, path = "", ignore: string[] = []) =>
    walkFields(fields, raw, path, checkScalarOnly, ignore);

  it("keeps every valid value, false included", () => {
    expect(walk({ microBatch: 2, seqLen: 128, packed: false })).toEqual({
      value: { microBatch: 2, seqLen: 128, packed: false },
      issues: [],
    });
  });

  it("drops a bad value and keeps the good ones", () => {
    const r = walk({ microBatch: 0, seqLen: 128 });
    expect(r.value).toEqual({ seqLen: 128 });
    expect(r.issues.map((i) => [i.field, i.code])).toEqual([["microBatch", "out-of-range"]]);
  });

  it("names an unknown field with the nearest known name", () => {
    expect(walk({ batchSize: 2, seqLen: 128 })).toEqual({
      value: { seqLen: 128 },
      issues: [
        {
          field: "batchSize",
          code: "unknown-field",
          params: { name: "batchSize", nearest: "microBatch" },
        },
      ],
    });
  });

  it("an unknown field near no known name carries no nearest", () => {
    expect(walk({ zzzzzzzz: 1, seqLen: 1 }).issues).toEqual([
      { field: "zzzzzzzz", code: "unknown-field", params: { name: "zzzzzzzz" } },
    ]);
  });

  it("the names Object.prototype gives every object are unknown fields", () => {
    const raw = JSON.parse('{"constructor": 1, "toString": 2, "seqLen": 1}') as Record<
      string,
      unknown
    >;
    expect(walk(raw).issues.map((i) => [i.field, i.code])).toEqual([
      ["constructor", "unknown-field"],
      ["toString", "unknown-field"],
    ]);
  });

  it("puts each issue under the path of the group it is in", () => {
    const r = walk({ batchSize: 2, microBatch: 0 }, "workload");
    expect(r.issues.map((i) => [i.field, i.code])).toEqual([
      ["workload.batchSize", "unknown-field"],
      ["workload.microBatch", "out-of-range"],
      ["workload.seqLen", "required"],
    ]);
  });

  it("asks for an absent required field, and a field given as undefined is absent", () => {
    const required = [{ field: "seqLen", code: "required", params: {} }];
    expect(walk({ microBatch: 2 })).toEqual({ value: { microBatch: 2 }, issues: required });
    expect(walk({ microBatch: 2, seqLen: undefined })).toEqual({
      value: { microBatch: 2 },
      issues: required,
    });
  });

  it("an unknown name whose value is undefined is not there at all", () => {
    expect(walk({ seqLen: 1, batchSize: undefined }).issues).toEqual([]);
  });

  it("a field marked required: false is optional", () => {
    expect(walk({ seqLen: 1 }).issues).toEqual([]);
  });

  it("names the caller ignores (a request's task) are neither kept nor refused", () => {
    expect(walk({ task: "train-memory", seqLen: 1 }, "", ["task"])).toEqual({
      value: { seqLen: 1 },
      issues: [],
    });
    expect(walk({ task: "train-memory", seqLen: 1 }).issues[0]).toMatchObject({
      field: "task",
      code: "unknown-field",
    });
  });

  it(`only the first ${MAX_SUGGESTIONS} unknown names get a suggestion`, () => {
    expect(MAX_SUGGESTIONS).toBe(20);
    // seqLen1 … seqLen21 each share seq and len with seqLen.
    const raw: Record<string, unknown> = { seqLen: 1 };
    for (let i = 1; i <= 21; i++) raw[`seqLen${i}`] = 1;
    const issues = walk(raw).issues;
    expect(issues).toHaveLength(21);
    expect(issues[19]?.params).toEqual({ name: "seqLen20", nearest: "seqLen" });
    expect(issues[20]?.params).toEqual({ name: "seqLen21" });
  });
});
