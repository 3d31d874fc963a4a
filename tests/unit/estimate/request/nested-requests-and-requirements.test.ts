/**
 * A request inside a request (a plan's `workload`) is checked by the task it names, with its
 * issues under the field that holds it (`workload.seqLen`, `workload.task`), and comes back
 * with its task name and defaults. Requirements across fields ask for the field to give, at
 * its path: one of a pair, or one field whenever another is given (only when that other is
 * a nested request of a named task, for `withTask`).
 */
import { describe, expect, it } from "vitest";
import type { TaskDef } from "../../../../src/estimate/request/task.ts";
import { checkRequest, defineTask } from "../../../../src/estimate/request/task.ts";
import { withNestedTasks } from "../../../../src/estimate/request/nested.ts";
import { requirementIssues } from "../../../../src/estimate/request/requirements.ts";
import { int, request } from "../../../../src/estimate/request/field.ts";
import { issue } from "../../../../src/estimate/request/issue.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { GPUS } from "../helpers.ts";

const EMPTY = { total: 0, breakdown: [], assumptions: [], warnings: [] };

/** A workload: a sequence length (default 2048), and a rule that tells where it is checked. */
const TRAIN = defineTask({
  id: "train",
  fields: { seqLen: int("tokens", 1, 1_000_000, { default: 2048 }), strict: int("count", 0, 1) },
  rules: (r, ctx) =>
    r.strict === 1 && ctx.inWorkload ? [issue("strict", "needs-with", { with: "plan" })] : [],
  run: () => EMPTY,
});
const SERVE = defineTask({
  id: "serve",
  fields: { users: int("count", 1, 1000, { required: true }) },
  run: () => EMPTY,
});
/** A plan holds a workload; an outer plan holds a plan, to nest two levels. */
const PLAN = defineTask({
  id: "plan",
  fields: { workload: request(["train", "serve"]) },
  run: () => EMPTY,
});
const OUTER = defineTask({
  id: "outer",
  fields: { inner: request(["plan"]) },
  run: () => EMPTY,
});
const DEFS = [TRAIN, SERVE, PLAN, OUTER] as unknown as TaskDef[];
const CTX = withNestedTasks({ gpus: GPUS, presets: PRESETS }, DEFS);
const nested = (raw: unknown, allowed = ["train", "serve"], path = "workload") => {
  if (!CTX.nested) throw new Error("no nested checker");
  return CTX.nested(raw, allowed, path);
};

describe("a nested request is checked by the task it names", () => {
  it("comes back with its task name and its defaults", () => {
    expect(nested({ task: "train" })).toEqual({
      value: { task: "train", seqLen: 2048 },
      issues: [],
    });
  });

  it("its issues sit under the field that holds it", () => {
    expect(nested({ task: "train", seqLen: 0 })).toEqual({
      value: {},
      issues: [
        {
          field: "workload.seqLen",
          code: "out-of-range",
          params: { min: 1, max: 1_000_000, above: 0, unit: "tokens" },
        },
      ],
    });
    expect(nested({ task: "serve" }).issues).toEqual([
      { field: "workload.users", code: "required", params: {} },
    ]);
  });

  it("a missing task is required, with the tasks it may be", () => {
    expect(nested({ seqLen: 1 })).toEqual({
      value: {},
      issues: [{ field: "workload.task", code: "required", params: { options: "train, serve" } }],
    });
  });

  it("an unknown task, or a task not allowed there, is an unknown task", () => {
    const unknown = {
      value: {},
      issues: [
        { field: "workload.task", code: "unknown-task", params: { options: "train, serve" } },
      ],
    };
    expect(nested({ task: "nope" })).toEqual(unknown);
    // plan is a task, but not one a workload may be.
    expect(nested({ task: "plan" })).toEqual(unknown);
  });

  it("a workload that is not an object is refused at its field", () => {
    expect(nested("train")).toEqual({
      value: {},
      issues: [{ field: "workload", code: "not-an-object", params: {} }],
    });
  });

  it("its rules know they check a workload, not a request of its own", () => {
    expect(nested({ task: "train", strict: 1 }).issues).toEqual([
      { field: "workload.strict", code: "needs-with", params: { with: "plan" } },
    ]);
    // The same request on its own is fine.
    expect(checkRequest(TRAIN as unknown as TaskDef, { strict: 1 }, CTX).ok).toBe(true);
  });

  it("a request nested two deep is checked too, with the whole path", () => {
    const r = checkRequest(
      OUTER as unknown as TaskDef,
      { inner: { task: "plan", workload: { task: "train", seqLen: 0 } } },
      CTX,
    );
    expect(r.ok ? [] : r.issues.map((i) => `${i.field} ${i.code}`)).toEqual([
      "inner.workload.seqLen out-of-range",
    ]);
    const ok = checkRequest(
      OUTER as unknown as TaskDef,
      { inner: { task: "plan", workload: { task: "train" } } },
      CTX,
    );
    expect(ok).toEqual({
      ok: true,
      request: { inner: { task: "plan", workload: { task: "train", seqLen: 2048 } } },
    });
  });

  it("the context it comes from is kept", () => {
    expect(CTX.gpus).toBe(GPUS);
    expect(CTX.presets).toBe(PRESETS);
  });
});

