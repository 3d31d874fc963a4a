/**
 * SVG charts of one GPU: memory and utilisation over time (warm-up shaded, steady window
 * marked) and the utilisation histogram. Each comes with a text summary and a table, so the
 * figures are there for screen readers and in print; the drawings themselves are aria-hidden.
 */
import type { GpuAnalysis } from "../../run-log/analysis.ts";
import type { TimelinePoint } from "../../run-log/timeline.ts";
import type { Strings } from "../../i18n/format.ts";
import { num, tr } from "../../i18n/format.ts";

const W = 640;
const H = 220;
const L = 64;
const R = 48;
const T = 10;
const B = 40;
const PW = W - L - R;
const PH = H - T - B;

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
export function ticksCovering(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const step = roundStep(max, 5);
  const out: number[] = [0];
  while ((out[out.length - 1] as number) < max - 1e-9) out.push(out.length * step);
  return out;
}

interface TimelineProps {
  g: GpuAnalysis;
  points: TimelinePoint[];
  table: TimelinePoint[];
  duration: number;
  t: Strings;
  lang: string;
}

export function Timeline({ g, points, table, duration, t, lang }: TimelineProps) {
  const n = (v: number | null, d?: number) => num(lang, v, d);
  const span = duration > 0 ? duration : 1;
  const memMax = Math.max(g.memoryTotalMiB ?? 0, g.peakMemoryMiB, 1);
  const memTicks = ticksCovering(memMax);
  const memTop = memTicks[memTicks.length - 1] ?? memMax;
  const x = (s: number) => L + (Math.min(Math.max(s, 0), span) / span) * PW;
  const yMem = (m: number) => T + PH - (m / memTop) * PH;
  const yUtil = (u: number) => T + PH - (u / 100) * PH;
  const line = (f: (p: TimelinePoint) => number | null, y: (v: number) => number) =>
    points
      .map((p) => [p.seconds, f(p)] as const)
      .filter((q): q is readonly [number, number] => q[1] !== null && Number.isFinite(q[0]))
      .map(([s, v]) => `${x(s).toFixed(1)},${y(v).toFixed(1)}`)
      .join(" ");
  const st = g.steady;
  const util = g.meanUtilSteadyPct;
  const summary = st.found
    ? tr(t, "chart.summary", {
        gpu: g.index,
        warmup: n(st.warmupSeconds, 0),
        start: n(st.startSeconds, 0),
        end: n(st.endSeconds, 0),
        window: n(st.windowSeconds, 0),
        peak: n(g.peakMemoryMiB, 0),
        peakAt: n(g.peakAtSeconds, 0),
        util: n(util, 0),
      })
    : tr(t, "chart.noSteady", {
        gpu: g.index,
        window: n(duration, 0),
        peak: n(g.peakMemoryMiB, 0),
        peakAt: n(g.peakAtSeconds, 0),
        util: n(g.meanUtilPct, 0),
      });
  const capId = `an-tl-cap-${g.index}`;
  return (
    <figure class="an-figure" aria-labelledby={capId}>
      <svg class="an-chart" viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
        {st.found && st.startSeconds > 0 && (
          <rect class="an-warmup" x={L} y={T} width={x(st.startSeconds) - L} height={PH} />
        )}
        {st.found && (
          <rect
            class="an-steady"
            x={x(st.startSeconds)}
            y={T}
            width={Math.max(0, x(st.endSeconds) - x(st.startSeconds))}
            height={PH}
          />
        )}
        {memTicks.map((v) => (
          <g key={`m${v}`}>
            <line class="an-grid" x1={L} x2={L + PW} y1={yMem(v)} y2={yMem(v)} />
            <text x={L - 4} y={yMem(v) + 4} text-anchor="end">
              {n(v, 0)}
            </text>
          </g>
        ))}
        {[0, 50, 100].map((u) => (
          <text key={`u${u}`} x={L + PW + 4} y={yUtil(u) + 4}>
            {u}
          </text>
        ))}
        {ticksWithin(span).map((s) => (
          <text key={`t${s}`} x={x(s)} y={T + PH + 14} text-anchor="middle">
            {n(s, 0)}
          </text>
        ))}
        <polyline class="an-util" points={line((p) => p.utilizationPctMean, yUtil)} />
        <polyline class="an-mem" points={line((p) => p.memoryUsedMiBMax, yMem)} />
        <text x={L + PW / 2} y={H - 4} text-anchor="middle">
          {t["axis.time"]}
        </text>
        <text x={12} y={T + PH / 2} text-anchor="middle" transform={`rotate(-90 12 ${T + PH / 2})`}>
          {t["axis.mem"]}
        </text>
        <text
          x={W - 8}
          y={T + PH / 2}
          text-anchor="middle"
          transform={`rotate(90 ${W - 8} ${T + PH / 2})`}
        >
          {t["axis.util"]}
        </text>
      </svg>
      <ul class="an-legend">
        <li>
          <span class="an-key an-key-mem" aria-hidden="true" />
          {t["axis.mem"]}
        </li>
        <li>
          <span class="an-key an-key-util" aria-hidden="true" />
          {t["axis.util"]}
        </li>
        <li>
          <span class="an-key an-key-warmup" aria-hidden="true" />
          {t["legend.warmup"]}
        </li>
        <li>
          <span class="an-key an-key-steady" aria-hidden="true" />
          {t["legend.steady"]}
        </li>
      </ul>
      <figcaption id={capId} data-testid="timeline-summary">
        {summary}
      </figcaption>
      <details>
        <summary>{tr(t, "chart.table", { n: table.length })}</summary>
        <div class="calc-scroll" tabIndex={0} role="region" aria-label={t["chart.h"]}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t["col.time"]}</th>
                <th scope="col">{t["col.memMax"]}</th>
                <th scope="col">{t["col.utilMean"]}</th>
              </tr>
            </thead>
            <tbody>
              {table.map((p) => (
                <tr key={p.seconds}>
                  <td>{n(p.seconds, 0)}</td>
                  <td>{n(p.memoryUsedMiBMax, 0)}</td>
                  <td>{n(p.utilizationPctMean, 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

export function Histogram({ g, t, lang }: { g: GpuAnalysis; t: Strings; lang: string }) {
  const buckets = g.utilHistogramSteady;
  const top = Math.max(...buckets.map((b) => b.share), 0.01);
  const bw = 300 / Math.max(1, buckets.length);
  return (
    <div class="an-hist">
      <h4>{t["hist.h"]}</h4>
      <svg class="an-chart an-hist-svg" viewBox="0 0 320 130" aria-hidden="true" focusable="false">
        {buckets.map((b, i) => {
          const h = (b.share / top) * 100;
          return (
            <g key={b.fromPct}>
              <rect class="an-bar" x={10 + i * bw + 2} y={110 - h} width={bw - 4} height={h} />
              <text x={10 + i * bw + bw / 2} y={124} text-anchor="middle">
                {b.fromPct}
              </text>
            </g>
          );
        })}
      </svg>
      <div class="calc-scroll" tabIndex={0} role="region" aria-label={t["hist.h"]}>
        <table>
          <caption>{t["hist.h"]}</caption>
          <thead>
            <tr>
              <th scope="col">{t["col.bucket"]}</th>
              <th scope="col">{t["col.samples"]}</th>
              <th scope="col">{t["col.share"]}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={b.fromPct}>
                <td>{`${b.fromPct}–${b.toPct}`}</td>
                <td>{n0(lang, b.samples)}</td>
                <td>{num(lang, b.share * 100, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
const n0 = (lang: string, v: number) => num(lang, v, 0);
