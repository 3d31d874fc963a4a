/** Inference memory: the memory to rent and where it fits; then weights, KV cache, workspace and the concurrency the chosen GPU holds. */
import { gb, gib, mib, num, tr } from "../../i18n/format.ts";
import { $catalog } from "../../stores/catalog.ts";
import { $model, $resolvedModel, readResolvedModel } from "../../stores/model.ts";
import { inferMemory } from "../../stores/results/infer-memory.ts";
import { $serving, serving } from "../../stores/serving.ts";
import { fieldInputs } from "./FieldInput.tsx";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import { MemoryVerdict } from "./MemoryVerdict.tsx";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { island, read, readTask } from "./hooks.ts";
import { modelLabel } from "./model-label.ts";
import { Results, issuesByField, ResultSummary } from "./ResultSummary.tsx";
import { StackedBar } from "./StackedBar.tsx";

/** Engines that reserve a share of the GPU, and those that can leave layers on the CPU. */
const POOL_ENGINES = ["vllm", "sglang", "tensorrt-llm"];
const LAYER_ENGINES = ["llama.cpp", "ollama"];

function View({ t, lang, hydrated }: WidgetProps & Hydration) {
  const { gpus } = $catalog.get();
  const value = serving.effective(read($serving, hydrated));
  const { request, outcome } = readTask(inferMemory, hydrated);
  const issues = outcome && !outcome.ok ? outcome.issues : [];
  const id = "im";
  const f = fieldInputs({
    id,
    fields: serving.fields,
    value,
    set: serving.set,
    issues: issuesByField(issues, t, lang),
    gpus,
    t,
    lang,
    disabled: !hydrated,
  });
  const gpuName = gpus.find((g) => g.id === value["gpu"])?.name ?? "—";
  return (
    <Frame
      id={id}
      title={tr(t, "im.title")}
      t={t}
      hydrated={hydrated}
      model={modelLabel(t, lang, readResolvedModel(hydrated))}
      request={request}
      controls={
        <>
          {f("engine")}
          {f("weightBits")}
          {f("weightFormat")}
          {f("kvBits")}
          {f("contextTokens")}
          {f("sequences")}
          {POOL_ENGINES.includes(String(value["engine"])) && f("gpuMemoryUtilization")}
          {LAYER_ENGINES.includes(String(value["engine"])) && f("gpuLayers")}
          {f("gpu")}
          {f("tensorParallel")}
          {f("headroom")}
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
              noneKey="v.noneInfer"
              t={t}
              lang={lang}
            />
            <details class="calc-details" open>
              <summary>{tr(t, "v.details")}</summary>
              <p class="calc-note-text">{tr(t, "v.explain")}</p>
              <Figures
                items={[
                  {
                    key: "weights",
                    label: tr(t, "r.weights"),
                    value: gib(lang, r.weightBytes),
                  },
                  { key: "kv", label: tr(t, "r.kv"), value: gib(lang, r.kvCacheBytes) },
                  {
                    key: "smi",
                    label: tr(t, "r.smi"),
                    value: mib(lang, r.nvidiaSmiBytes),
                  },
                  {
                    key: "maxSeq",
                    label: tr(t, "r.maxSeq", { gpu: gpuName }),
                    value: num(lang, r.maxSequences),
                  },
                  ...(r.kvPool
                    ? [
                        {
                          key: "kvPool",
                          label: tr(t, "r.kvPool"),
                          value: gib(lang, r.kvPool.bytes),
                        },
                        {
                          key: "kvPoolTokens",
                          label: tr(t, "r.kvPoolTokens"),
                          value: num(lang, r.kvPool.tokens),
                        },
                      ]
                    : []),
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

export const InferenceMemory = island(View, [
  $model,
  $serving,
  inferMemory.$outcome,
  $resolvedModel,
]);
