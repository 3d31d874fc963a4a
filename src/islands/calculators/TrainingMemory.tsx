/** Training memory per GPU: the memory to rent and where it fits, then allocator, nvidia-smi and breakdown. */
import { LORA_FIELDS } from "../../estimate/tasks/training-fields.ts";
import { gb, gib, mib, millions, tr } from "../../i18n/format.ts";
import { $catalog } from "../../stores/catalog.ts";
import { $model, $resolvedModel, readResolvedModel } from "../../stores/model.ts";
import { trainMemory } from "../../stores/results/train-memory.ts";
import {
  $training,
  METHODS,
  methodOf,
  setLora,
  setMethod,
  training,
} from "../../stores/training.ts";
import { fieldInputs } from "./FieldInput.tsx";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import { MemoryVerdict } from "./MemoryVerdict.tsx";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { island, read, readTask } from "./hooks.ts";
import { modelLabel } from "./model-label.ts";
import { Results, issuesByField, ResultSummary } from "./ResultSummary.tsx";
import { SelectField } from "./SelectField.tsx";
import { StackedBar } from "./StackedBar.tsx";

function View({ t, lang, hydrated }: WidgetProps & Hydration) {
  const { gpus } = $catalog.get();
  const state = read($training, hydrated);
  const value = training.effective(state);
  const { request, outcome } = readTask(trainMemory, hydrated);
  const issues = outcome && !outcome.ok ? outcome.issues : [];
  const id = "tm";
  const d = !hydrated;
  const common = { gpus, t, lang, disabled: d };
  const f = fieldInputs({
    id,
    fields: training.fields,
    value,
    set: training.set,
    issues: issuesByField(issues, t, lang),
    ...common,
  });
  const method = methodOf(state);
  const lora = fieldInputs({
    id: `${id}-lora`,
    fields: LORA_FIELDS,
    value: (value["lora"] as Record<string, unknown> | undefined) ?? {},
    set: setLora,
    issues: issuesByField(issues, t, lang, "lora"),
    ...common,
  });
  return (
    <Frame
      id={id}
      title={tr(t, "tm.title")}
      t={t}
      hydrated={hydrated}
      model={modelLabel(t, lang, readResolvedModel(hydrated))}
      request={request}
      controls={
        <>
          {f("framework")}
          {f("precision")}
          {f("optimizer")}
          {f("microBatch")}
          {f("seqLen")}
          {f("gradAccumulation")}
          {f("recompute")}
          {f("flashAttention")}
          {f("loss")}
          {f("fusedKernels")}
          {f("optimizerForeach")}
          {f("optimizerInBackward")}
          <SelectField
            id={`${id}-method`}
            label={tr(t, "f.method")}
            value={method}
            choices={METHODS.map((m) => ({ value: m, label: tr(t, `opt.${m}`) }))}
            onValue={(v) => setMethod(v as (typeof METHODS)[number])}
            disabled={d}
          />
          {method !== "none" && (
            <fieldset class="calc-option">
              <legend>{tr(t, "opt.lora")}</legend>
              {lora("rank")}
              {lora("alpha")}
              {lora("dropout")}
              {lora("targets")}
              {lora("baseBits")}
              {method === "qlora" && lora("doubleQuant")}
              {lora("adapterBits")}
              {lora("fullModules")}
            </fieldset>
          )}
          {f("gpus")}
          {f("tensorParallel")}
          {f("sharding")}
          {f("offload")}
          {f("headroom")}
          {f("gpu")}
        </>
      }
    >
      <Results
        outcome={outcome}
        t={t}
        lang={lang}
        render={(r) => (
          <>
            <MemoryVerdict
              verdict={r.verdict}
              headroom={r.headroom}
              gpus={gpus}
              noneKey="v.noneTrain"
              t={t}
              lang={lang}
            />
            <details class="calc-details" open>
              <summary>{tr(t, "v.details")}</summary>
              <p class="calc-note-text">{tr(t, "v.explain")}</p>
              <Figures
                items={[
                  {
                    key: "allocator",
                    label: tr(t, "r.allocator"),
                    value: gib(lang, r.allocatorPeakBytes),
                  },
                  {
                    key: "smi",
                    label: tr(t, "r.smi"),
                    value: mib(lang, r.nvidiaSmiBytes),
                  },
                  {
                    key: "trainable",
                    label: tr(t, "r.trainable"),
                    value: millions(lang, r.trainableParams),
                  },
                ]}
              />
              <StackedBar
                items={r.breakdown}
                total={r.recommendedBytes}
                caption={tr(t, "r.breakdownGB")}
                show={(v) => gb(lang, v)}
                t={t}
              />
            </details>
            <ResultSummary assumptions={r.assumptions} warnings={r.warnings} t={t} lang={lang} />
          </>
        )}
      />
    </Frame>
  );
}

export const TrainingMemory = island(View, [
  $model,
  $training,
  trainMemory.$outcome,
  $resolvedModel,
]);
