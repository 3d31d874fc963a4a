/**
 * The two memory widgets' markup (training and inference): the verdict first, then where
 * the figure comes from (details and the breakdown bar), warnings and assumptions.
 */
import type { Msg, Text } from "../../i18n/text.ts";
import type { FieldView } from "../../stores/views/fields.ts";
import type { BarView, VerdictView } from "../../stores/views/memory.ts";
import type { Figure, Shown, SummaryView } from "../../stores/views/result.ts";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import type { Rendered, WidgetProps } from "./hooks.ts";
import { MemoryVerdict } from "./MemoryVerdict.tsx";
import { Results } from "./Results.tsx";
import { ResultSummary } from "./ResultSummary.tsx";
import { StackedBar } from "./StackedBar.tsx";

export interface MemoryView {
  id: string;
  title: Text;
  model: Text;
  request: string | null;
  controls: readonly FieldView[];
  result: Shown<{
    verdict: VerdictView;
    details: Msg;
    explain: Msg;
    figures: readonly Figure[];
    bar: BarView;
    summary: SummaryView;
  }>;
}

export function MemoryWidget({ v, s, t, lang, hydrated }: WidgetProps & Rendered<MemoryView>) {
  return (
    <Frame v={v} s={s} t={t} lang={lang} hydrated={hydrated}>
      <Results
        v={v.result}
        s={s}
        render={(r) => (
          <>
            <MemoryVerdict v={r.verdict} s={s} />
            <details class="calc-details" open>
              <summary>{s(r.details)}</summary>
              <p class="calc-note-text">{s(r.explain)}</p>
              <Figures items={r.figures} s={s} />
              <StackedBar v={r.bar} s={s} />
            </details>
            <ResultSummary v={r.summary} s={s} />
          </>
        )}
      />
    </Frame>
  );
}
