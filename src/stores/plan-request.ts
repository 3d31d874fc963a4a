/**
 * The rental plan's request, assembled from the stores as a user would write it for
 * `npm run -s estimate -- -`: the workload the other calculators hold and the decision
 * table's own options. Apart from the other requests, so only the pages that show a plan
 * load it.
 */
import type { CostState } from "./cost.ts";
import type { FitState } from "./fit.ts";
import { fit } from "./fit.ts";
import type { JobState } from "./job.ts";
import type { MeasuredState } from "./measured.ts";
import type { ModelChoice } from "./model.ts";
import type { Built } from "./requests.ts";
import { trainMemoryRequest, withModel } from "./requests.ts";
import type { ServingState } from "./serving.ts";
import type { TrainingState } from "./training.ts";

/** Price per GPU-hour of each GPU that has a priced node option in the cost comparison. */
function pricesPerGpu(k: CostState): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const o of k.options ?? [])
    if (o.gpu !== undefined && o.pricePerHour !== undefined && o.pricePerHour > 0)
      prices[o.gpu] ??= o.pricePerHour / (o.gpus ?? 1);
  return prices;
}

/** A batch job as the plan's render workload: the time per item and count are always sent. */
function batchWorkload(f: FitState): Built {
  const e = fit.effective(f);
  const { resolution, complexity } = f;
  return {
    ok: true,
    request: {
      task: "render",
      secondsPerFrame: e["secondsPerFrame"],
      frames: e["frames"],
      ...(resolution === undefined ? {} : { resolution }),
      ...(complexity === undefined ? {} : { complexity }),
    },
  };
}

/** The job's speed fields the plan shares with train-time (`PLAN_TRAINING_FIELDS`). */
const LAYOUT = ["pipelineParallel", "virtualStages", "expertParallel", "fp8"] as const;

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
  k: CostState,
  measured: MeasuredState | null = null,
): Built {
  const e = fit.effective(f);
  const mode = e["mode"];
  const training = mode === "training";
  const batch = mode === "batch";
  const {
    mode: _mode,
    users,
    outputTokensPerSecondPerUser: _rate,
    secondsPerFrame: _seconds,
    frames: _frames,
    resolution: _resolution,
    complexity: _complexity,
    measuredOn: _measuredOn,
    bound,
    ...options
  } = f;
  // The serving rate starts at a reader's pace (the store's default), so it is sent.
  const outputTokensPerSecondPerUser = e["outputTokensPerSecondPerUser"];
  const workload = training
    ? trainMemoryRequest(m, t)
    : batch
      ? batchWorkload(f)
      : withModel("serve", m, {
          ...s,
          ...(users === undefined ? {} : { users }),
          ...(outputTokensPerSecondPerUser === undefined ? {} : { outputTokensPerSecondPerUser }),
        });
  if (!workload.ok) return workload;
  const own = pricesPerGpu(k);
  return {
    ok: true,
    request: {
      task: "plan",
      workload: workload.request,
      ...options,
      ...(training && j.tokens !== undefined ? { tokens: j.tokens } : {}),
      // The compute-time calculator's layout and kernels: the plan times a run as it does.
      ...(training
        ? Object.fromEntries(LAYOUT.flatMap((k) => (j[k] === undefined ? [] : [[k, j[k]]])))
        : {}),
      // The compute-time calculator's network, unless the decision table names its own.
      ...(training && options.network === undefined && options.interNodeGbps === undefined
        ? {
            ...(j.network === undefined ? {} : { network: j.network }),
            ...(j.interNodeGbps === undefined ? {} : { interNodeGbps: j.interNodeGbps }),
          }
        : {}),
      ...(batch
        ? { measuredOn: e["measuredOn"], ...(bound === undefined ? {} : { bound }) }
        : {
            ...(j.mfu === undefined ? {} : { mfu: j.mfu }),
            ...(j.scaling === undefined ? {} : { scaling: j.scaling }),
          }),
      ...(j.deadlineHours === undefined ? {} : { deadlineHours: j.deadlineHours }),
      ...(Object.keys(own).length === 0 ? {} : { prices: own }),
      ...(training && measured
        ? {
            measured: {
              peakBytes: measured.peakMemoryBytes,
              gpus: Math.max(1, measured.gpuCount),
              headroom: measured.headroom,
            },
          }
        : {}),
    },
  };
}
