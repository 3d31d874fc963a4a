/**
 * Cost against GPU count, one line per node option's GPU type (its per-GPU price and
 * scaling), as an SVG with the same figures in a table for screen readers and print.
 */
import type { Strings } from "../../i18n/format.ts";
import { num, tr } from "../../i18n/format.ts";
import { seriesColour } from "./series-colour.ts";

export interface Series {
  label: string;
  /** Total cost at each count of `counts`. */
  costs: readonly number[];
}

export interface CostChartProps {
  counts: readonly number[];
  series: readonly Series[];
  t: Strings;
  lang: string;
}

const W = 340;
const H = 190;
/** Plot margins: left for the cost labels and the rotated axis title, bottom for counts and title. */
const L = 56;
const R = 10;
const T = 8;
const B = 38;

export function CostChart({ counts, series, t, lang }: CostChartProps) {
  const max = Math.max(1, ...series.flatMap((s) => s.costs.filter(Number.isFinite)));
  const x = (i: number) => L + (i * (W - L - R)) / Math.max(1, counts.length - 1);
  const y = (v: number) => H - B - (v / max) * (H - B - T);
  const midY = T + (H - B - T) / 2;
  return (
    <figure class="calc-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={tr(t, "k.chart")}>
        <line x1={L} y1={H - B} x2={W - R} y2={H - B} stroke="currentColor" />
        <line x1={L} y1={T} x2={L} y2={H - B} stroke="currentColor" />
        {[max, max / 2, 0].map((v) => (
          <text key={v} x={L - 4} y={y(v) + 3} font-size="9" text-anchor="end" fill="currentColor">
            {num(lang, v, 0)}
          </text>
        ))}
        {counts.map((c, i) => (
          <text
            key={c}
            x={x(i)}
            y={H - B + 12}
            font-size="9"
            text-anchor="middle"
            fill="currentColor"
          >
            {c}
          </text>
        ))}
        <text
          class="calc-axis-title"
          x={L + (W - L - R) / 2}
          y={H - 6}
          font-size="9"
          text-anchor="middle"
          fill="currentColor"
        >
          {tr(t, "k.axisGpus")}
        </text>
        <text
          class="calc-axis-title"
          x={10}
          y={midY}
          font-size="9"
          text-anchor="middle"
          fill="currentColor"
          transform={`rotate(-90 10 ${midY})`}
        >
          {tr(t, "k.axisCost")}
        </text>
        {series.map((s, k) => (
          <polyline
            key={s.label + k}
            fill="none"
            stroke={seriesColour(k)}
            stroke-width="2"
            points={s.costs.map((v, i) => `${x(i)},${y(Number.isFinite(v) ? v : 0)}`).join(" ")}
          />
        ))}
      </svg>
      <figcaption>{tr(t, "k.chart")}</figcaption>
      <div class="calc-scroll" tabIndex={0} role="region" aria-label={tr(t, "k.chart")}>
        <table class="calc-table">
          <thead>
            <tr>
              <th scope="col">{tr(t, "col.option")}</th>
              {counts.map((c) => (
                <th key={c} scope="col">
                  {tr(t, "col.nGpus", { count: c })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.map((s, k) => (
              <tr key={s.label + k}>
                <th scope="row">
                  <span
                    class="calc-swatch"
                    style={{ background: seriesColour(k) }}
                    aria-hidden="true"
                  />
                  {s.label}
                </th>
                {s.costs.map((v, i) => (
                  <td key={i}>{num(lang, v)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
