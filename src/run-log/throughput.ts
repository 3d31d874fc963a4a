/**
 * Effective throughput: work done per second over the steady window, from the user's own
 * count or the probe's progress log. The seed (000_b78667d6c2b187ba, "第二步：记录有效吞吐")
 * measures it after warm-up; a count over the whole run says so (`throughput-includes-warmup`).
 */
import type { Finding } from "./findings.ts";
import { SECONDS_PER_HOUR } from "../estimate/units.ts";
import { safeDiv } from "./ratio.ts";
import { finite } from "./stats.ts";
import type { ProgressPoint } from "./types.ts";

export interface WorkDone {
  amount: number;
  /** Free text shown back to the user: "samples", "tokens", "frames"... */
  unit: string;
  /** Whether `amount` was done in the steady window or over the whole run. */
  scope: "steady-window" | "whole-run";
}

export interface Throughput {
  source: "user" | "log";
  unit: string;
  amount: number;
  seconds: number;
  perSecond: number;
  perHour: number;
  scope: "steady-window" | "whole-run";
}

export interface ThroughputOptions {
  workDone?: WorkDone | undefined;
  /** Cumulative progress points (the probe's progress log); used when `workDone` is absent. */
  progress?: readonly ProgressPoint[];
  progressUnit?: string;
}

/** Epoch seconds of a run's steady window and of the run itself. */
export interface RunSpan {
  steadyStart: number;
  steadyEnd: number;
  runStart: number;
  runEnd: number;
}

/** Cumulative progress at `epoch`, linearly interpolated; null outside the points' span. */
function progressAt(points: readonly ProgressPoint[], epoch: number): number | null {
  if (points.length === 0) return null;
  const first = points[0] as ProgressPoint;
  const last = points[points.length - 1] as ProgressPoint;
  if (epoch < first.epochSeconds || epoch > last.epochSeconds) return null;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as ProgressPoint;
    const b = points[i] as ProgressPoint;
    if (epoch <= b.epochSeconds)
      return (
        a.done +
        (b.done - a.done) * safeDiv(epoch - a.epochSeconds, b.epochSeconds - a.epochSeconds, 0)
      );
  }
  return last.done;
}

function build(
  source: Throughput["source"],
  unit: string,
  amount: number,
  seconds: number,
  scope: Throughput["scope"],
): Throughput | null {
  if (!(seconds > 0) || !Number.isFinite(amount) || amount < 0) return null;
  const perSecond = finite(amount / seconds);
  return {
    source,
    unit,
    amount,
    seconds,
    perSecond,
    perHour: finite(perSecond * SECONDS_PER_HOUR),
    scope,
  };
}

/** Effective throughput from the user's work count or the log's progress points. */
export function effectiveThroughput(span: RunSpan, opts: ThroughputOptions): Throughput | null {
  const { steadyStart, steadyEnd } = span;
  if (opts.workDone) {
    const w = opts.workDone;
    const seconds =
      w.scope === "steady-window" ? steadyEnd - steadyStart : span.runEnd - span.runStart;
    return build("user", w.unit, w.amount, seconds, w.scope);
  }
  const pts = opts.progress
    ? [...opts.progress]
        .filter((p) => Number.isFinite(p.epochSeconds) && Number.isFinite(p.done))
        .sort((a, b) => a.epochSeconds - b.epochSeconds)
    : [];
  if (pts.length < 2) return null;
  const unit = opts.progressUnit ?? "";
  const a = progressAt(pts, steadyStart);
  const b = progressAt(pts, steadyEnd);
  if (a !== null && b !== null && steadyEnd > steadyStart)
    return build("log", unit, b - a, steadyEnd - steadyStart, "steady-window");
  const p0 = pts[0] as ProgressPoint;
  const p1 = pts[pts.length - 1] as ProgressPoint;
  return build("log", unit, p1.done - p0.done, p1.epochSeconds - p0.epochSeconds, "whole-run");
}

/** A throughput counted over the whole run understates the steady rate: say so. */
export function throughputFindings(t: Throughput | null): Finding[] {
  return t && t.scope === "whole-run"
    ? [
        {
          code: "throughput-includes-warmup",
          severity: "info",
          gpuIndex: null,
          params: { seconds: t.seconds },
        },
      ]
    : [];
}
