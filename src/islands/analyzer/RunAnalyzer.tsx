/**
 * The run-log analyzer island. Its state lives in `src/stores/analyzer/` (loading, settings,
 * saving) and the worker does the parsing and analysis; each part of the page renders its
 * view store (`src/stores/analyzer/views/`).
 */
import { useStore } from "@nanostores/preact";
import { useEffect } from "preact/hooks";
import { startAnalyzer } from "../../stores/analyzer/page.ts";
import { changeSettings } from "../../stores/analyzer/slots.ts";
import type { Strings } from "../../stores/analyzer/views/index.ts";
import { analyzerViews } from "../../stores/analyzer/views/index.ts";
import { NumberField } from "../calculators/NumberField.tsx";
import { Charts } from "./Charts.tsx";
import { Compare } from "./Compare.tsx";
import { Findings } from "./Findings.tsx";
import { GpuTable } from "./GpuTable.tsx";
import { LogInput } from "./LogInput.tsx";
import { ParseReport } from "./ParseReport.tsx";
import { ThroughputSection } from "./ThroughputSection.tsx";
import { UseSection } from "./UseSection.tsx";
import { LogSection } from "./LogSection.tsx";
import type { GpuChoice } from "../../stores/catalog.ts";

export interface RunAnalyzerProps {
  lang: "en" | "zh-cn";
  t: Strings;
  /** The GPUs a run is compared on or said to be (whole specs come with the engine's data). */
  gpus: GpuChoice[];
}

export function RunAnalyzer({ lang, t, gpus }: RunAnalyzerProps) {
  const v = analyzerViews(lang, t, gpus);
  const page = useStore(v.page);
  useEffect(() => startAnalyzer(), []);
  const disabled = !page.ready;
  const p = { v, t, lang, disabled };
  return (
    <section
      class="calc an"
      aria-labelledby="an-title"
      data-hydrated={page.ready ? "true" : "false"}
    >
      <h2 id="an-title">{t["title"]}</h2>
      <p>{t["intro"]}</p>
      {!page.ready && <p class="calc-note">{t["in.wait"]}</p>}
      <form class="calc-controls an-controls" onSubmit={(e) => e.preventDefault()}>
        <LogInput
          {...p}
          slot="a"
          label={t["in.file"] ?? ""}
          pasteLabel={t["in.paste"] ?? ""}
          buttonLabel={t["in.analyze"] ?? ""}
        />
        <NumberField
          id="an-headroom"
          label={t["f.headroom"] ?? ""}
          unit="%"
          value={page.headroomPct}
          rule={page.headroomRule}
          onValue={(headroomPct) => changeSettings({ headroomPct })}
          t={t}
          lang={lang}
          disabled={disabled}
        />
        <p class="calc-note" id="an-headroom-advice">
          {page.headroomHint}
        </p>
      </form>
      {page.hasRun && (
        <div class="calc-results" data-testid="results">
          <p data-testid="run-summary">{page.summary}</p>
          <ParseReport v={v} t={t} />
          <GpuTable v={v} t={t} />
          <Charts {...p} choices={page.gpuChoices} shown={page.gpuShown} />
          <Findings v={v} t={t} />
          <ThroughputSection {...p} />
          <UseSection {...p} />
        </div>
      )}
      <LogSection {...p} />
      <Compare {...p} />
    </section>
  );
}
