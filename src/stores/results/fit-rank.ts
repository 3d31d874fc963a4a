/** Every catalog GPU ranked for the training or serving workload of the other calculators. */
import { fitRankTask } from "../../estimate/tasks/fit-rank.ts";
import { inferMemoryTask } from "../../estimate/tasks/infer-memory.ts";
import { withNestedTasks } from "../../estimate/tasks/nested.ts";
import type { TaskDef } from "../../estimate/tasks/task.ts";
import { trainMemoryTask } from "../../estimate/tasks/train-memory.ts";
import { $cost } from "../cost.ts";
import { $fit } from "../fit.ts";
import { $job } from "../job.ts";
import { $measuredBasis } from "../measured.ts";
import { $model } from "../model.ts";
import { taskStores } from "../outcome.ts";
import { fitRankRequest } from "../requests.ts";
import { $serving } from "../serving.ts";
import { $training } from "../training.ts";

export const fitRank = taskStores(
  fitRankTask,
  [$fit, $model, $training, $serving, $job, $cost, $measuredBasis] as const,
  fitRankRequest,
  (ctx) => withNestedTasks(ctx, [trainMemoryTask, inferMemoryTask] as unknown as TaskDef[]),
);
