/**
 * The timeline chart of one GPU as drawn: memory and utilisation over time in SVG
 * coordinates (warm-up shaded, steady window marked), its axis labels, a text summary and a
 * short table for screen readers and print.
 */
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import type { TimelinePoint } from "../../../run-log/timeline.ts";
import type { ShownGpu } from "../../../workers/analyzer/protocol.ts";

/** The drawing's box and plot margins, in SVG units. */
const BOX = { w: 640, h: 220, left: 64, right: 48, top: 10, bottom: 40 };
const PW = BOX.w - BOX.left - BOX.right;
const PH = BOX.h - BOX.top - BOX.bottom;
/** Where the drawing's fixed parts sit: the plot, the axes' labels and titles. */
export const LAYOUT = {
  viewBox: `0 0 ${BOX.w} ${BOX.h}`,
  plotLeft: BOX.left,
  plotRight: BOX.left + PW,
  plotTop: BOX.top,
  plotHeight: PH,
  /** Memory labels end left of the plot; utilisation labels start right of it. */
  memLabelX: BOX.left - 4,
  utilLabelX: BOX.left + PW + 4,
  timeLabelY: BOX.top + PH + 14,
  timeTitle: { x: BOX.left + PW / 2, y: BOX.h - 4 },
  /** The vertical axes' titles, turned to run along their axes. */
  memTitle: { x: 12, y: BOX.top + PH / 2, turn: `rotate(-90 12 ${BOX.top + PH / 2})` },
  utilTitle: {
    x: BOX.w - 8,
    y: BOX.top + PH / 2,
    turn: `rotate(90 ${BOX.w - 8} ${BOX.top + PH / 2})`,
  },
};

/** A round step (1, 2, 2.5 or 5 × 10^k) that splits `max` into at most `steps` parts. */
function roundStep(max: number, steps: number): number {
  const raw = max / steps;
  const p = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5, 10].find((m) => m * p >= raw) ?? 10) * p;
}

/** Ticks 0, step, ... up to `max` at most: labels along an axis whose end is fixed (time). */
function ticksWithin(max: number): number[] {
  if (!(max > 0)) return [0];
  const step = roundStep(max, 4);
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(v);
  return out;
}

/**
 * Ticks 0, step, ... to the first one at or above `max`: the axis ends on a round value that
 * holds every point, so a peak of 23,000 MiB is never drawn above a top label of 20,000.
 */
function ticksCovering(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const step = roundStep(max, 5);
  const out: number[] = [0];
  while ((out[out.length - 1] as number) < max - 1e-9) out.push(out.length * step);
  return out;
}

export interface Tick {
  at: number;
  /** Where a label beside a horizontal grid line sits: just below the line. */
  labelAt: number;
  label: string;
}

const tick = (at: number, label: string): Tick => ({ at, labelAt: at + 4, label });

export interface TimelineView {
  id: string;
  warmup: { x: number; width: number } | null;
  steady: { x: number; width: number } | null;
  memTicks: Tick[];
  utilTicks: Tick[];
  timeTicks: Tick[];
  memPoints: string;
  utilPoints: string;
  summary: string;
  tableTitle: string;
  rows: { key: number; time: string; mem: string; util: string }[];
}

export function timelineView(
  g: ShownGpu,
  points: readonly TimelinePoint[],
  table: readonly TimelinePoint[],
  duration: number,
  t: Strings,
  lang: string,
): TimelineView {
  const n = (v: number | null, d?: number) => num(lang, v, d);
  const span = duration > 0 ? duration : 1;
  const memTicks = ticksCovering(Math.max(g.memoryTotalMiB ?? 0, g.peakMemoryMiB, 1));
  const memTop = memTicks[memTicks.length - 1] as number;
  const x = (s: number) => BOX.left + (Math.min(Math.max(s, 0), span) / span) * PW;
  const yMem = (m: number) => BOX.top + PH - (m / memTop) * PH;
  const yUtil = (u: number) => BOX.top + PH - (u / 100) * PH;
  const line = (f: (p: TimelinePoint) => number | null, y: (v: number) => number) => {
    const out: string[] = [];
    for (const p of points) {
      const v = f(p);
      if (v !== null && Number.isFinite(p.seconds))
        out.push(`${x(p.seconds).toFixed(1)},${y(v).toFixed(1)}`);
    }
    return out.join(" ");
  };
  const st = g.steady;
  const common = {
    gpu: g.index,
    peak: n(g.peakMemoryMiB, 0),
    peakAt: n(g.peakAtSeconds, 0),
  };
  return {
    id: `an-tl-cap-${g.index}`,
    warmup:
      st.found && st.startSeconds > 0
        ? { x: BOX.left, width: x(st.startSeconds) - BOX.left }
        : null,
    steady: st.found
      ? { x: x(st.startSeconds), width: Math.max(0, x(st.endSeconds) - x(st.startSeconds)) }
      : null,
    memTicks: memTicks.map((v) => tick(yMem(v), n(v, 0))),
    utilTicks: [0, 50, 100].map((u) => tick(yUtil(u), n(u, 0))),
    timeTicks: ticksWithin(span).map((s) => tick(x(s), n(s, 0))),
    memPoints: line((p) => p.memoryUsedMiBMax, yMem),
    utilPoints: line((p) => p.utilizationPctMean, yUtil),
    summary: st.found
      ? tr(t, "chart.summary", {
          ...common,
          warmup: n(st.warmupSeconds, 0),
          start: n(st.startSeconds, 0),
          end: n(st.endSeconds, 0),
          window: n(st.windowSeconds, 0),
          util: n(g.meanUtilSteadyPct, 0),
        })
      : tr(t, "chart.noSteady", { ...common, window: n(duration, 0), util: n(g.meanUtilPct, 0) }),
    tableTitle: tr(t, "chart.table", { n: table.length }),
    rows: table.map((p) => ({
      key: p.seconds,
      time: n(p.seconds, 0),
      mem: n(p.memoryUsedMiBMax, 0),
      util: n(p.utilizationPctMean, 0),
    })),
  };
}
