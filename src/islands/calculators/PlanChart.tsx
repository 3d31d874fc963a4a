/**
 * The decision table's options as a chart (`stores/views/plan-chart.ts`), drawn as SVG: one
 * dot per option, its option, hours and cost as the dot's title; the cheapest and the fastest
 * marked and named, behind a disclosure; the table holds the same figures.
 */
import type { Msg, Say } from "../../i18n/text.ts";
import type { PlanChartView } from "../../stores/views/plan-chart.ts";

export function PlanChart({ v, s }: { v: PlanChartView | { none: Msg }; s: Say }) {
  if ("none" in v) return <p>{s(v.none)}</p>;
  const label = s(v.label);
  return (
    <figure class="calc-chart" data-chart="plan">
      <svg viewBox={v.viewBox} role="img" aria-label={label}>
        <path d={v.axes} fill="none" stroke="currentColor" />
        <path d={v.leaders} fill="none" stroke="currentColor" stroke-dasharray="2 2" />
        {v.texts.map((t, i) => (
          <text
            key={i}
            x={t.x}
            y={t.y}
            font-size={v.fontSize}
            text-anchor={t.anchor}
            fill="currentColor"
            transform={t.rotate}
          >
            {s(t.text)}
          </text>
        ))}
        {v.dots.map((d) => (
          <circle
            key={d.key}
            cx={d.x}
            cy={d.y}
            r={d.mark ? 5 : 3}
            class={d.mark ? "calc-dot calc-dot-mark" : "calc-dot"}
            data-gpu={d.key}
            data-mark={d.mark ?? undefined}
          >
            <title>{s(d.title)}</title>
          </circle>
        ))}
      </svg>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
