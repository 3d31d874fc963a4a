/**
 * Whether the decision table's chart is open: page-local, so every visit opens with it
 * closed. The chart is drawn only while it is open, so a page carries none of it (about
 * 1.6 kB of markup, gzipped) until a reader asks for it.
 */
import { atom } from "nanostores";

export const $planChartOpen = atom(false);

export function setPlanChartOpen(open: boolean): void {
  $planChartOpen.set(open);
}
