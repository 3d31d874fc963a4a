/**
 * Requests inside requests: a ranking's `workload` is checked by the task it names, with
 * the issues' paths under the field that holds it (`workload.seqLen`).
 */
import { isRecord } from "./check-value.ts";
import { issue } from "./issue.ts";
import { own } from "./own.ts";
import type { TaskContext, TaskDef } from "./task.ts";
import { checkRequest } from "./task.ts";

/** A context whose nested requests are checked by the tasks that may appear there. */
export function withNestedTasks(ctx: TaskContext, defs: readonly TaskDef[]): TaskContext {
  const full: TaskContext = {
    ...ctx,
    nested: (raw, allowed, path) => {
      if (!isRecord(raw)) return { value: {}, issues: [issue(path, "not-an-object")] };
      const task = own(raw, "task");
      const def = defs.find((d) => d.id === task && allowed.includes(d.id));
      if (!def)
        return {
          value: {},
          issues: [
            issue(`${path}.task`, task === undefined ? "required" : "unknown-task", {
              options: allowed.join(", "),
            }),
          ],
        };
      const r = checkRequest(def, raw, { ...full, inWorkload: true }, path);
      return r.ok
        ? { value: { task: def.id, ...r.request }, issues: [] }
        : { value: {}, issues: r.issues };
    },
  };
  return full;
}
