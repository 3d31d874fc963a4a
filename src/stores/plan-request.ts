/**
 * The rental plan's request, assembled from the stores as a user would write it for
 * `npm run -s estimate -- -`: the workload the other calculators hold and the decision
 * table's own options and the prices the user entered, each field taken by the table of
 * the request part it belongs to.
 * Apart from the other requests, so only the pages that show a plan load it.
 */
import type { Fields, GpuPrice, Input } from "../estimate/request/field.ts";
import { JOB_FIELDS, LAYOUT_FIELDS } from "../estimate/training/job-fields.ts";
import { NETWORK_FIELDS } from "../estimate/hardware/network-fields.ts";
import {
  BATCH_PLAN_FIELDS,
  PLAN_COMMON_FIELDS,
  SERVE_EXTRA_FIELDS,
} from "../estimate/plan/fields.ts";
import { RENDER_FIELDS } from "../estimate/batch/fields.ts";
import type { FitState } from "./fit.ts";
import { fit } from "./fit.ts";
import type { JobState } from "./job.ts";
import type { MeasuredState } from "./measured.ts";
import type { ModelChoice } from "./model-choice.ts";
import type { Built } from "./requests.ts";
import { trainMemoryRequest, withModel } from "./requests.ts";
import type { ServingState } from "./serving.ts";
import type { TrainingState } from "./training.ts";
import type { YourPricesState } from "./your-prices.ts";

/**
 * The fields of request table `to` that a store holds: what the user set, and the store's
 * own default where the request has none (the value the page shows, so the request says it).
 */
function fieldsOf<T extends Fields>(
  to: T,
  state: Record<string, unknown>,
  store: Fields,
): Input<T> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(to)) {
    const own = store[name];
    const shown = own && "default" in own && !("default" in f) ? own.default : undefined;
    const v = state[name] ?? shown;
    if (v !== undefined) out[name] = v;
  }
  // Every key comes from `to`, each value from a store field of the same name and table.
  return out as Input<T>;
}

const { tokens, mfu, scaling, deadlineHours } = JOB_FIELDS;
/** The compute-time calculator's fields each workload's plan takes. */
const JOB_PLAN_FIELDS = {
  // With its layout (`PLAN_TRAINING_FIELDS`): the plan times a run as train-time does.
  training: { tokens, mfu, scaling, deadlineHours, ...LAYOUT_FIELDS },
  // Serving runs as long as it is rented: it has no deadline.
  inference: { mfu, scaling },
  batch: { deadlineHours },
} as const;

/** The decision table's own options each workload's plan takes. */
const FIT_PLAN_FIELDS = {
  training: PLAN_COMMON_FIELDS,
  inference: PLAN_COMMON_FIELDS,
  batch: { ...PLAN_COMMON_FIELDS, ...BATCH_PLAN_FIELDS },
} as const;

/**
 * The prices the user entered, each in its own currency: the only prices a plan takes as
 * theirs (the cost comparison's node options are examples, not quotes). A row still
 * waiting for its price prices nothing.
 */
function yourPricesOf(y: YourPricesState): Record<string, GpuPrice> {
  const prices: Record<string, GpuPrice> = {};
  for (const { gpu, pricePerGpuHour, currency } of y.prices ?? [])
    if (gpu !== undefined && pricePerGpuHour !== undefined)
      prices[gpu] ??= { pricePerGpuHour, ...(currency === undefined ? {} : { currency }) };
  return prices;
}

/**
 * What a plan takes of a measurement: a training peak, and a run's speed on its GPU where
 * the run was the same kind of workload as the plan's.
 */
function measuredOf(mode: string, m: MeasuredState) {
  const peak = mode === "training" && m.peakMemoryBytes > 0;
  const speed =
    m.tokensPerSecond > 0 &&
    m.gpuId !== "" &&
    ((mode === "training" && m.basisKind === "training") ||
      (mode === "inference" && m.basisKind === "serving"));
  if (!peak && !speed) return {};
  return {
    measured: {
      gpus: Math.max(1, m.gpuCount),
      headroom: m.headroom,
      ...(peak ? { peakBytes: m.peakMemoryBytes } : {}),
      ...(speed
        ? {
            gpu: m.gpuId,
            tokensPerSecond: m.tokensPerSecond,
            ...(m.basisKind !== "serving"
              ? {}
              : m.burstRequests > 0
                ? {
                    burstRequests: m.burstRequests,
                    ...(m.concurrency > 0 ? { concurrency: m.concurrency } : {}),
                  }
                : { concurrency: Math.max(1, m.concurrency) }),
          }
        : {}),
    },
  };
}

/**
 * The rental plan for the training, serving or batch workload the other calculators hold:
 * the tokens come from the compute-time calculator only when the user gave them there.
 */
export function planRequest(
  f: FitState,
  m: ModelChoice,
  t: TrainingState,
  s: ServingState,
  j: JobState,
  y: YourPricesState,
  measured: MeasuredState | null = null,
): Built<"plan"> {
  const mode = fit.effective(f).mode;
  const own = fit.fields;
  const workload =
    mode === "training"
      ? trainMemoryRequest(m, t)
      : mode === "batch"
        ? ({
            ok: true,
            request: { task: "render", ...fieldsOf(RENDER_FIELDS, f, own) },
          } satisfies Built<"render">)
        : withModel<"serve">(m, (model) => ({
            task: "serve",
            model,
            ...s,
            ...fieldsOf(SERVE_EXTRA_FIELDS, f, own),
          }));
  if (!workload.ok) return workload;
  const prices = yourPricesOf(y);
  return {
    ok: true,
    request: {
      task: "plan",
      workload: workload.request,
      // The table and the front door show each GPU at its best count: the page asks for those.
      counts: "best",
      ...fieldsOf(FIT_PLAN_FIELDS[mode], f, own),
      ...fieldsOf(JOB_PLAN_FIELDS[mode], j, {}),
      // The compute-time calculator's network, unless the decision table names its own.
      ...(mode === "training" && f.network === undefined && f.interNodeGbps === undefined
        ? fieldsOf(NETWORK_FIELDS, j, {})
        : {}),
      ...(Object.keys(prices).length === 0 ? {} : { prices }),
      ...(measured ? measuredOf(mode, measured) : {}),
    },
  };
}
