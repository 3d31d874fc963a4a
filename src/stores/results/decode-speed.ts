/** Decode and prefill speed for the shared model and serving settings. */
import { $model } from "../model.ts";
import { taskStores } from "../outcome.ts";
import { decodeSpeedRequest } from "../requests.ts";
import { $serving } from "../serving.ts";

export const decodeSpeed = taskStores("decode-speed", [$model, $serving], decodeSpeedRequest);
