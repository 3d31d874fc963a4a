/**
 * `$fit`: what the decision table asks beside the workload the other calculators hold:
 * which workload (training or serving), who uses a served model and how fast, the
 * budget, currency and order. The deadline and tokens are the compute-time calculator's.
 */
import type { Input } from "../estimate/tasks/field.ts";
import { oneOf } from "../estimate/tasks/field.ts";
import { CURRENCIES, READING_TOKENS_PER_SECOND } from "../estimate/vocabulary.ts";
import {
  BUDGET_FIELD,
  EPOCHS_FIELD,
  INTER_NODE_FIELD,
  MAX_GPUS_FIELD,
  SERVE_EXTRA_FIELDS,
  SORT_FIELD,
} from "../estimate/tasks/plan-fields.ts";
import { fieldStore } from "./field-store.ts";

export const FIT_STORE_FIELDS = {
  mode: oneOf(["training", "inference"], { default: "training" }),
  // The same options and defaults as the plan request's own fields.
  sortBy: SORT_FIELD,
  currency: oneOf(CURRENCIES, { default: "USD" }),
  users: SERVE_EXTRA_FIELDS.users,
  outputTokensPerSecondPerUser: {
    ...SERVE_EXTRA_FIELDS.outputTokensPerSecondPerUser,
    default: READING_TOKENS_PER_SECOND,
  },
  budget: BUDGET_FIELD,
  interNodeGbps: INTER_NODE_FIELD,
  maxGpus: MAX_GPUS_FIELD,
  epochs: EPOCHS_FIELD,
} as const;
export type FitState = Input<typeof FIT_STORE_FIELDS>;

export const fit = fieldStore("f", FIT_STORE_FIELDS, {});
export const $fit = fit.store;
export const setFit = fit.set;
