/**
 * The markup most widgets share, drawn from their view: the frame, its notes, and the
 * results (headline figures, whatever the widget adds (a chart), a table, then the warnings
 * and assumptions), or why there are none.
 */
import type { ComponentChildren, VNode } from "preact";
import type { Say, Text } from "../../i18n/text.ts";
import type { FieldView } from "../../stores/views/fields.ts";
import type { Figure, Shown, SummaryView } from "../../stores/views/result.ts";
import type { TableView } from "../../stores/views/table.ts";
import { DataTable } from "./DataTable.tsx";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import type { Rendered, WidgetProps } from "./hooks.ts";
import { Results } from "./Results.tsx";
import { ResultSummary } from "./ResultSummary.tsx";

/** A chart loaded when its disclosure is first opened (`load`), drawn once it is here. */
export interface LazyChart<V> {
  summary: Text;
  load: () => void;
  drawn: { v: V; Chart(props: { v: V; s: Say }): VNode } | null;
}

export interface ResultBody {
  /** Sentences that answer before the figures (what meets the limits asked). */
  lines?: readonly Text[];
  lazyChart?: LazyChart<unknown>;
  figures?: readonly Figure[];
  table?: TableView;
  summary?: SummaryView;
}

export interface CalculatorView<R extends ResultBody> {
  id: string;
  title: Text;
  model?: Text | null;
  request: string | null;
  controls: readonly FieldView[];
  /** Notes above the results; `data` tags one (`data-basis`). */
  notes?: readonly { text: Text; data?: Record<`data-${string}`, string> }[];
  result: Shown<R>;
}

export function Calculator<R extends ResultBody>({
  v,
  s,
  t,
  lang,
  hydrated,
  extra,
}: WidgetProps & Rendered<CalculatorView<R>> & { extra?: (r: R) => ComponentChildren }) {
  return (
    <Frame v={v} s={s} t={t} lang={lang} hydrated={hydrated}>
      {v.notes?.map((n, i) => (
        <p key={i} class="calc-note-text" {...n.data}>
          {s(n.text)}
        </p>
      ))}
      <Results
        v={v.result}
        s={s}
        render={(r) => (
          <>
            {r.lines?.map((l, i) => (
              <p key={i} class="calc-limits" data-limits>
                {s(l)}
              </p>
            ))}
            {r.figures && <Figures items={r.figures} s={s} />}
            {r.lazyChart && (
              <details class="calc-lazy-chart no-print" onToggle={r.lazyChart.load}>
                <summary>{s(r.lazyChart.summary)}</summary>
                {r.lazyChart.drawn && <r.lazyChart.drawn.Chart v={r.lazyChart.drawn.v} s={s} />}
              </details>
            )}
            {extra?.(r)}
            {r.table && <DataTable v={r.table} s={s} />}
            {r.summary && <ResultSummary v={r.summary} s={s} />}
          </>
        )}
      />
    </Frame>
  );
}
