/**
 * A breakdown as one horizontal stacked bar (SVG, decorative) with a table beside it that
 * carries the same figures as text: the table is what screen readers and print use.
 */
import type { Say } from "../../i18n/text.ts";
import type { BarView } from "../../stores/views/memory.ts";

export function StackedBar({ v, s }: { v: BarView; s: Say }) {
  return (
    <div class="calc-bar">
      <svg viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        {v.parts.map((p) => (
          <rect
            key={p.key}
            x={p.x}
            y={0}
            width={p.width}
            height={8}
            fill={p.colour}
            data-part={p.key}
          />
        ))}
      </svg>
      <table>
        <caption>{s(v.caption)}</caption>
        <tbody>
          {v.parts.map((p) => (
            <tr key={p.key} data-part={p.key}>
              <th scope="row">
                <span class="calc-swatch" style={{ background: p.colour }} aria-hidden="true" />
                {s(p.label)}
              </th>
              <td>{s(p.value)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{s(v.totalLabel)}</th>
            <td>{s(v.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
