/** How the log was read: skipped lines and why, parse notes, and the probe's environment. */
import { useStore } from "@nanostores/preact";
import type { AnalyzerViews, Strings } from "../../stores/analyzer/views/index.ts";

export function ParseReport({ v, t }: { v: AnalyzerViews; t: Strings }) {
  const r = useStore(v.report);
  if (!r) return null;
  return (
    <>
      <div class="an-parse">
        <p data-testid="malformed">{r.malformed}</p>
        {r.notes.length > 0 && (
          <ul data-testid="parse-notes">
            {r.notes.map((n) => (
              <li key={n.key}>{n.text}</li>
            ))}
          </ul>
        )}
        {r.skipped.length > 0 && (
          <details>
            <summary>{t["mal.details"]}</summary>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t["col.line"]}</th>
                  <th scope="col">{t["col.reason"]}</th>
                </tr>
              </thead>
              <tbody>
                {r.skipped.map((m) => (
                  <tr key={m.line}>
                    <td>{m.line}</td>
                    <td>{m.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        )}
      </div>
      {r.env && (
        <details class="an-env">
          <summary>{t["env.h"]}</summary>
          <dl>
            {r.env.rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          {r.env.progressBad && <p>{r.env.progressBad}</p>}
        </details>
      )}
    </>
  );
}
