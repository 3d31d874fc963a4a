/**
 * The deadline and the budget as limits, not tie-breakers: whether any option meets them,
 * the fastest and the cheapest option either way, and, when none meets them, what would:
 * more GPUs than the plan was allowed, a GPU the plan was not asked about, a longer
 * deadline or a larger budget.
 */
import type { Conversion } from "../cost/exchange.ts";
import type { Limits, PlanRow } from "./row.ts";
import { isPriced, limitTier } from "./row.ts";

export type ToMeet =
  /**
   * This row meets the limits with more GPUs than the plan's GPU limit; across nodes over
   * `interNodeGbps` when the plan named no network and this is the one assumed.
   */
  | { kind: "more-gpus"; row: PlanRow; interNodeGbps?: number }
  /** This row, on a GPU the plan was not asked about, meets the limits. */
  | { kind: "other-gpu"; row: PlanRow }
  /** The fastest option's hours: the shortest deadline any option meets. */
  | { kind: "longer-deadline"; hours: number }
  /** The cheapest option's cost: the smallest budget any option meets. */
  | { kind: "larger-budget"; cost: number };

export interface LimitsAnswer {
  /**
   * Whether a priced option that runs meets every limit given; null when none is given. An
   * option without a price never answers the question: it may be within the deadline, but
   * what it costs is the user's to say (`unpriced`).
   */
  met: boolean | null;
  /**
   * When no priced option meets the limits: options without a price that run within the
   * deadline (each GPU once, in the plan's order), for the user to price.
   */
  unpriced: PlanRow[];
  /** The limits asked, for the answer to name them; the budget in the plan's currency. */
  deadlineHours?: number;
  budget?: number;
  /** How the budget was converted, when it was given in another currency than the plan's. */
  budgetConversion?: Conversion;
  fastest: PlanRow | null;
  cheapest: PlanRow | null;
  /** What would meet the limits; empty when an option meets them or none is given. */
  toMeet: ToMeet[];
}

const runs = (r: PlanRow) => r.verdict !== "does-not-fit";

function least(rows: readonly PlanRow[], key: (r: PlanRow) => number | null): PlanRow | null {
  let best: PlanRow | null = null;
  for (const r of rows) {
    const v = key(r);
    if (v === null || !runs(r)) continue;
    const b = best === null ? null : key(best);
    if (b === null || v < b) best = r;
  }
  return best;
}

/**
 * `rows`: the plan as asked. `wider`: the same workload over every catalog GPU with no GPU
 * limit but the request table's own, sorted, or null when the plan already had them all.
 */
export function limitsAnswer(
  rows: readonly PlanRow[],
  limits: Limits,
  wider: () => {
    rows: readonly PlanRow[];
    asked: (r: PlanRow) => boolean;
    interNodeGbps?: number;
  },
): LimitsAnswer {
  const meets = (r: PlanRow) => runs(r) && isPriced(r) && limitTier(r, limits) === "meets";
  const fastest = least(rows, (r) => r.hours);
  const cheapest = least(rows, (r) => r.cost);
  const { deadlineHours, budget } = limits;
  const asked = {
    ...(deadlineHours === undefined ? {} : { deadlineHours }),
    ...(budget === undefined ? {} : { budget }),
  };
  if (deadlineHours === undefined && budget === undefined)
    return { met: null, unpriced: [], fastest, cheapest, toMeet: [] };
  if (rows.some(meets)) return { met: true, unpriced: [], ...asked, fastest, cheapest, toMeet: [] };
  const within = rows.filter(
    (r) => runs(r) && !isPriced(r) && r.hours !== null && r.meetsDeadline !== false,
  );
  const unpriced = within.filter((r, i) => within.findIndex((x) => x.gpu === r.gpu) === i);
  const toMeet: ToMeet[] = [];
  const w = wider();
  const more = w.rows.find((r) => meets(r) && w.asked(r));
  const other = w.rows.find((r) => meets(r) && !w.asked(r));
  if (more)
    toMeet.push({
      kind: "more-gpus",
      row: more,
      ...(more.nodes > 1 && w.interNodeGbps !== undefined
        ? { interNodeGbps: w.interNodeGbps }
        : {}),
    });
  if (other) toMeet.push({ kind: "other-gpu", row: other });
  if (
    limits.deadlineHours !== undefined &&
    fastest?.hours != null &&
    fastest.meetsDeadline === false
  )
    toMeet.push({ kind: "longer-deadline", hours: fastest.hours });
  if (limits.budget !== undefined && cheapest?.cost != null && cheapest.withinBudget === false)
    toMeet.push({ kind: "larger-budget", cost: cheapest.cost });
  return { met: false, unpriced, ...asked, fastest, cheapest, toMeet };
}
