/**
 * The fields of a rental plan and of a serving workload, apart from the tasks that run
 * them so the page's stores can declare their inputs without loading the estimator.
 */
import { BATCH_BOUNDS, CURRENCIES, PLAN_SORT_KEYS } from "../vocabulary.ts";
import { gpu, int, num, oneOf } from "./field.ts";

/** What a serving workload adds to a serving setup: who uses it and how fast. */
export const SERVE_EXTRA_FIELDS = {
  users: int("count", 1, 1_000_000, { default: 1 }),
  /** Output tokens per second each user needs (reading speed, an agent's budget, …). */
  outputTokensPerSecondPerUser: num("tokens-per-second", 0, 1e6, { above: true }),
  /** Hours of serving priced; cost per million tokens does not depend on it. */
  hours: num("hours", 0, 1e6, { above: true, default: 1 }),
} as const;

/** The plan options every workload takes, which the decision table's store also holds. */
export const PLAN_COMMON_FIELDS = {
  epochs: num("count", 0, 1e6, { above: true, default: 1 }),
  /** Network between nodes, per GPU; without it a plan stays within one node. */
  interNodeGbps: num("gbit-per-second", 0, 1e5, { above: true }),
  budget: num("money", 0, 1e12, { above: true }),
  sortBy: oneOf(PLAN_SORT_KEYS, { default: "cost" }),
  maxGpus: int("gpus", 1, 4096, { default: 64 }),
  /** The currency of every cost; default: your prices', else USD. Never converted. */
  currency: oneOf(CURRENCIES),
} as const;

/** Batch work: the GPU the time per item was measured on, and what bounds it. */
export const BATCH_PLAN_FIELDS = {
  measuredOn: gpu(),
  bound: oneOf(BATCH_BOUNDS, { default: "compute" }),
} as const;

/**
 * The plan options the decision table's own store also holds, with the same ranges and
 * defaults; the store adds its own defaults where the page needs one.
 */
export const PLAN_STORE_FIELDS = { ...PLAN_COMMON_FIELDS, ...BATCH_PLAN_FIELDS } as const;
