/** What the log suggests: each finding in words, each kind's "…and M more" after its last. */
import { useStore } from "@nanostores/preact";
import type { AnalyzerViews, Strings } from "../../stores/analyzer/views/index.ts";

const CLASS = { warn: "an-warn", info: "an-info", more: "an-more" } as const;

export function Findings({ v, t }: { v: AnalyzerViews; t: Strings }) {
  const lines = useStore(v.findings);
  if (!lines) return null;
  return (
    <section class="an-findings" aria-labelledby="an-find-h">
      <h3 id="an-find-h">{t["find.h"]}</h3>
      {lines.length === 0 ? (
        <p>{t["find.none"]}</p>
      ) : (
        <ul data-testid="findings">
          {lines.map((f) => (
            <li
              key={f.key}
              class={CLASS[f.kind]}
              data-code={f.kind === "more" ? undefined : f.code}
              data-more={f.kind === "more" ? f.code : undefined}
            >
              {f.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
