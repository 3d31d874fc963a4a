/** The shown GPU's utilisation in its steady window: bars (aria-hidden) and the same as a table. */
import { useStore } from "@nanostores/preact";
import type { AnalyzerViews, Strings } from "../../stores/analyzer/views/index.ts";

export function Histogram({ v, t }: { v: AnalyzerViews; t: Strings }) {
  const hist = useStore(v.histogram);
  if (!hist) return null;
  return (
    <div class="an-hist">
      <h4>{t["hist.h"]}</h4>
      <svg class="an-chart an-hist-svg" viewBox="0 0 320 130" aria-hidden="true" focusable="false">
        {hist.bars.map((b) => (
          <g key={b.key}>
            <rect class="an-bar" x={b.x} y={b.y} width={b.width} height={b.height} />
            <text x={b.labelX} y={hist.labelY} text-anchor="middle">
              {b.label}
            </text>
          </g>
        ))}
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
            {hist.rows.map((r) => (
              <tr key={r.key}>
                <td>{r.bucket}</td>
                <td>{r.samples}</td>
                <td>{r.share}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
