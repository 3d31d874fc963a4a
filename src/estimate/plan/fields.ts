/**
 * The fields of a rental plan and of a serving workload, apart from the tasks that run
 * them so the page's stores can declare their inputs without loading the estimator.
 */
import { BATCH_BOUNDS, CURRENCIES, PLAN_SORT_KEYS } from "../vocabulary.ts";
import { gpu, int, num, oneOf } from "../request/field.ts";
import { NETWORK_FIELDS } from "../hardware/network-fields.ts";

/**
 * The hours a rental bills beside the run (`cost/billed-hours.ts`). No public measurement states
 * these for a user's own setup, so the defaults are this site's stated assumptions, shown
 * with the result and meant to be replaced: half an hour to install an environment and try
 * it, a 1 Gb/s node network, one run in ten repeated, a checkpoint every hour of run onto a
 * 0.5 GB/s cloud disk, no data beside the model, no idle time.
 */
export const BILLING_FIELDS = {
  setupHours: num("hours", 0, 1e4, { default: 0.5 }),
  /** Downloads (model and data) and uploads (the result) cross this network. */
  networkGbps: num("gbit-per-second", 0, 1e5, { above: true, default: 1 }),
  /** Data fetched before the run beside the model's weights. */
  datasetGB: num("gb", 0, 1e9, { default: 0 }),
  rerunFraction: num("fraction", 0, 10, { default: 0.1, percent: true }),
  /** Hours of run between checkpoints; 0: none. */
  checkpointEveryHours: num("hours", 0, 1e4, { default: 1 }),
  diskGBps: num("gbyte-per-second", 0, 1e4, { above: true, default: 0.5 }),
  idleHours: num("hours", 0, 1e6, { default: 0 }),
} as const;

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
  ...NETWORK_FIELDS,
  budget: num("money", 0, 1e12, { above: true }),
  /**
   * The budget's own currency (default: the plan's). A budget keeps it when the costs are
   * shown in another: it is converted like a price (`cost/exchange.ts`), never relabelled.
   */
  budgetCurrency: oneOf(CURRENCIES),
  sortBy: oneOf(PLAN_SORT_KEYS, { default: "cost" }),
  maxGpus: int("gpus", 1, 4096, { default: 64 }),
  /**
   * The currency every cost is shown in; default: the page's (CNY on the Chinese site, USD on
   * the English one), else your prices', else USD. Prices and a budget quoted in the other
   * are converted at the plan's dated exchange rate.
   */
  currency: oneOf(CURRENCIES),
  ...BILLING_FIELDS,
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
