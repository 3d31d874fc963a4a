/**
 * Memory and utilisation over time for the shown GPU (warm-up shaded, steady window marked),
 * with a text summary and a table, so the figures are there for screen readers and in print;
 * the drawing itself is aria-hidden. Coordinates and labels come from the view store.
 */
import { useStore } from "@nanostores/preact";
import type { AnalyzerViews, Strings } from "../../stores/analyzer/views/index.ts";
import { LAYOUT as L } from "../../stores/analyzer/views/timeline.ts";

const KEYS = [
  ["an-key-mem", "axis.mem"],
  ["an-key-util", "axis.util"],
  ["an-key-warmup", "legend.warmup"],
  ["an-key-steady", "legend.steady"],
] as const;

export function Timeline({ v, t }: { v: AnalyzerViews; t: Strings }) {
  const c = useStore(v.timeline);
  if (!c) return null;
  const { memTitle: mt, utilTitle: ut } = L;
  return (
    <figure class="an-figure" aria-labelledby={c.id}>
      <svg class="an-chart" viewBox={L.viewBox} aria-hidden="true" focusable="false">
        {c.warmup && (
          <rect
            class="an-warmup"
            x={c.warmup.x}
            y={L.plotTop}
            width={c.warmup.width}
            height={L.plotHeight}
          />
        )}
        {c.steady && (
          <rect
            class="an-steady"
            x={c.steady.x}
            y={L.plotTop}
            width={c.steady.width}
            height={L.plotHeight}
          />
        )}
        {c.memTicks.map((k) => (
          <g key={`m${k.label}`}>
            <line class="an-grid" x1={L.plotLeft} x2={L.plotRight} y1={k.at} y2={k.at} />
            <text x={L.memLabelX} y={k.labelAt} text-anchor="end">
              {k.label}
            </text>
          </g>
        ))}
        {c.utilTicks.map((k) => (
          <text key={`u${k.label}`} x={L.utilLabelX} y={k.labelAt}>
            {k.label}
          </text>
        ))}
        {c.timeTicks.map((k) => (
          <text key={`t${k.label}`} x={k.at} y={L.timeLabelY} text-anchor="middle">
            {k.label}
          </text>
        ))}
        <polyline class="an-util" points={c.utilPoints} />
        <polyline class="an-mem" points={c.memPoints} />
        <text x={L.timeTitle.x} y={L.timeTitle.y} text-anchor="middle">
          {t["axis.time"]}
        </text>
        <text x={mt.x} y={mt.y} text-anchor="middle" transform={mt.turn}>
          {t["axis.mem"]}
        </text>
        <text x={ut.x} y={ut.y} text-anchor="middle" transform={ut.turn}>
          {t["axis.util"]}
        </text>
      </svg>
      <ul class="an-legend">
        {KEYS.map(([cls, key]) => (
          <li key={key}>
            <span class={`an-key ${cls}`} aria-hidden="true" />
            {t[key]}
          </li>
        ))}
      </ul>
      <figcaption id={c.id} data-testid="timeline-summary">
        {c.summary}
      </figcaption>
      <details>
        <summary>{c.tableTitle}</summary>
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
              {c.rows.map((r) => (
                <tr key={r.key}>
                  <td>{r.time}</td>
                  <td>{r.mem}</td>
                  <td>{r.util}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
