/**
 * Cost against GPU count, one line per node option's GPU type (its per-GPU price and
 * scaling), as an SVG with the same figures in a table for screen readers and print.
 */
import type { Strings } from "../../i18n/format.ts";
import { num, tr } from "../../i18n/format.ts";

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

const W = 320;
const H = 160;
const PAD = 36;

export function CostChart({ counts, series, t, lang }: CostChartProps) {
  const max = Math.max(1, ...series.flatMap((s) => s.costs.filter(Number.isFinite)));
  const x = (i: number) => PAD + (i * (W - PAD - 8)) / Math.max(1, counts.length - 1);
  const y = (v: number) => H - 20 - (v / max) * (H - 30);
  return (
    <figure class="calc-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={tr(t, "k.chart")}>
        <line x1={PAD} y1={H - 20} x2={W - 4} y2={H - 20} stroke="currentColor" />
        <line x1={PAD} y1={8} x2={PAD} y2={H - 20} stroke="currentColor" />
        {[max, max / 2, 0].map((v) => (
          <text
            key={v}
            x={PAD - 4}
            y={y(v) + 3}
            font-size="9"
            text-anchor="end"
            fill="currentColor"
          >
            {num(lang, v, 0)}
          </text>
        ))}
        {counts.map((c, i) => (
          <text key={c} x={x(i)} y={H - 6} font-size="9" text-anchor="middle" fill="currentColor">
            {c}
          </text>
        ))}
        {series.map((s, k) => (
          <polyline
            key={s.label + k}
            fill="none"
            stroke={`var(--series-${(k % 7) + 1})`}
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
                    style={{ background: `var(--series-${(k % 7) + 1})` }}
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
