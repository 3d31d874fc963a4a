/** Training memory per GPU for the shared model and training settings. */
import { $model } from "../model.ts";
import { taskStores } from "../outcome.ts";
import { trainMemoryRequest } from "../requests.ts";
import { $training } from "../training.ts";

export const trainMemory = taskStores("train-memory", [$model, $training], trainMemoryRequest);
