/**
 * The markup most widgets share, drawn from their view: the frame, its notes, and the
 * results (headline figures, whatever the widget adds (a chart), a table, then the warnings
 * and assumptions), or why there are none.
 */
import type { ComponentChildren } from "preact";
import type { Msg, Text } from "../../i18n/text.ts";
import type { FieldView } from "../../stores/views/fields.ts";
import type { PlanChartView } from "../../stores/views/plan-chart.ts";
import type { Figure, Shown, SummaryView } from "../../stores/views/result.ts";
import type { TableView } from "../../stores/views/table.ts";
import { DataTable } from "./DataTable.tsx";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import { PlanChart } from "./PlanChart.tsx";
import type { Rendered, WidgetProps } from "./hooks.ts";
import { Results } from "./Results.tsx";
import { ACT_ATTRIBUTE } from "./Live.tsx";
import { setPlanChartOpen } from "../../stores/plan-chart-open.ts";
import { ResultSummary } from "./ResultSummary.tsx";

/**
 * The plan's options as a chart, behind a disclosure: most readers want the table. It is
 * drawn while open (`v` null while closed).
 */
export interface ChartDisclosure {
  summary: Text;
  v: PlanChartView | { none: Msg } | null;
}

export interface ResultBody {
  /** What the answer assumes that the user may not have chosen (a serving engine, precisions). */
  assumes?: Text | null;
  /** Sentences that answer before the figures (what meets the limits asked). */
  lines?: readonly Text[];
  planChart?: ChartDisclosure;
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
            {r.assumes && (
              <p class="calc-assumes" data-assumes>
                {s(r.assumes)}
              </p>
            )}
            {r.lines?.map((l, i) => (
              <p key={i} class="calc-limits" data-limits>
                {s(l)}
              </p>
            ))}
            {r.figures && <Figures items={r.figures} s={s} />}
            {r.planChart && (
              <details
                class="calc-plan-chart no-print"
                onToggle={(e) => setPlanChartOpen(e.currentTarget.open)}
              >
                <summary {...{ [ACT_ATTRIBUTE]: "chart" }}>{s(r.planChart.summary)}</summary>
                {r.planChart.v && <PlanChart v={r.planChart.v} s={s} />}
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
