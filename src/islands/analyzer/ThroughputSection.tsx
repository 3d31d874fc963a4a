/** Effective throughput: the work the user counted over the steady window, and the rate. */
import { useStore } from "@nanostores/preact";
import { $settings, WORK_RULE } from "../../stores/analyzer/settings.ts";
import { changeScope, changeSettings, changeUnit } from "../../stores/analyzer/slots.ts";
import type { AnalyzerViews, Strings } from "../../stores/analyzer/views/index.ts";
import { NumberField } from "../calculators/NumberField.tsx";
import { SelectField } from "../calculators/SelectField.tsx";

export interface SectionProps {
  v: AnalyzerViews;
  t: Strings;
  lang: string;
  disabled: boolean;
}

export function ThroughputSection({ v, t, lang, disabled }: SectionProps) {
  const view = useStore(v.throughput);
  const s = useStore($settings);
  if (!view) return null;
  return (
    <section aria-labelledby="an-tp-h">
      <h3 id="an-tp-h">{t["tp.h"]}</h3>
      <p class="calc-note">{view.hint}</p>
      <form class="calc-controls" onSubmit={(e) => e.preventDefault()}>
        <NumberField
          id="an-amount"
          label={t["tp.amount"] ?? ""}
          unit=""
          value={s.amount}
          rule={WORK_RULE}
          onValue={(amount) => changeSettings({ amount })}
          t={t}
          lang={lang}
          disabled={disabled}
        />
        <SelectField
          id="an-unit"
          label={t["tp.unit"] ?? ""}
          value={s.unit}
          choices={view.unitChoices}
          onValue={changeUnit}
          disabled={disabled}
        />
        <SelectField
          id="an-scope"
          label={t["tp.scope"] ?? ""}
          value={s.scope}
          choices={view.scopeChoices}
          onValue={changeScope}
          disabled={disabled}
        />
      </form>
      <p role="status" data-testid="throughput">
        {view.result}
      </p>
    </section>
  );
}
