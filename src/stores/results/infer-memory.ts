/** Inference memory and concurrency for the shared model and serving settings. */
import { $model } from "../model.ts";
import { taskStores } from "../outcome.ts";
import { inferMemoryRequest } from "../requests.ts";
import { $serving } from "../serving.ts";

export const inferMemory = taskStores("infer-memory", [$model, $serving], inferMemoryRequest);
