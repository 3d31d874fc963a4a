/**
 * The decision table's options as a picture: billed hours across, cost up, both on log
 * scales (the options span a hundredfold in each), one dot per GPU at its row's count, the
 * cheapest and the fastest marked and named. Laid out here, so the island only draws it;
 * loaded with its drawing (`PlanChart.tsx`) when a reader asks for it.
 */
import type { PlanRow } from "../../estimate/plan/row.ts";
import type { MessageKey, Msg, Text } from "../../i18n/text.ts";
import { msg, qty } from "../../i18n/text.ts";
import { moneyMessage, optionMessage } from "./plan-rows.ts";

const W = 340;
const H = 262;
/** The labels' size, in the chart's units (a phone draws it at about its CSS pixels). */
export const CHART_FONT = 11;
/**
 * Margins: left for the cost labels and the rotated axis title, bottom for hours and title,
 * top for the two named options, each on its own line so they never overlap each other or
 * an axis label, with a thin line down to its dot.
 */
const L = 64;
const R = 14;
const T = 40;
const B = 40;
const ROWS = [15, 30] as const;
/** The named options' distance from the picture's edge. */
const EDGE = 4;

export type ChartMark = "cheapest" | "fastest" | "both";

export interface PlanChartView {
  viewBox: string;
  /** What the chart says, for its caption and its accessible name. */
  label: Msg;
  /** The two axes as one SVG path. */
  axes: string;
  /** Lines from the named options' labels down to their dots, as one SVG path. */
  leaders: string;
  fontSize: number;
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
  // Each named option on its own line above the plot, from the edge on its dot's side, so
  // the whole width is there for a long name.
  const named = (r: PlanRow & { hours: number }, key: MessageKey, row: number) => {
    const end = x(r.hours) > W / 2;
    return {
      x: end ? W - EDGE : EDGE,
      y: row,
      text: msg(key, { option: optionMessage(r) }),
      anchor: end ? ("end" as const) : ("start" as const),
    };
  };
  const leader = (r: PlanRow & { hours: number; cost: number }, row: number) =>
    `M${x(r.hours)} ${row + 3}V${y(r.cost) - 6}`;
  const marked = cheapest === fastest ? [cheapest] : [cheapest, fastest];
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
    leaders: marked.map((r, i) => leader(r, ROWS[i] ?? ROWS[0])).join(""),
    fontSize: CHART_FONT,
    texts: [
      // The currency is the axis title's.
      { x: L - 4, y: H - B, text: amount(lo.cost), anchor: "end" },
      { x: L - 4, y: T + 9, text: amount(hi.cost), anchor: "end" },
      { x: L, y: H - B + 14, text: h(lo.hours), anchor: "start" },
      { x: W - R, y: H - B + 14, text: h(hi.hours), anchor: "end" },
      { x: L + (W - L - R) / 2, y: H - 5, text: msg("gf.chartHours"), anchor: "middle" },
      {
        x: 10,
        y: midY,
        text: msg("gf.chartCost", { currency }),
        anchor: "middle",
        rotate: `rotate(-90 10 ${midY})`,
      },
      ...(cheapest === fastest
        ? [named(cheapest, "gf.chartBoth", ROWS[0])]
        : [
            named(cheapest, "gf.chartCheapest", ROWS[0]),
            named(fastest, "gf.chartFastest", ROWS[1]),
          ]),
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
