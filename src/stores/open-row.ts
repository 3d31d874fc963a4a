/**
 * Opening a plan row on a detailed page, as that row: the total-cost page with its GPUs,
 * price and billed hours, the inference page at a served row's GPU, group and users per
 * copy, or the training-memory page at a training row's GPU, count and sharding. The page
 * opens once the stores are set, and reads them from storage like any other visit; a
 * failure to set them (the engine did not load) still opens the page.
 */
import type { PlanRow } from "../estimate/plan/row.ts";
import type { RowPage } from "./row-state.ts";
import { setFromRow } from "./row-state.ts";

/** A link's click: the page opens once its stores are set, not before. */
export function openRow(e: Event, row: PlanRow, page: RowPage, href: string): void {
  e.preventDefault();
  void setFromRow(row, page).finally(() => window.location.assign(href));
}
