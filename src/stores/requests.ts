/**
 * Each calculator's request, assembled from the stores exactly as a user would write it for
 * `npm run -s estimate -- -` ("Show the request" prints these). No value is computed here:
 * the stores hold request fields, and the request is those fields under the task's name.
 */
import type { Issue } from "../estimate/tasks/issue.ts";
import type { CostState } from "./cost.ts";
import type { JobState } from "./job.ts";
import type { ModelChoice } from "./model.ts";
import { modelSource } from "./model.ts";
import type { ServingState } from "./serving.ts";
import type { TrainingState } from "./training.ts";

export type Built = { ok: true; request: Record<string, unknown> } | { ok: false; issues: Issue[] };

export function withModel(task: string, m: ModelChoice, fields: object): Built {
  const source = modelSource(m);
  return source.ok
    ? { ok: true, request: { task, model: source.source, ...fields } }
    : { ok: false, issues: source.issues };
}

export const trainMemoryRequest = (m: ModelChoice, t: TrainingState): Built =>
  withModel("train-memory", m, t);

export const inferMemoryRequest = (m: ModelChoice, s: ServingState): Built =>
  withModel("infer-memory", m, s);

export const decodeSpeedRequest = (m: ModelChoice, s: ServingState): Built =>
  withModel("decode-speed", m, s);

export const trainTimeRequest = (m: ModelChoice, t: TrainingState, j: JobState): Built =>
  withModel("train-time", m, { ...t, ...j });

export const costRequest = (k: CostState): Built => ({
  ok: true,
  request: { task: "cost", ...k },
});
