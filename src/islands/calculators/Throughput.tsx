/** Decode and prefill tokens/s, time to first token and requests/s on the chosen GPU(s), with the bound named. */
import { $inference, setInference } from "../../stores/inference.ts";
import { $model } from "../../stores/model.ts";
import { speed } from "./speed.ts";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import { ResultSummary } from "./ResultSummary.tsx";
import { SelectField } from "./SelectField.tsx";
import { WEIGHT_BITS, gpuChoices } from "./choices.ts";
import { bind } from "./bind.tsx";
import { findGpu } from "./inputs.ts";
import { num, tr } from "../../i18n/format.ts";
import { island, read } from "./hooks.ts";
// Bundling: every widget references the model picker, so the picker and the UI they all
// share travel in one chunk instead of several small ones (see ModelPicker.tsx).
export { ModelPicker } from "./ModelPicker.tsx";
// The inference guide shows both inference widgets: referencing each other puts them in one chunk.
export { InferenceMemory } from "./InferenceMemory.tsx";

function View({ t, lang, gpus, hydrated }: WidgetProps & Hydration) {
  const m = read($model, hydrated);
  const s = read($inference, hydrated);
  const gpu = findGpu(gpus, s.gpu) ?? gpus[0];
  const id = "tp";
  const { n, sel } = bind(id, s, setInference, t, lang, !hydrated);
  const r = gpu ? speed(m, s, gpu) : null;
  return (
    <Frame
      id={id}
      title={tr(t, "tp.title")}
      t={t}
      hydrated={hydrated}
      model={m.name}
      controls={
        <>
          <SelectField
            id={`${id}-gpu`}
            label={tr(t, "f.gpu")}
            value={s.gpu}
            choices={gpuChoices(gpus)}
            onValue={(v) => setInference({ gpu: v })}
            disabled={!hydrated}
          />
          {n("gpus", tr(t, "unit.gpus"), 1, 64)}
          {sel("weightBits", WEIGHT_BITS)}
          {sel("engine", ["vllm", "llama.cpp", "pytorch"])}
          {n("sequences", tr(t, "unit.sequences"), 1, 4096)}
          {n("context", tr(t, "unit.tokens"), 1, 2097152)}
          {n("promptTokens", tr(t, "unit.tokens"), 1, 2097152)}
          {n("outputTokens", tr(t, "unit.tokens"), 1, 1048576)}
        </>
      }
    >
      {r && (
        <>
          <Figures
            items={[
              {
                key: "decode",
                label: tr(t, "r.decode"),
                value: `${num(lang, r.decode.tokensPerSecond)} tokens/s`,
                main: true,
              },
              {
                key: "perSeq",
                label: tr(t, "r.perSeq"),
                value: `${num(lang, r.decode.tokensPerSecondPerSequence)} tokens/s`,
              },
              {
                key: "bound",
                label: tr(t, "r.bound"),
                value: `${num(lang, r.decode.boundTokensPerSecond)} tokens/s`,
              },
              {
                key: "limit",
                label: tr(t, "r.limitedBy"),
                value: tr(t, `opt.${r.decode.limitedBy}`),
              },
              {
                key: "prefill",
                label: tr(t, "r.prefill"),
                value: `${num(lang, r.prefill.tokensPerSecond)} tokens/s`,
              },
              { key: "ttft", label: tr(t, "r.ttft"), value: `${num(lang, r.prefill.seconds)} s` },
              { key: "rps", label: tr(t, "r.rps"), value: num(lang, r.serving.requestsPerSecond) },
            ]}
          />
          <ResultSummary
            assumptions={r.decode.assumptions}
            warnings={r.decode.warnings}
            t={t}
            lang={lang}
          />
        </>
      )}
    </Frame>
  );
}

export const Throughput = island(View, [$model, $inference]);
