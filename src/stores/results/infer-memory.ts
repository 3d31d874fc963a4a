/** Inference memory and concurrency for the shared model and serving settings. */
import type { inferMemoryTask } from "../../estimate/tasks/infer-memory.ts";
import { $model } from "../model.ts";
import { taskStores } from "../outcome.ts";
import { inferMemoryRequest } from "../requests.ts";
import { $serving } from "../serving.ts";

export const inferMemory = taskStores<
  ReturnType<(typeof inferMemoryTask)["run"]>,
  [typeof $model, typeof $serving]
>("infer-memory", [$model, $serving], inferMemoryRequest);
