/**
 * A result table from its view (`stores/views/table.ts`): a scrollable, labelled region
 * with a caption, column heads, and one row per item, a row head and its cells.
 */
import type { Say } from "../../i18n/text.ts";
import type { TableView } from "../../stores/views/table.ts";

export function DataTable({ v, s }: { v: TableView; s: Say }) {
  const caption = s(v.caption);
  return (
    <div class="calc-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table class="calc-table" data-table={v.name}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {v.columns.map((c, i) => (
              <th key={i} scope="col">
                {s(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {/* Each cell names its column, for a phone's one card per row (calc.css). */}
          {v.rows.map((r) => (
            <tr key={r.key} {...r.data}>
              <th scope="row">
                {s(r.head)}
                {r.mark && <strong> · {s(r.mark)}</strong>}
              </th>
              {r.cells.map((c, i) => (
                <td key={i} data-k={c.k} data-label={s(v.columns[i + 1] ?? "")}>
                  {s(c.text)}
                  {c.link && " "}
                  {c.link && (
                    <a href={c.link.href} rel="noopener noreferrer">
                      {s(c.link.text)}
                    </a>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
