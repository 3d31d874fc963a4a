/** "Use these measurements": the job's total work, the button, and what was saved where. */
import { useStore } from "@nanostores/preact";
import { $settings, setTotal, WORK_RULE } from "../../stores/analyzer/settings.ts";
import { saveMeasurements } from "../../stores/analyzer/use.ts";
import { NumberField } from "../calculators/NumberField.tsx";
import type { SectionProps } from "./ThroughputSection.tsx";

export function UseSection({ v, t, lang, disabled }: SectionProps) {
  const view = useStore(v.use);
  const tp = useStore(v.throughput);
  const s = useStore($settings);
  if (!view) return null;
  const next = view.next;
  return (
    <section aria-labelledby="an-use-h">
      <h3 id="an-use-h">{t["use.h"]}</h3>
      <form class="calc-controls" onSubmit={(e) => e.preventDefault()}>
        <NumberField
          id="an-total"
          label={t["use.total"] ?? ""}
          unit={tp?.unit ?? ""}
          value={s.total}
          rule={WORK_RULE}
          onValue={setTotal}
          t={t}
          lang={lang}
          disabled={disabled}
        />
      </form>
      <p class="calc-note">{view.explain}</p>
      <button type="button" onClick={() => void saveMeasurements()} disabled={disabled}>
        {t["use.button"]}
      </button>
      <div role="status" data-testid="use-status">
        {view.status && (
          <p>
            {view.status} {next.before}
            <a href={next.costHref}>{t["use.cost"]}</a>
            {next.between}
            <a href={next.fitHref}>{t["use.fit"]}</a>
            {next.after}
          </p>
        )}
      </div>
    </section>
  );
}
