/** The rental plan: every catalog GPU for the training or serving workload of the other calculators. */
import { $fit } from "../fit.ts";
import { $job } from "../job.ts";
import { $measuredBasis } from "../measured.ts";
import { $model } from "../model.ts";
import { taskStores } from "../outcome.ts";
import { planRequest } from "../plan-request.ts";
import { $serving } from "../serving.ts";
import { $training } from "../training.ts";
import { $yourPrices } from "../your-prices.ts";

export const plan = taskStores(
  "plan",
  [$fit, $model, $training, $serving, $job, $yourPrices, $measuredBasis],
  planRequest,
);
