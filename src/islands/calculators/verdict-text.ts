/** A plan row's verdict in words: what the workload needs of that GPU (its fewest count). */
import type { PlanRow } from "../../estimate/plan-row.ts";
import type { Strings } from "../../i18n/format.ts";
import { tr } from "../../i18n/format.ts";

export const verdictText = (r: PlanRow, t: Strings): string =>
  tr(t, `verdict.${r.verdict}`, {
    gpus: r.fewestGpus,
    nodes: r.fewestNodes,
    perNode: r.gpusPerNode,
  });