describe("requirements across fields", () => {
  const none = new Set<string>();
  const diagnose = [{ oneOf: ["peakB", "gpuB"] }] as const;
  const plan = [{ field: "tokens", with: "workload", withTask: "train" }] as const;
  const trainTime = [{ field: "model", with: "tokens" }] as const;

  it("one of a pair: asked for at the first, naming both, under the path", () => {
    expect(requirementIssues(diagnose, {}, "", none)).toEqual([
      { field: "peakB", code: "needs-one-of", params: { fields: "peakB, gpuB" } },
    ]);
    expect(requirementIssues(diagnose, {}, "workload", none)[0]?.field).toBe("workload.peakB");
  });

  it("one of a pair is met by either; a field given as undefined is not given", () => {
    expect(requirementIssues(diagnose, { gpuB: "t4" }, "", none)).toEqual([]);
    expect(requirementIssues(diagnose, { peakB: 312 }, "", none)).toEqual([]);
    expect(requirementIssues(diagnose, { peakB: undefined }, "", none)).toHaveLength(1);
  });

  it("a field needed with another is asked for, saying with what", () => {
    expect(requirementIssues(trainTime, { tokens: 1e9 }, "", none)).toEqual([
      { field: "model", code: "needs-with", params: { with: "tokens" } },
    ]);
    expect(requirementIssues(trainTime, { tokens: 1e9 }, "workload", none)[0]?.field).toBe(
      "workload.model",
    );
  });

  it("it is not asked for when given, when the other is absent, or when the other is wrong", () => {
    expect(requirementIssues(trainTime, { tokens: 1e9, model: {} }, "", none)).toEqual([]);
    expect(requirementIssues(trainTime, {}, "", none)).toEqual([]);
    expect(requirementIssues(trainTime, { tokens: 0 }, "", new Set(["tokens"]))).toEqual([]);
    // A different bad field does not excuse it.
    expect(requirementIssues(trainTime, { tokens: 1e9 }, "", new Set(["gpu"]))).toHaveLength(1);
  });

  it("with a task named, only a nested request of that task needs the field", () => {
    expect(requirementIssues(plan, { workload: { task: "train" } }, "", none)).toEqual([
      { field: "tokens", code: "needs-with", params: { with: "workload" } },
    ]);
    expect(requirementIssues(plan, { workload: { task: "serve" } }, "", none)).toEqual([]);
    expect(requirementIssues(plan, { workload: "train" }, "", none)).toEqual([]);
    expect(requirementIssues(plan, { workload: { task: "train" }, tokens: 1 }, "", none)).toEqual(
      [],
    );
  });

  it("every requirement is checked, each with its own issue", () => {
    expect(
      requirementIssues([...diagnose, ...trainTime], { tokens: 1 }, "", none).map((i) => i.code),
    ).toEqual(["needs-one-of", "needs-with"]);
  });
});
