/**
 * A result table from its view (`stores/views/table.ts`): a scrollable, labelled region
 * with a caption, column heads, and one row per item, a row head and its cells.
 */
import type { Say } from "../../i18n/text.ts";
import type { TableView } from "../../stores/views/table.ts";
import { ACT_ATTRIBUTE } from "./Live.tsx";

export function DataTable({ v, s }: { v: TableView; s: Say }) {
  const caption = s(v.caption);
  // Which columns hide until the box is ticked: calc.css hides them, so no script is needed.
  const more = (i: number) => v.more?.columns.includes(i) || undefined;
  return (
    <div class="calc-table-box" id={v.anchor}>
      {v.more && (
        <label class="calc-more">
          <input type="checkbox" /> {s(v.more.label)}
        </label>
      )}
      <div class="calc-scroll" tabIndex={0} role="region" aria-label={caption}>
        <table
          class="calc-table"
          data-table={v.name}
          id={v.collapse ? `${v.anchor ?? v.name ?? "table"}-rows` : undefined}
          data-collapsed={v.collapse && !v.collapse.expanded ? v.collapse.first : undefined}
        >
          <caption>{caption}</caption>
          <thead>
            <tr>
              {v.columns.map((c, i) => (
                <th key={i} scope="col" data-more={more(i)}>
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
                  <td
                    key={i}
                    data-k={c.k}
                    data-label={s(v.columns[i + 1] ?? "")}
                    data-more={more(i + 1)}
                  >
                    {s(c.text)}
                    {c.link && " "}
                    {c.link && (
                      <a
                        href={c.link.href}
                        rel="noopener noreferrer"
                        onClick={c.link.onClick}
                        {...(c.link.onClick ? { [ACT_ATTRIBUTE]: `${r.key}:${i}` } : {})}
                      >
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
      {v.collapse && (
        <button
          type="button"
          class="calc-show-all calc-secondary"
          aria-expanded={v.collapse.expanded ? "true" : "false"}
          aria-controls={`${v.anchor ?? v.name ?? "table"}-rows`}
          onClick={v.collapse.toggle}
          {...{ [ACT_ATTRIBUTE]: "show-all" }}
        >
          {s(v.collapse.label)}
        </button>
      )}
    </div>
  );
}
