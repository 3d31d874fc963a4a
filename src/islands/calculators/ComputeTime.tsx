/** Training FLOPs (6·N·D or samples x FLOPs per sample), the TFLOPS a deadline needs, hours on each GPU. */
import { num, sci, tr } from "../../i18n/format.ts";
import { $catalog } from "../../stores/catalog.ts";
import { $job, job } from "../../stores/job.ts";
import { $model, $resolvedModel, readResolvedModel } from "../../stores/model.ts";
import { trainTime } from "../../stores/results/train-time.ts";
import { $training, training } from "../../stores/training.ts";
import { fieldInputs } from "./FieldInput.tsx";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { island, read, readTask } from "./hooks.ts";
import { modelLabel } from "./model-label.ts";
import { Results, issuesByField, ResultSummary } from "./ResultSummary.tsx";

function View({ t, lang, hydrated }: WidgetProps & Hydration) {
  const { gpus } = $catalog.get();
  const jobValue = job.effective(read($job, hydrated));
  const trainValue = training.effective(read($training, hydrated));
  const { request, outcome } = readTask(trainTime, hydrated);
  const issues = outcome && !outcome.ok ? issuesByField(outcome.issues, t, lang) : {};
  const id = "ct";
  const common = { gpus, t, lang, disabled: !hydrated, issues };
  const j = fieldInputs({ id, fields: job.fields, value: jobValue, set: job.set, ...common });
  const tr0 = fieldInputs({
    id,
    fields: training.fields,
    value: trainValue,
    set: training.set,
    ...common,
  });
  const gpu = gpus.find((g) => g.id === trainValue["gpu"]);
  const samples = jobValue["work"] === "samples";
  return (
    <Frame
      id={id}
      title={tr(t, "ct.title")}
      t={t}
      hydrated={hydrated}
      model={modelLabel(t, lang, readResolvedModel(hydrated))}
      request={request}
      controls={
        <>
          {j("work")}
          {samples ? (
            <>
              {j("samples")}
              {j("flopsPerSample")}
              {j("forwardOnly")}
            </>
          ) : (
            j("tokens")
          )}
          {j("deadlineHours")}
          {j("mfu")}
          {tr0("precision")}
          {tr0("gpu")}
          {tr0("gpus")}
          {j("scaling")}
          {j("network")}
          {j("interNodeGbps")}
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
                  key: "flops",
                  label: tr(t, "r.flops"),
                  value: `${sci(lang, r.flops)} FLOPs`,
                },
                {
                  key: "sustained",
                  label: tr(t, "r.sustained"),
                  value: `${num(lang, r.deadlineSustainedTflops)} TFLOPS`,
                },
                {
                  key: "peakNeeded",
                  label: tr(t, "r.peakNeeded"),
                  value: `${num(lang, r.deadlinePeakTflopsNeeded)} TFLOPS`,
                },
                {
                  key: "hours",
                  label: tr(t, "r.hoursOn", {
                    gpu: gpu?.name ?? "—",
                    count: num(lang, trainValue["gpus"] as number),
                  }),
                  value: `${num(lang, r.hours)} h`,
                  main: true,
                },
              ]}
            />
            <div class="calc-scroll" tabIndex={0} role="region" aria-label={tr(t, "ct.tableLabel")}>
              <table class="calc-table">
                <caption>
                  {tr(t, "ct.table", { count: num(lang, trainValue["gpus"] as number) })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">GPU</th>
                    <th scope="col">{tr(t, "col.peak")}</th>
                    <th scope="col">{tr(t, "col.hours")}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.byGpu.map((x) => (
                    <tr key={x.gpu}>
                      <th scope="row">{gpus.find((g) => g.id === x.gpu)?.name ?? x.gpu}</th>
                      <td>{num(lang, x.peakTflops)}</td>
                      <td>{num(lang, x.hours)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ResultSummary assumptions={r.assumptions} warnings={r.warnings} t={t} lang={lang} />
          </>
        )}
      />
    </Frame>
  );
}

export const ComputeTime = island(View, [
  $model,
  $job,
  $training,
  trainTime.$outcome,
  $resolvedModel,
]);
