/** Decode and prefill tokens/s, time to first token and requests/s on the chosen GPU(s), with the bound named. */
import { num, tr } from "../../i18n/format.ts";
import { $catalog } from "../../stores/catalog.ts";
import { $model, $resolvedModel, readResolvedModel } from "../../stores/model.ts";
import { decodeSpeed } from "../../stores/results/decode-speed.ts";
import { $serving, serving } from "../../stores/serving.ts";
import { fieldInputs } from "./FieldInput.tsx";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { island, read, readTask } from "./hooks.ts";
import { modelLabel } from "./model-label.ts";
import { Results, issuesByField, ResultSummary } from "./ResultSummary.tsx";

function View({ t, lang, hydrated }: WidgetProps & Hydration) {
  const { gpus } = $catalog.get();
  const value = serving.effective(read($serving, hydrated));
  const { request, outcome } = readTask(decodeSpeed, hydrated);
  const issues = outcome && !outcome.ok ? outcome.issues : [];
  const id = "tp";
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
  const perSecond = (v: number) => `${num(lang, v)} tokens/s`;
  return (
    <Frame
      id={id}
      title={tr(t, "tp.title")}
      t={t}
      hydrated={hydrated}
      model={modelLabel(t, lang, readResolvedModel(hydrated))}
      request={request}
      controls={
        <>
          {f("gpu")}
          {f("tensorParallel")}
          {Number(value["tensorParallel"]) > 1 && f("gpuLink")}
          {f("engine")}
          {f("weightBits")}
          {f("weightFormat")}
          {f("sequences")}
          {f("contextTokens")}
          {f("promptTokens")}
          {f("outputTokens")}
        </>
      }
    >
      <Results
        outcome={outcome}
        t={t}
        lang={lang}
        render={(r) => (
          <>
            <Figures
              items={[
                {
                  key: "decode",
                  label: tr(t, "r.decode"),
                  value: perSecond(r.tokensPerSecond),
                  main: true,
                },
                {
                  key: "perSeq",
                  label: tr(t, "r.perSeq"),
                  value: perSecond(r.tokensPerSecondPerSequence),
                },
                {
                  key: "bound",
                  label: tr(t, "r.bound"),
                  value: perSecond(r.boundTokensPerSecond),
                },
                {
                  key: "limit",
                  label: tr(t, "r.limitedBy"),
                  value: tr(t, `opt.${r.limitedBy}`),
                },
                {
                  key: "prefill",
                  label: tr(t, "r.prefill"),
                  value: perSecond(r.prefillTokensPerSecond),
                },
                {
                  key: "ttft",
                  label: tr(t, "r.ttft"),
                  value: `${num(lang, r.ttftSeconds)} s`,
                },
                {
                  key: "rps",
                  label: tr(t, "r.rps"),
                  value: num(lang, r.requestsPerSecond),
                },
              ]}
            />
            <ResultSummary assumptions={r.assumptions} warnings={r.warnings} t={t} lang={lang} />
          </>
        )}
      />
    </Frame>
  );
}

export const Throughput = island(View, [$model, $serving, decodeSpeed.$outcome, $resolvedModel]);
