/** An estimate's warnings and assumptions, translated from the core's codes. */
import type { Say } from "../../i18n/text.ts";
import type { SummaryView } from "../../stores/views/result.ts";

export function ResultSummary({ v, s }: { v: SummaryView; s: Say }) {
  return (
    <div class="calc-summary">
      {v.warnings.length > 0 && (
        <ul class="calc-warnings" aria-label={s({ key: "warnings" })}>
          {v.warnings.map((w, i) => (
            <li key={i}>{s(w)}</li>
          ))}
        </ul>
      )}
      <details class="calc-assumptions" open>
        <summary>{s({ key: "assumptions" })}</summary>
        <dl>
          {v.assumptions.map((a) => (
            <div key={a.key}>
              <dt>{s(a.label)}</dt>
              <dd>
                {s(a.value)} <small>({s(a.source)})</small>
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
