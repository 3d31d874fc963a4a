/**
 * `$fit`: what the decision table asks beside the workload the other calculators hold:
 * which workload (training or serving), who uses a served model and how fast, the
 * budget, currency and order. The deadline and tokens are the compute-time calculator's.
 */
import type { Input } from "../estimate/tasks/field.ts";
import { oneOf } from "../estimate/tasks/field.ts";
import { CURRENCIES, READING_TOKENS_PER_SECOND } from "../estimate/vocabulary.ts";
import { PLAN_OPTION_FIELDS, SERVE_EXTRA_FIELDS } from "../estimate/tasks/plan-fields.ts";
import { fieldStore } from "./field-store.ts";

export const FIT_STORE_FIELDS = {
  mode: oneOf(["training", "inference"], { default: "training" }),
  // The same options and defaults as the plan request's own fields.
  sortBy: PLAN_OPTION_FIELDS.sortBy,
  currency: oneOf(CURRENCIES, { default: "USD" }),
  users: SERVE_EXTRA_FIELDS.users,
  outputTokensPerSecondPerUser: {
    ...SERVE_EXTRA_FIELDS.outputTokensPerSecondPerUser,
    default: READING_TOKENS_PER_SECOND,
  },
  budget: PLAN_OPTION_FIELDS.budget,
  interNodeGbps: PLAN_OPTION_FIELDS.interNodeGbps,
  maxGpus: PLAN_OPTION_FIELDS.maxGpus,
  epochs: PLAN_OPTION_FIELDS.epochs,
} as const;
export type FitState = Input<typeof FIT_STORE_FIELDS>;

export const fit = fieldStore("f", FIT_STORE_FIELDS, {});
export const $fit = fit.store;
export const setFit = fit.set;
