/** The shown GPU's charts: the GPU picker, its timeline, utilisation histogram and idle gaps. */
import { showGpu } from "../../stores/analyzer/slots.ts";
import type { Choice } from "../../stores/analyzer/views/throughput.ts";
import type { AnalyzerViews, Strings } from "../../stores/analyzer/views/index.ts";
import { SelectField } from "../calculators/SelectField.tsx";
import { Histogram } from "./Histogram.tsx";
import { IdleGaps } from "./IdleGaps.tsx";
import { Timeline } from "./Timeline.tsx";

export interface ChartsProps {
  v: AnalyzerViews;
  t: Strings;
  disabled: boolean;
  choices: Choice[];
  shown: string;
}

export function Charts({ v, t, disabled, choices, shown }: ChartsProps) {
  return (
    <section aria-labelledby="an-chart-h">
      <h3 id="an-chart-h">{t["chart.h"]}</h3>
      {choices.length > 0 && (
        <SelectField
          id="an-gpu"
          label={t["chart.pick"] ?? ""}
          value={shown}
          choices={choices}
          onValue={showGpu}
          disabled={disabled}
        />
      )}
      <Timeline v={v} t={t} />
      <div class="an-two">
        <Histogram v={v} t={t} />
        <IdleGaps v={v} t={t} />
      </div>
    </section>
  );
}
