/** A plan row's verdict in words, as the decision table and the front door say it. */
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
