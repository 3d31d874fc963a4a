/**
 * The cost comparison's chart: total cost against GPU count, one line per node option's
 * GPU type, laid out here (axes, ticks, lines) so the island only draws it; the same
 * figures go in a table beside it for screen readers and print.
 */
import type { Qty, Text } from "../../i18n/text.ts";
import { msg, qty } from "../../i18n/text.ts";
import { seriesColour } from "./series-colour.ts";

const W = 340;
const H = 190;
/** Plot margins: left for the cost labels and the rotated axis title, bottom for counts and title. */
const L = 56;
const R = 10;
const T = 8;
const B = 38;

export interface ChartView {
  viewBox: string;
  title: Text;
  /** The plot's corner and ends: the axes run from (left, bottom) to (right, top). */
  axes: { left: number; right: number; top: number; bottom: number };
  yTicks: { y: number; label: Qty }[];
  xTicks: { x: number; y: number; label: string }[];
  xTitle: { x: number; y: number; text: Text };
  yTitle: { x: number; y: number; text: Text; rotate: string };
  lines: { key: string; colour: string; points: string }[];
  table: {
    columns: Text[];
    rows: { key: string; label: Text; colour: string; cells: Qty[] }[];
  };
}

export function chartView(
  counts: readonly number[],
  series: readonly { label: Text; costs: readonly number[] }[],
  currency: string,
): ChartView {
  const max = Math.max(1, ...series.flatMap((s) => s.costs.filter(Number.isFinite)));
  const x = (i: number) => L + (i * (W - L - R)) / Math.max(1, counts.length - 1);
  const y = (v: number) => H - B - (v / max) * (H - B - T);
  const midY = T + (H - B - T) / 2;
  return {
    viewBox: `0 0 ${W} ${H}`,
    title: msg("k.chart"),
    axes: { left: L, right: W - R, top: T, bottom: H - B },
    yTicks: [max, max / 2, 0].map((v) => ({ y: y(v) + 3, label: qty(v, undefined, 0) })),
    xTicks: counts.map((c, i) => ({ x: x(i), y: H - B + 12, label: String(c) })),
    xTitle: { x: L + (W - L - R) / 2, y: H - 6, text: msg("k.axisGpus") },
    yTitle: {
      x: 10,
      y: midY,
      text: msg("k.axisCost", { currency }),
      rotate: `rotate(-90 10 ${midY})`,
    },
    lines: series.map((s, k) => ({
      key: `${k}`,
      colour: seriesColour(k),
      points: s.costs.map((v, i) => `${x(i)},${y(Number.isFinite(v) ? v : 0)}`).join(" "),
    })),
    table: {
      columns: [msg("col.option"), ...counts.map((c) => msg("col.nGpus", { count: c }))],
      rows: series.map((s, k) => ({
        key: `${k}`,
        label: s.label,
        colour: seriesColour(k),
        cells: s.costs.map((v) => qty(v)),
      })),
    },
  };
}
