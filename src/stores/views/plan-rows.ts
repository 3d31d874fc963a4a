/** A plan row's verdict and the plan's limits in words, as the decision table and the front door say them. */
import type { LimitsAnswer } from "../../estimate/plan-limits.ts";
import type { PlanRow } from "../../estimate/plan-row.ts";
import type { List, Msg } from "../../i18n/text.ts";
import { msg, qty } from "../../i18n/text.ts";

/**
 * What the workload needs of that GPU (its fewest count), and, on a row with more GPUs than
 * that, that the rest are there for speed: a row never says "one GPU" beside its eight.
 */
export function verdictMessage(r: PlanRow): Msg {
  const needs = msg(`verdict.${r.verdict}`, {
    gpus: r.fewestGpus,
    nodes: r.fewestNodes,
    perNode: r.gpusPerNode,
  });
  return r.verdict !== "does-not-fit" && r.gpus > r.fewestGpus
    ? msg("verdict.forSpeed", { needs, gpus: r.gpus })
    : needs;
}

/** "2 × RTX 4090": a row's GPU and count. */
export const optionMessage = (r: PlanRow): Msg =>
  msg("fd.option", { count: qty(r.gpus, undefined, 0), gpu: r.gpuName });

/** An amount in the plan's currency, or that no sourced price prices it. */
export const moneyMessage = (n: number | null | undefined, currency: string, digits = 2): Msg =>
  n === null || n === undefined
    ? msg("pr.no-price")
    : msg("shown.money", { n: qty(n, undefined, digits), currency });

/** A row's option with its billed hours and cost. */
const costed = (key: string, r: PlanRow, currency: string, extra: Msg["params"] = {}) =>
  msg(key, {
    option: optionMessage(r),
    hours: qty(r.hours, "hours", 1),
    cost: moneyMessage(r.cost, currency),
    ...extra,
  });

/** What a row misses of the limits, from its reasons ("misses the deadline, over budget"). */
export function missedMessage(r: PlanRow): List | null {
  const missed = r.reasons.filter((k) => k === "misses-deadline" || k === "over-budget");
  return missed.length ? { list: missed.map((k) => msg(`pr.${k}`)), sep: "pt.whySeparator" } : null;
}

/**
 * The deadline and budget as limits: whether options meet them and, when none does, the
 * fastest and the cheapest option and what would meet them. Nothing when no limit is given.
 */
export function limitsMessages(l: LimitsAnswer, currency: string): Msg[] {
  if (l.met === null) return [];
  const hours = l.deadlineHours === undefined ? null : qty(l.deadlineHours, "hours", 1);
  const cost = l.budget === undefined ? null : moneyMessage(l.budget, currency);
  const limits =
    hours && cost
      ? msg("lim.both", { hours, cost })
      : hours
        ? msg("lim.deadline", { hours })
        : msg("lim.budget", { cost: cost ?? "" });
  if (l.met) return [msg("lim.met", { limits })];
  const out = [msg("lim.none", { limits })];
  const { fastest, cheapest } = l;
  if (fastest && fastest === cheapest) out.push(costed("lim.fastestCheapest", fastest, currency));
  else {
    if (fastest) out.push(costed("lim.fastest", fastest, currency));
    if (cheapest) out.push(costed("lim.cheapest", cheapest, currency));
  }
  for (const t of l.toMeet)
    out.push(
      t.kind === "more-gpus"
        ? costed(
            t.interNodeGbps === undefined ? "lim.more-gpus" : "lim.more-gpus-net",
            t.row,
            currency,
            {
              gbps: qty(t.interNodeGbps ?? null, undefined, 0),
            },
          )
        : t.kind === "other-gpu"
          ? costed("lim.other-gpu", t.row, currency)
          : t.kind === "longer-deadline"
            ? msg("lim.longer-deadline", { hours: qty(t.hours, "hours", 1) })
            : msg("lim.larger-budget", { cost: moneyMessage(t.cost, currency) }),
    );
  return out;
}
