/** The rental plan: every catalog GPU for the training or serving workload of the other calculators. */
import { issue } from "../../estimate/request/issue.ts";
import { $fit } from "../fit.ts";
import { $job } from "../job.ts";
import { $measuredBasis } from "../measured-basis.ts";
import { $model } from "../model.ts";
import { lazy } from "../lazy.ts";
import { taskStores } from "../outcome.ts";
import type { Built } from "../requests.ts";
import { $serving } from "../serving.ts";
import { $training } from "../training.ts";
import { $yourPrices } from "../your-prices.ts";

/** What builds its request, loaded with the engine: the page carries the initial one. */
const builder = lazy(() => import("../plan-request.ts"));

export const plan = taskStores(
  "plan",
  [$fit, $model, $training, $serving, $job, $yourPrices, $measuredBasis, builder.$state],
  (f, m, t, s, j, y, measured, b) =>
    b.status === "ready"
      ? b.module.planRequest(f, m, t, s, j, y, measured)
      : b.status === "failed"
        ? ({ ok: false, issues: [issue("request", "engine-load-failed")] } satisfies Built<"plan">)
        : null,
  builder.load,
);
