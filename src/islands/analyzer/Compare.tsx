/**
 * Two-node comparison: run A is the main log, run B a second one, each with its GPU and
 * precision; the ratios and the seed's verdict come from the comparison's view store.
 */
import { useStore } from "@nanostores/preact";
import { $settings, WORK_RULE } from "../../stores/analyzer/settings.ts";
import { pickGpu, pickPrecision } from "../../stores/analyzer/compare.ts";
import { changeSettings } from "../../stores/analyzer/slots.ts";
import { NumberField } from "../calculators/NumberField.tsx";
import { SelectField } from "../calculators/SelectField.tsx";
import { LogInput } from "./LogInput.tsx";
import type { SectionProps } from "./ThroughputSection.tsx";

export function Compare(p: SectionProps) {
  const { v, t, lang, disabled } = p;
  const c = useStore(v.compare);
  const unit = useStore(v.unit);
  const s = useStore($settings);
  const r = c.ratios;
  return (
    <section class="an-compare" aria-labelledby="an-cmp-h">
      <h3 id="an-cmp-h">{t["cmp.h"]}</h3>
      <p>{t["cmp.intro"]}</p>
      <LogInput
        {...p}
        slot="b"
        label={t["cmp.file"] ?? ""}
        pasteLabel={t["cmp.paste"] ?? ""}
        buttonLabel={t["cmp.analyze"] ?? ""}
      />
      {c.sides[1]?.loaded && (
        <form class="calc-controls" onSubmit={(e) => e.preventDefault()}>
          <NumberField
            id="an-amount-b"
            label={t["cmp.work"] ?? ""}
            unit={unit}
            value={s.amountB}
            rule={WORK_RULE}
            onValue={(amountB) => changeSettings({ amountB })}
            t={t}
            lang={lang}
            disabled={disabled}
          />
        </form>
      )}
      <div class="an-sides">
        {c.sides.map((side) => (
          <fieldset key={side.key} class="calc-option">
            <legend>{side.legend}</legend>
            <SelectField
              id={`an-cmp-gpu-${side.key}`}
              label={t["cmp.gpu"] ?? ""}
              value={side.gpuId}
              choices={c.gpuChoices}
              disabled={disabled || !side.loaded}
              onValue={(id) => pickGpu(side.key, id)}
            />
            <SelectField
              id={`an-cmp-prec-${side.key}`}
              label={t["cmp.precision"] ?? ""}
              value={side.precision}
              choices={c.precisionChoices}
              disabled={disabled || !side.loaded}
              onValue={(x) => pickPrecision(side.key, x)}
            />
            {side.count && <p class="calc-note">{side.count}</p>}
          </fieldset>
        ))}
      </div>
      <div role="status" aria-live="polite" data-testid="compare-result">
        {!r ? (
          <p>{c.message}</p>
        ) : (
          <>
            <dl class="calc-figures">
              <div>
                <dt>{t["cmp.paper"]}</dt>
                <dd>
                  <output>{r.paper}</output>
                </dd>
              </div>
              <div>
                <dt>{t["cmp.measured"]}</dt>
                <dd>
                  <output>{r.measured}</output>
                </dd>
              </div>
            </dl>
            <p class="calc-note">{t["cmp.ratioNote"]}</p>
            <p class="an-verdict" data-verdict={r.verdict}>
              {r.verdictText}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
