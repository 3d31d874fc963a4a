/**
 * Opening a plan row on a detailed page, as that row: the total-cost page with its GPUs,
 * price and billed hours, the inference page at a served row's GPU, group and users per
 * copy, or the training-memory page at a training row's GPU, count and sharding. What sets
 * the stores loads on the first click; the page opens once they are set, and reads them
 * from storage like any other visit. A failed load still opens the page.
 */
import type { PlanRow } from "../estimate/plan/row.ts";
import { lazy } from "./lazy.ts";
import type { RowPage } from "./row-state.ts";

const rowState = lazy(() => import("./row-state.ts"));

/** A link's click: the page opens once its stores are set, not before. */
export function openRow(e: Event, row: PlanRow, page: RowPage, href: string): void {
  e.preventDefault();
  void rowState
    .load()
    .then((m) => m?.setFromRow(row, page))
    .finally(() => window.location.assign(href));
}
