/**
 * The fields of a rental plan and of a serving workload, apart from the tasks that run
 * them so the page's stores can declare their inputs without loading the estimator.
 */
import {
  BATCH_BOUNDS,
  CURRENCIES,
  HEADROOM_DEFAULT,
  MFU_DEFAULT,
  PLAN_SORT_KEYS,
} from "../vocabulary.ts";
import { gpu, int, num, oneOf, share } from "./field.ts";

/** What a serving workload adds to a serving setup: who uses it and how fast. */
export const SERVE_EXTRA_FIELDS = {
  users: int("count", 1, 1_000_000, { default: 1 }),
  /** Output tokens per second each user needs (reading speed, an agent's budget, …). */
  outputTokensPerSecondPerUser: num("tokens-per-second", 0, 1e6, { above: true }),
  /** Hours of serving priced; cost per million tokens does not depend on it. */
  hours: num("hours", 0, 1e6, { above: true, default: 1 }),
} as const;

/** What the decision takes beside the workload. */
export const PLAN_OPTION_FIELDS = {
  /** Training: tokens per epoch. */
  tokens: num("tokens", 0, 1e16, { above: true, suffixes: true }),
  epochs: num("count", 0, 1e6, { above: true, default: 1 }),
  mfu: share({ default: MFU_DEFAULT }),
  /** A multi-GPU scaling efficiency you measured; otherwise it is predicted from the links. */
  scaling: share(),
  /** Network between nodes, per GPU; without it a plan stays within one node. */
  interNodeGbps: num("gbit-per-second", 0, 1e5, { above: true }),
  deadlineHours: num("hours", 0, 1e6, { above: true }),
  budget: num("money", 0, 1e12, { above: true }),
  prices: { kind: "gpu-prices" },
  /** The currency of every cost; default: your prices', else USD. Never converted. */
  currency: oneOf(CURRENCIES),
  sortBy: oneOf(PLAN_SORT_KEYS, { default: "cost" }),
  gpus: { kind: "gpu-list" },
  maxGpus: int("gpus", 1, 4096, { default: 64 }),
  /** Training: a peak measured on a real run replaces the estimated memory. */
  measured: {
    kind: "object",
    fields: {
      peakBytes: num("bytes", 1, 1e15, { required: true }),
      gpus: int("gpus", 1, 1024, { default: 1 }),
      headroom: num("fraction", 0, 1, { default: HEADROOM_DEFAULT, percent: true }),
    },
  },
  /** Batch work: the GPU the time per item was measured on, and what bounds it. */
  measuredOn: gpu(),
  bound: oneOf(BATCH_BOUNDS, { default: "compute" }),
} as const;
