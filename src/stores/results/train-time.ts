/** Training compute and time for the shared model, training settings and job. */
import type { trainTimeTask } from "../../estimate/tasks/train-time.ts";
import { $job } from "../job.ts";
import { $model } from "../model.ts";
import { taskStores } from "../outcome.ts";
import { trainTimeRequest } from "../requests.ts";
import { $training } from "../training.ts";

export const trainTime = taskStores<
  ReturnType<(typeof trainTimeTask)["run"]>,
  [typeof $model, typeof $training, typeof $job]
>("train-time", [$model, $training, $job], trainTimeRequest);
