/**
 * Cost against GPU count, one line per node option's GPU type, as an SVG laid out by its
 * view, with the same figures in a table for screen readers and print.
 */
import type { Say } from "../../i18n/text.ts";
import type { ChartView } from "../../stores/views/cost-chart.ts";

export function CostChart({ v, s }: { v: ChartView; s: Say }) {
  const { left, right, top, bottom } = v.axes;
  const title = s(v.title);
  return (
    <figure class="calc-chart">
      <svg viewBox={v.viewBox} role="img" aria-label={title}>
        <line x1={left} y1={bottom} x2={right} y2={bottom} stroke="currentColor" />
        <line x1={left} y1={top} x2={left} y2={bottom} stroke="currentColor" />
        {v.yTicks.map((tick) => (
          <text
            key={tick.y}
            x={left - 4}
            y={tick.y}
            font-size="9"
            text-anchor="end"
            fill="currentColor"
          >
            {s(tick.label)}
          </text>
        ))}
        {v.xTicks.map((tick) => (
          <text
            key={tick.x}
            x={tick.x}
            y={tick.y}
            font-size="9"
            text-anchor="middle"
            fill="currentColor"
          >
            {tick.label}
          </text>
        ))}
        <text
          class="calc-axis-title"
          x={v.xTitle.x}
          y={v.xTitle.y}
          font-size="9"
          text-anchor="middle"
          fill="currentColor"
        >
          {s(v.xTitle.text)}
        </text>
        <text
          class="calc-axis-title"
          x={v.yTitle.x}
          y={v.yTitle.y}
          font-size="9"
          text-anchor="middle"
          fill="currentColor"
          transform={v.yTitle.rotate}
        >
          {s(v.yTitle.text)}
        </text>
        {v.lines.map((line) => (
          <polyline
            key={line.key}
            fill="none"
            stroke={line.colour}
            stroke-width="2"
            points={line.points}
          />
        ))}
      </svg>
      <figcaption>{title}</figcaption>
      <div class="calc-scroll" tabIndex={0} role="region" aria-label={title}>
        <table class="calc-table">
          <thead>
            <tr>
              {v.table.columns.map((c, i) => (
                <th key={i} scope="col">
                  {s(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {v.table.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <span class="calc-swatch" style={{ background: row.colour }} aria-hidden="true" />
                  {s(row.label)}
                </th>
                {row.cells.map((cell, i) => (
                  <td key={i}>{s(cell)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
