/** A plan row's verdict and cost in words, as the decision table and the front door say them. */
import type { PlanRow } from "../../estimate/plan-row.ts";
import type { Msg } from "../../i18n/text.ts";
import { msg } from "../../i18n/text.ts";

/** What the workload needs of that GPU (its fewest count). */
export const verdictMessage = (r: PlanRow): Msg =>
  msg(`verdict.${r.verdict}`, {
    gpus: r.fewestGpus,
    nodes: r.fewestNodes,
    perNode: r.gpusPerNode,
  });

/** A row's cost, marked when it rests on a price the user entered (never on a reference). */
export const costMessage = (r: PlanRow, cost: Msg): Msg =>
  r.priceSource === "request" ? msg("fd.yourCost", { cost }) : cost;
