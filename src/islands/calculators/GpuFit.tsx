/**
 * The decision table: every catalog GPU for the workload the other calculators hold, each at
 * its own speed and count, with a verdict, time, cost and whose price it used. When the
 * run-log analyzer has stored measurements, the memory basis can switch from the estimate
 * to the measured peak (and back); times and costs stay estimates.
 */
import type { PlanRow } from "../../estimate/plan-row.ts";
import type { Strings } from "../../i18n/format.ts";
import { gb, num, pct, tr } from "../../i18n/format.ts";
import { $fit, BATCH_EXAMPLE, fit } from "../../stores/fit.ts";
import { $job, job } from "../../stores/job.ts";
import { $measured, $useMeasured, setUseMeasured } from "../../stores/measured.ts";
import { $model, $resolvedModel, readResolvedModel } from "../../stores/model.ts";
import { plan } from "../../stores/results/plan.ts";
import { fieldInputs } from "./FieldInput.tsx";
import { Frame } from "./Frame.tsx";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { island, read, readTask } from "./hooks.ts";
import { modelLabel } from "./model-label.ts";
import { verdictText } from "./verdict-text.ts";
import { ResultSummary, Results } from "./ResultSummary.tsx";
import { CheckField } from "./SelectField.tsx";
import { $catalog } from "../../stores/catalog.ts";

function scaling(r: PlanRow, t: Strings, lang: string): string {
  if (r.scalingEfficiency === null || r.gpus === 1) return "—";
  const value = pct(lang, r.scalingEfficiency);
  return r.scalingBasis === "measured"
    ? tr(t, "pt.measured", { value })
    : r.scalingBasis === "predicted"
      ? tr(t, "pt.predicted", { value })
      : value;
}

function PriceCell({ r, t, lang }: { r: PlanRow; t: Strings; lang: string }) {
  if (r.pricePerGpuHour === null || r.priceSource === null) return <>—</>;
  const price = num(lang, r.pricePerGpuHour, 2);
  if (r.priceSource === "request") return <>{`${price} (${tr(t, "pt.yours")})`}</>;
  return (
    <>
      {`${price} `}
      <a href={r.priceSource.url} rel="noopener noreferrer">
        {tr(t, "price.source", r.priceSource)}
      </a>
    </>
  );
}

