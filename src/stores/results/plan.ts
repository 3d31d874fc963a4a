/** Every catalog GPU ranked for the training or serving workload of the other calculators. */
import type { fitRankTask } from "../../estimate/tasks/fit-rank.ts";
import { $cost } from "../cost.ts";
import { $fit } from "../fit.ts";
import { $job } from "../job.ts";
import { $measuredBasis } from "../measured.ts";
import { $model } from "../model.ts";
import { taskStores } from "../outcome.ts";
import { fitRankRequest } from "../requests.ts";
import { $serving } from "../serving.ts";
import { $training } from "../training.ts";

export const fitRank = taskStores<
  ReturnType<(typeof fitRankTask)["run"]>,
  [
    typeof $fit,
    typeof $model,
    typeof $training,
    typeof $serving,
    typeof $job,
    typeof $cost,
    typeof $measuredBasis,
  ]
>("fit-rank", [$fit, $model, $training, $serving, $job, $cost, $measuredBasis], fitRankRequest);
