/** Decode and prefill speed for the shared model and serving settings. */
import type { decodeSpeedTask } from "../../estimate/tasks/decode-speed.ts";
import { $model } from "../model.ts";
import { taskStores } from "../outcome.ts";
import { decodeSpeedRequest } from "../requests.ts";
import { $serving } from "../serving.ts";

export const decodeSpeed = taskStores<
  ReturnType<(typeof decodeSpeedTask)["run"]>,
  [typeof $model, typeof $serving]
>("decode-speed", [$model, $serving], decodeSpeedRequest);
