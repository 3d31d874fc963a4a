/** Inference memory: weights, KV cache, workspace; the largest concurrency that fits the chosen GPU. */
import { inferenceMemory } from "../../estimate/inference-memory.ts";
import { $inference, setInference } from "../../stores/inference.ts";
import { $model } from "../../stores/model.ts";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import { KV_BITS, WEIGHT_BITS, gpuChoices } from "./choices.ts";
import { ResultSummary, StackedBar } from "./ResultSummary.tsx";
import { SelectField } from "./SelectField.tsx";
import { bind } from "./bind.tsx";
import { findGpu, inferenceInput } from "./inputs.ts";
import { gb, gib, mib, num, tr } from "../../i18n/format.ts";
import { island, read } from "./hooks.ts";
// Bundling: every widget references the model picker, so the picker and the UI they all
// share travel in one chunk instead of several small ones (see ModelPicker.tsx).
export { ModelPicker } from "./ModelPicker.tsx";
// The inference guide shows both inference widgets: referencing each other puts them in one chunk.
export { Throughput } from "./Throughput.tsx";

function View({ t, lang, gpus, hydrated }: WidgetProps & Hydration) {
  const m = read($model, hydrated);
  const s = read($inference, hydrated);
  const gpu = findGpu(gpus, s.gpu);
  const r = inferenceMemory(inferenceInput(m, s, gpu));
  const id = "im";
  const { n, sel } = bind(id, s, setInference, t, lang, !hydrated);
  return (
    <Frame
      id={id}
      title={tr(t, "im.title")}
      t={t}
      hydrated={hydrated}
      model={m.name}
      controls={
        <>
          {sel("weightBits", WEIGHT_BITS)}
          {sel("kvBits", KV_BITS)}
          {n("context", tr(t, "unit.tokens"), 1, 2097152)}
          {n("sequences", tr(t, "unit.sequences"), 1, 4096)}
          {sel("engine", ["vllm", "llama.cpp", "pytorch"])}
          {n("utilPct", "%", 10, 100, false)}
          <SelectField
            id={`${id}-gpu`}
            label={tr(t, "f.gpu")}
            value={s.gpu}
            choices={gpuChoices(gpus)}
            onValue={(v) => setInference({ gpu: v })}
            disabled={!hydrated}
          />
          {n("gpus", tr(t, "unit.gpus"), 1, 64)}
          {n("headroomPct", "%", 0, 100, false)}
        </>
      }
    >
      <Figures
        items={[
          { key: "weights", label: tr(t, "r.weights"), value: gib(lang, r.weightBytes) },
          { key: "kv", label: tr(t, "r.kv"), value: gib(lang, r.kvCacheBytes) },
          { key: "smi", label: tr(t, "r.smi"), value: mib(lang, r.nvidiaSmiBytes) },
          { key: "rent", label: tr(t, "r.rent"), value: gb(lang, r.recommendedBytes), main: true },
          {
            key: "maxSeq",
            label: tr(t, "r.maxSeq", { gpu: gpu?.name ?? "—" }),
            value: num(lang, r.maxSequences),
          },
        ]}
      />
      <StackedBar
        items={r.breakdown}
        total={r.recommendedBytes}
        caption={tr(t, "r.breakdownGiB")}
        show={(v) => gib(lang, v)}
        t={t}
      />
      <ResultSummary assumptions={r.assumptions} warnings={r.warnings} t={t} lang={lang} />
    </Frame>
  );
}

export const InferenceMemory = island(View, [$model, $inference]);
