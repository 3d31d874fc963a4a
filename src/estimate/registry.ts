/**
 * Every task by its id, and running a request that names its task. The command line and the
 * tests use this; a calculator page imports only the tasks it shows.
 */
import { costTask } from "./cost/cost-task.ts";
import { decodeSpeedTask } from "./serving/decode-speed.ts";
import { diagnoseTask } from "./measured/diagnose.ts";
import { inferMemoryTask } from "./serving/infer-memory.ts";
import { measuredRunTask } from "./measured/measured-run.ts";
import { planTask, serveTask } from "./plan/plan.ts";
import { renderTask } from "./batch/render.ts";
import { isRecord } from "./request/check-value.ts";
import { issue } from "./request/issue.ts";
import { nearestName } from "./request/nearest.ts";
import type { Input } from "./request/field.ts";
import { own } from "./request/own.ts";
import type { Outcome, TaskContext, TaskDef } from "./request/task.ts";
import { runTask } from "./request/task.ts";
import { withNestedTasks } from "./request/nested.ts";
import { trainMemoryTask } from "./memory/train-memory.ts";
import { trainTimeTask } from "./training/train-time.ts";

export const TASKS = {
  "train-memory": trainMemoryTask,
  "infer-memory": inferMemoryTask,
  "decode-speed": decodeSpeedTask,
  "train-time": trainTimeTask,
  cost: costTask,
  plan: planTask,
  serve: serveTask,
  diagnose: diagnoseTask,
  render: renderTask,
  "measured-run": measuredRunTask,
} as const satisfies Record<string, { id: string }>;

export type TaskId = keyof typeof TASKS;
export const TASK_IDS = Object.keys(TASKS) as TaskId[];

/** A request of one task, as a user writes it: its fields (each optional) under its name. */
export type TaskRequest<Id extends TaskId> = { task: Id } & Input<(typeof TASKS)[Id]["fields"]>;
/** What a task's run gives for a checked request. */
export type TaskResult<Id extends TaskId> = ReturnType<(typeof TASKS)[Id]["run"]>;

export function taskOf(id: unknown): TaskDef | undefined {
  return typeof id === "string" && Object.hasOwn(TASKS, id)
    ? (TASKS[id as TaskId] as unknown as TaskDef)
    : undefined;
}

function unknownTask(raw: Record<string, unknown>, allowed: readonly string[], path: string) {
  const given = own(raw, "task");
  const nearest = typeof given === "string" ? nearestName(given, allowed) : undefined;
  return issue(path ? `${path}.task` : "task", given === undefined ? "required" : "unknown-task", {
    options: allowed.join(", "),
    ...(nearest ? { nearest } : {}),
  });
}

/** The context with nested requests (a ranking's workload) checked by the task they name. */
export const withNested = (ctx: TaskContext): TaskContext =>
  withNestedTasks(ctx, Object.values(TASKS) as unknown as TaskDef[]);

/** Runs a request whose `task` field names its task. */
export function runRequest(raw: unknown, ctx: TaskContext): Outcome & { task?: TaskId } {
  if (!isRecord(raw)) return { ok: false, issues: [issue("request", "not-an-object")] };
  const def = taskOf(own(raw, "task"));
  if (!def) return { ok: false, issues: [unknownTask(raw, TASK_IDS, "")] };
  return { ...runTask(def, raw, withNested(ctx)), task: def.id as TaskId };
}

/**
 * Runs a typed request: the same path as `runRequest`, with the result typed as the task
 * its `task` names gives it (the one place that relies on that dispatch).
 */
export const runTyped = <Id extends TaskId>(
  request: { task: Id } & TaskRequest<NoInfer<Id>>,
  ctx: TaskContext,
): Outcome<TaskResult<Id>> => runRequest(request, ctx) as Outcome<TaskResult<Id>>;
