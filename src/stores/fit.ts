/**
 * `$fit`: what the decision table asks beside the workload the other calculators hold:
 * which workload (training, serving, or rendering and batch jobs), who uses a served model
 * and how fast, a batch job's measured time per item, the budget, currency and order. The
 * deadline and tokens are the compute-time calculator's.
 */
import type { Input } from "../estimate/request/field.ts";
import { oneOf } from "../estimate/request/field.ts";
import { READING_TOKENS_PER_SECOND } from "../estimate/vocabulary.ts";
import { PLAN_STORE_FIELDS, SERVE_EXTRA_FIELDS } from "../estimate/plan/fields.ts";
import { RENDER_FIELDS } from "../estimate/batch/fields.ts";
import { fieldStore } from "./field-store.ts";

/**
 * A batch job until the user times their own: the rendering guide's example, 45 s per frame
 * for a two-minute animation at 24 frames per second (2,880 frames), on an RTX 4090.
 */
export const BATCH_EXAMPLE = { secondsPerFrame: 45, frames: 2880, measuredOn: "rtx-4090" };

export const FIT_STORE_FIELDS = {
  mode: oneOf(["training", "inference", "batch"], { default: "training" }),
  // The same options and defaults as the plan request's own fields.
  ...PLAN_STORE_FIELDS,
  measuredOn: { ...PLAN_STORE_FIELDS.measuredOn, default: BATCH_EXAMPLE.measuredOn },
  users: SERVE_EXTRA_FIELDS.users,
  outputTokensPerSecondPerUser: {
    ...SERVE_EXTRA_FIELDS.outputTokensPerSecondPerUser,
    default: READING_TOKENS_PER_SECOND,
  },
  secondsPerFrame: { ...RENDER_FIELDS.secondsPerFrame, default: BATCH_EXAMPLE.secondsPerFrame },
  frames: { ...RENDER_FIELDS.frames, default: BATCH_EXAMPLE.frames },
  resolution: RENDER_FIELDS.resolution,
  complexity: RENDER_FIELDS.complexity,
} as const;
export type FitState = Input<typeof FIT_STORE_FIELDS>;

export const fit = fieldStore("f", FIT_STORE_FIELDS, {});
export const $fit = fit.store;
export const setFit = fit.set;
