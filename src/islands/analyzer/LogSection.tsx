/**
 * A trainer's or server's log: the format named back, each measured figure beside this
 * site's estimate for the GPU the run used (the user picks it), and the button that makes
 * the run the decision table's basis.
 */
import { useStore } from "@nanostores/preact";
import {
  $logGpu,
  $logGpus,
  setLogGpu,
  setLogGpus,
  saveLogBasis,
} from "../../stores/analyzer/log-basis.ts";
import { NumberField } from "../calculators/NumberField.tsx";
import { SelectField } from "../calculators/SelectField.tsx";
import type { SectionProps } from "./ThroughputSection.tsx";

const GPUS_RULE = { min: 1, max: 1024, integer: true } as const;

export function LogSection({ v, t, lang, disabled }: SectionProps) {
  const view = useStore(v.log);
  const saved = useStore(v.basisSaved);
  const gpu = useStore($logGpu);
  const gpus = useStore($logGpus);
  if (!view) return null;
  return (
    <section aria-labelledby="an-log-h" class="calc-results" data-testid="log-reading">
      <h3 id="an-log-h">{t["lg.h"]}</h3>
      <p data-testid="log-format">{view.format}</p>
      <p>{view.workload}</p>
      <form class="calc-controls" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          id="an-log-gpu"
          label={t["lg.gpu"] ?? ""}
          value={gpu}
          choices={view.gpuChoices}
          onValue={setLogGpu}
          disabled={disabled}
        />
        <NumberField
          id="an-log-gpus"
          label={t["lg.gpus"] ?? ""}
          unit=""
          value={gpus}
          rule={GPUS_RULE}
          onValue={setLogGpus}
          t={t}
          lang={lang}
          disabled={disabled}
        />
      </form>
      <p class="calc-note">{t["lg.setupNote"]}</p>
      <table data-testid="log-table">
        <caption>{t["lg.caption"]}</caption>
        <thead>
          <tr>
            <th scope="col">{t["lg.col.figure"]}</th>
            <th scope="col">{t["lg.col.measured"]}</th>
            <th scope="col">{t["lg.col.estimate"]}</th>
            <th scope="col">{t["lg.col.ratio"]}</th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((r) => (
            <tr key={r.key} data-row={r.key}>
              <th scope="row">{r.label}</th>
              <td>{r.measured}</td>
              <td>{r.estimate}</td>
              <td>{r.ratio}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="calc-note" data-testid="log-rate-note">
        {view.rateNote}
      </p>
      <p role="status" data-testid="log-basis">
        {view.basisNote}
      </p>
      <button
        type="button"
        class="btn"
        disabled={disabled || !view.canUse}
        onClick={() => void saveLogBasis()}
      >
        {t["lg.use"]}
      </button>
      <p role="status" data-testid="log-saved">
        {saved}
      </p>
    </section>
  );
}