function View({ t, lang, hydrated }: WidgetProps & Hydration) {
  const { gpus } = $catalog.get();
  const value = fit.effective(read($fit, hydrated));
  const jobValue = job.effective(read($job, hydrated));
  const { request, outcome } = readTask(plan, hydrated);
  const measured = hydrated ? $measured.get() : null;
  const hasMeasured = measured !== null && measured.peakMemoryBytes > 0;
  const useMeasured = hasMeasured && $useMeasured.get();
  const mode = value["mode"];
  const training = mode === "training";
  const batch = mode === "batch";
  const serving = mode === "inference";
  const id = "gf";
  const common = { id, gpus, t, lang, disabled: !hydrated };
  const f = fieldInputs({ ...common, fields: fit.fields, value, set: fit.set });
  // The job's size and deadline are the compute-time calculator's: one store, two views.
  const j = fieldInputs({ ...common, fields: job.fields, value: jobValue, set: job.set });
  return (
    <Frame
      id={id}
      title={tr(t, "gf.title")}
      t={t}
      hydrated={hydrated}
      model={batch ? undefined : modelLabel(t, lang, readResolvedModel(hydrated))}
      request={request}
      controls={
        <>
          {f("mode")}
          {training ? (
            <>
              {j("tokens")}
              {f("epochs")}
              {j("deadlineHours")}
              {f("network")}
              {f("interNodeGbps")}
            </>
          ) : batch ? (
            <>
              {f("secondsPerFrame")}
              {f("frames")}
              {f("measuredOn")}
              {f("bound")}
              {f("resolution")}
              {value["resolution"] !== undefined && f("complexity")}
              {j("deadlineHours")}
            </>
          ) : (
            <>
              {f("users")}
              {f("outputTokensPerSecondPerUser")}
            </>
          )}
          {f("budget")}
          {f("currency")}
          {f("sortBy")}
          {training && hasMeasured && (
            <CheckField
              id={`${id}-measured`}
              label={tr(t, "gf.useMeasured", { source: measured.sourceFile || tr(t, "gf.pasted") })}
              checked={useMeasured}
              onValue={setUseMeasured}
              disabled={!hydrated}
            />
          )}
        </>
      }
    >
      <p class="calc-note-text">
        {tr(t, `gf.note.${String(mode)}`, {
          seconds: num(lang, BATCH_EXAMPLE.secondsPerFrame, 0),
          frames: num(lang, BATCH_EXAMPLE.frames, 0),
        })}
      </p>
      {training && (
        <p class="calc-note-text" data-basis={useMeasured ? "measured" : "estimate"}>
          {useMeasured
            ? tr(t, "gf.noteMeasured", {
                gpu: measured.gpuName,
                count: measured.gpuCount,
                peak: gb(lang, measured.peakMemoryBytes),
                rent: gb(lang, measured.recommendedBytes),
                headroom: pct(lang, measured.headroom),
              })
            : tr(t, "gf.basisEstimate")}
        </p>
      )}
      <Results
        outcome={outcome}
        t={t}
        lang={lang}
        render={(r) => {
          const rows = r.best;
          const currency = r.currency;
          return (
            <>
              <div
                class="calc-scroll"
                tabIndex={0}
                role="region"
                aria-label={tr(t, "pt.caption", { currency })}
              >
                <table class="calc-table" data-table="fit">
                  <caption>{tr(t, "pt.caption", { currency })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">GPU</th>
                      {[
                        "pt.verdict",
                        "pt.gpus",
                        "pt.shape",
                        "pt.memory",
                        ...(serving ? ["pt.perUser"] : []),
                        "pt.hours",
                        "pt.cost",
                        serving
                          ? "pt.perUnitServing"
                          : batch
                            ? "pt.perUnitBatch"
                            : "pt.perUnitTraining",
                        "pt.scaling",
                        "pt.limit",
                        "pt.price",
                        "pt.why",
                      ].map((k) => (
                        <th scope="col" key={k}>
                          {tr(t, k, { currency })}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((x) => (
                      <tr key={x.gpu} data-gpu={x.gpu} data-verdict={x.verdict}>
                        <th scope="row">{x.gpuName}</th>
                        <td>{verdictText(x, t)}</td>
                        <td data-k="gpus">{`${num(lang, x.gpus, 0)} (${num(lang, x.nodes, 0)})`}</td>
                        <td>{tr(t, `shape.${x.shape}`)}</td>
                        <td>
                          {x.memoryPerGpuBytes === null ? "—" : gb(lang, x.memoryPerGpuBytes)}
                        </td>
                        {serving && <td>{num(lang, x.tokensPerSecondPerUser ?? null, 1)}</td>}
                        <td data-k="hours">{num(lang, x.hours, 2)}</td>
                        <td data-k="cost">{num(lang, x.cost, 2)}</td>
                        <td>
                          {num(lang, (serving ? x.costPerMillionTokens : x.costPerUnit) ?? null, 2)}
                        </td>
                        <td>{scaling(x, t, lang)}</td>
                        <td>{x.limitedBy === null ? "—" : tr(t, `limit.${x.limitedBy}`)}</td>
                        <td>
                          <PriceCell r={x} t={t} lang={lang} />
                        </td>
                        <td>{x.reasons.map((k) => tr(t, `pr.${k}`)).join("; ")}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ResultSummary assumptions={r.assumptions} warnings={r.warnings} t={t} lang={lang} />
            </>
          );
        }}
      />
    </Frame>
  );
}

export const GpuFit = island(View, [
  $fit,
  $job,
  $model,
  $measured,
  $useMeasured,
  plan.$outcome,
  $resolvedModel,
]);
