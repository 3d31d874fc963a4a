/**
 * A breakdown as one horizontal stacked bar (SVG, decorative) with a table beside it that
 * carries the same figures as text: the table is what screen readers and print use.
 */
import type { BreakdownItem } from "../../estimate/result.ts";
import type { Strings } from "../../i18n/format.ts";
import { tr } from "../../i18n/format.ts";
import { seriesColour } from "./series-colour.ts";

export interface StackedBarProps {
  items: readonly BreakdownItem[];
  total: number;
  caption: string;
  /** Formats one value with its unit. */
  show: (v: number) => string;
  t: Strings;
}

export function StackedBar(p: StackedBarProps) {
  const shown = p.items.filter((i) => i.value > 0);
  let x = 0;
  return (
    <div class="calc-bar">
      <svg viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        {shown.map((item, n) => {
          const w = p.total > 0 ? (item.value / p.total) * 100 : 0;
          const r = (
            <rect
              key={item.key}
              x={x}
              y={0}
              width={w}
              height={8}
              fill={seriesColour(n)}
              data-part={item.key}
            />
          );
          x += w;
          return r;
        })}
      </svg>
      <table>
        <caption>{p.caption}</caption>
        <tbody>
          {shown.map((item, n) => (
            <tr key={item.key} data-part={item.key}>
              <th scope="row">
                <span
                  class="calc-swatch"
                  style={{ background: seriesColour(n) }}
                  aria-hidden="true"
                />
                {tr(p.t, item.labelKey)}
              </th>
              <td>{p.show(item.value)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{tr(p.t, "bd.total")}</th>
            <td>{p.show(p.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
