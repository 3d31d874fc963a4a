/** Training memory per GPU for the shared model and training settings. */
import type { trainMemoryTask } from "../../estimate/tasks/train-memory.ts";
import { $model } from "../model.ts";
import { taskStores } from "../outcome.ts";
import { trainMemoryRequest } from "../requests.ts";
import { $training } from "../training.ts";

export const trainMemory = taskStores<
  ReturnType<(typeof trainMemoryTask)["run"]>,
  [typeof $model, typeof $training]
>("train-memory", [$model, $training], trainMemoryRequest);
