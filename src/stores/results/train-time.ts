/** Training compute and time for the shared model, training settings and job. */
import { $job } from "../job.ts";
import { $model } from "../model.ts";
import { taskStores } from "../outcome.ts";
import { trainTimeRequest } from "../requests.ts";
import { $training } from "../training.ts";

export const trainTime = taskStores("train-time", [$model, $training, $job], trainTimeRequest);
