/**
 * The decision table's options as a picture: billed hours across, cost up, both on log
 * scales (the options span a hundredfold in each), one dot per GPU at its row's count, the
 * cheapest and the fastest marked and named. Laid out here, so the island only draws it;
 * loaded with its drawing (`PlanChart.tsx`) when a reader asks for it.
 */
import type { PlanRow } from "../../estimate/plan/row.ts";
import type { Msg, Text } from "../../i18n/text.ts";
import { msg, qty } from "../../i18n/text.ts";
import { moneyMessage, optionMessage } from "./plan-rows.ts";

const W = 340;
const H = 230;
/** Margins: left for the cost labels and the rotated axis title, bottom for hours and title. */
const L = 52;
const R = 14;
const T = 14;
const B = 36;

export type ChartMark = "cheapest" | "fastest" | "both";

export interface PlanChartView {
  viewBox: string;
  /** What the chart says, for its caption and its accessible name. */
  label: Msg;
  /** The two axes as one SVG path. */
  axes: string;
  texts: {
    x: number;
    y: number;
    text: Text;
    anchor: "start" | "middle" | "end";
    rotate?: string;
  }[];
  dots: { key: string; x: number; y: number; mark: ChartMark | null; title: Msg }[];
}

/** A log scale over [lo, hi] onto [from, to]; one value alone sits in the middle. */
function logScale(values: readonly number[], from: number, to: number) {
  const lo = Math.log(Math.min(...values));
  const hi = Math.log(Math.max(...values));
  const span = hi - lo;
  return (v: number) =>
    span > 0 ? from + ((Math.log(v) - lo) / span) * (to - from) : (from + to) / 2;
}

/** Why there is no chart when fewer than two options have both hours and a cost to place. */
export function planChart(
  rows: readonly PlanRow[],
  currency: string,
): PlanChartView | { none: Msg } {
  const placed = rows.filter(
    (r): r is PlanRow & { hours: number; cost: number } =>
      r.verdict !== "does-not-fit" && (r.hours ?? 0) > 0 && (r.cost ?? 0) > 0,
  );
  if (placed.length < 2) return { none: msg("gf.chartNone") };
  const hours = placed.map((r) => r.hours);
  const costs = placed.map((r) => r.cost);
  const x = logScale(hours, L, W - R);
  const y = logScale(costs, H - B, T);
  // The first of equals, in the plan's order.
  const cheapest = placed.reduce((a, b) => (b.cost < a.cost ? b : a));
  const fastest = placed.reduce((a, b) => (b.hours < a.hours ? b : a));
  const money = (n: number) => moneyMessage(n, currency);
  const h = (n: number) => qty(n, "hours", 1);
  const amount = (n: number) => qty(n, undefined, n < 100 ? 2 : 0);
  const lo = { hours: Math.min(...hours), cost: Math.min(...costs) };
  const hi = { hours: Math.max(...hours), cost: Math.max(...costs) };
  const named = (r: PlanRow, key: string) => {
    const dx = x(r.hours!) > W / 2 ? -7 : 7;
    return {
      x: x(r.hours!) + dx,
      y: y(r.cost!) - 7,
      text: msg(key, { option: optionMessage(r) }),
      anchor: dx < 0 ? ("end" as const) : ("start" as const),
    };
  };
  const midY = T + (H - B - T) / 2;
  return {
    viewBox: `0 0 ${W} ${H}`,
    label: msg("gf.chartLabel", {
      cheapest: optionMessage(cheapest),
      cost: money(cheapest.cost),
      fastest: optionMessage(fastest),
      hours: h(fastest.hours),
    }),
    axes: `M${L} ${T}V${H - B}H${W - R}`,
    texts: [
      // The currency is the axis title's.
      { x: L - 4, y: H - B, text: amount(lo.cost), anchor: "end" },
      { x: L - 4, y: T + 8, text: amount(hi.cost), anchor: "end" },
      { x: L, y: H - B + 12, text: h(lo.hours), anchor: "start" },
      { x: W - R, y: H - B + 12, text: h(hi.hours), anchor: "end" },
      { x: L + (W - L - R) / 2, y: H - 6, text: msg("gf.chartHours"), anchor: "middle" },
      {
        x: 10,
        y: midY,
        text: msg("gf.chartCost", { currency }),
        anchor: "middle",
        rotate: `rotate(-90 10 ${midY})`,
      },
      ...(cheapest === fastest
        ? [named(cheapest, "gf.chartBoth")]
        : [named(cheapest, "gf.chartCheapest"), named(fastest, "gf.chartFastest")]),
    ],
    dots: placed.map((r) => ({
      key: r.gpu,
      x: x(r.hours),
      y: y(r.cost),
      mark:
        r === cheapest && r === fastest
          ? "both"
          : r === cheapest
            ? "cheapest"
            : r === fastest
              ? "fastest"
              : null,
      title: msg("gf.chartDot", {
        option: optionMessage(r),
        hours: h(r.hours),
        cost: money(r.cost),
      }),
    })),
  };
}
