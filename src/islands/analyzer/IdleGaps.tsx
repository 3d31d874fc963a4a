/** The shown GPU's idle gaps: start, end, length and phase, and how many more there are. */
import { useStore } from "@nanostores/preact";
import type { AnalyzerViews, Strings } from "../../stores/analyzer/views/index.ts";

export function IdleGaps({ v, t }: { v: AnalyzerViews; t: Strings }) {
  const gaps = useStore(v.gaps);
  if (!gaps) return null;
  return (
    <div class="an-gaps">
      <h4>{t["gaps.h"]}</h4>
      {gaps.rows.length === 0 ? (
        <p>{t["gaps.none"]}</p>
      ) : (
        <div class="calc-scroll" tabIndex={0} role="region" aria-label={t["gaps.h"]}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t["col.start"]}</th>
                <th scope="col">{t["col.end"]}</th>
                <th scope="col">{t["col.length"]}</th>
                <th scope="col">{t["col.phase"]}</th>
              </tr>
            </thead>
            <tbody>
              {gaps.rows.map((x) => (
                <tr key={x.key}>
                  <td>{x.start}</td>
                  <td>{x.end}</td>
                  <td>{x.length}</td>
                  <td>{x.phase}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {gaps.more && <p>{gaps.more}</p>}
      <p class="calc-note">{t["gaps.hint"]}</p>
    </div>
  );
}
