/**
 * Each calculator's request, assembled from the stores exactly as a user would write it for
 * `npm run -s estimate -- -` ("Show the request" prints these). No value is computed here:
 * the stores hold request fields, and the request is those fields under the task's name.
 */
import type { TaskId, TaskRequest } from "../estimate/registry.ts";
import type { Issue } from "../estimate/request/issue.ts";
import type { CostState } from "./cost.ts";
import type { JobState } from "./job.ts";
import type { ModelChoice } from "./model-choice.ts";
import { modelSource } from "./model.ts";
import type { ServingState } from "./serving.ts";
import type { TrainingState } from "./training.ts";

export type Built<Id extends TaskId = TaskId> =
  { ok: true; request: TaskRequest<Id> } | { ok: false; issues: Issue[] };

/** A request with the chosen model as its `model`, or why the model gives none. */
export function withModel<Id extends TaskId>(
  m: ModelChoice,
  request: (model: Record<string, unknown>) => TaskRequest<Id>,
): Built<Id> {
  const source = modelSource(m);
  return source.ok ? { ok: true, request: request(source.source) } : source;
}

export const trainMemoryRequest = (m: ModelChoice, t: TrainingState): Built<"train-memory"> =>
  withModel<"train-memory">(m, (model) => ({ task: "train-memory", model, ...t }));

export const inferMemoryRequest = (m: ModelChoice, s: ServingState): Built<"infer-memory"> =>
  withModel<"infer-memory">(m, (model) => ({ task: "infer-memory", model, ...s }));

export const decodeSpeedRequest = (m: ModelChoice, s: ServingState): Built<"decode-speed"> =>
  withModel<"decode-speed">(m, (model) => ({ task: "decode-speed", model, ...s }));

export const trainTimeRequest = (
  m: ModelChoice,
  t: TrainingState,
  j: JobState,
): Built<"train-time"> =>
  withModel<"train-time">(m, (model) => ({ task: "train-time", model, ...t, ...j }));

export const costRequest = (k: CostState): Built<"cost"> => ({
  ok: true,
  request: { task: "cost", ...k },
});
