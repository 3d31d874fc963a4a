/**
 * The fields of a rental plan and of a serving workload, apart from the tasks that run
 * them so the page's stores can declare their inputs without loading the estimator.
 */
import { PLAN_SORT_KEYS } from "../vocabulary.ts";
import { int, num, oneOf } from "./field.ts";

/** What a serving workload adds to a serving setup: who uses it and how fast. */
export const SERVE_EXTRA_FIELDS = {
  users: int("count", 1, 1_000_000, { default: 1 }),
  /** Output tokens per second each user needs (reading speed, an agent's budget, …). */
  outputTokensPerSecondPerUser: num("tokens-per-second", 0, 1e6, { above: true }),
  /** Hours of serving priced; cost per million tokens does not depend on it. */
  hours: num("hours", 0, 1e6, { above: true, default: 1 }),
} as const;

/** Fields the decision table's own store also declares, named so a page takes only these. */
export const EPOCHS_FIELD = num("count", 0, 1e6, { above: true, default: 1 });
export const INTER_NODE_FIELD = num("gbit-per-second", 0, 1e5, { above: true });
export const BUDGET_FIELD = num("money", 0, 1e12, { above: true });
export const SORT_FIELD = oneOf(PLAN_SORT_KEYS, { default: "cost" });
export const MAX_GPUS_FIELD = int("gpus", 1, 4096, { default: 64 });
