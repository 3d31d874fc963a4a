/**
 * Every catalog GPU ranked for the current workload: fits, GPUs needed, time, cost, reasons.
 * When the run-log analyzer has stored measurements, the memory basis can switch from the
 * estimate to the measured peak (and back); times and costs stay estimates.
 */
import { gb, gib, num, pct, tr } from "../../i18n/format.ts";
import { $catalog } from "../../stores/catalog.ts";
import { $fit, fit } from "../../stores/fit.ts";
import { $measured, $useMeasured, setUseMeasured } from "../../stores/measured.ts";
import { $model, $resolvedModel, readResolvedModel } from "../../stores/model.ts";
import { fitRank } from "../../stores/results/fit-rank.ts";
import { fieldInputs } from "./FieldInput.tsx";
import { Frame } from "./Frame.tsx";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { island, read, readTask } from "./hooks.ts";
import { modelLabel } from "./model-label.ts";
import { Results } from "./ResultSummary.tsx";
import { CheckField } from "./SelectField.tsx";

function View({ t, lang, hydrated }: WidgetProps & Hydration) {
  const { gpus } = $catalog.get();
  const value = fit.effective(read($fit, hydrated));
  const { request, outcome } = readTask(fitRank, hydrated);
  const measured = hydrated ? $measured.get() : null;
  const hasMeasured = measured !== null && measured.peakMemoryBytes > 0;
  const useMeasured = hasMeasured && $useMeasured.get();
  const id = "gf";
  const f = fieldInputs({
    id,
    fields: fit.fields,
    value,
    set: fit.set,
    gpus,
    t,
    lang,
    disabled: !hydrated,
  });
  const name = (gid: string) => gpus.find((g) => g.id === gid)?.name ?? gid;
  // The capacity each row's need is held against: nvidia-smi memory.total, not the box's GB.
  const usable = (gid: string) => {
    const bytes = gpus.find((g) => g.id === gid)?.memoryTotalBytes;
    return bytes === undefined ? "—" : gib(lang, bytes);
  };
  return (
    <Frame
      id={id}
      title={tr(t, "gf.title")}
      t={t}
      hydrated={hydrated}
      model={modelLabel(t, lang, readResolvedModel(hydrated))}
      request={request}
      controls={
        <>
          {f("mode")}
          {f("sortBy")}
          {hasMeasured && (
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
        {tr(t, value["mode"] === "training" ? "gf.noteTraining" : "gf.noteInference")}
      </p>
      <p class="calc-note-text" data-basis={useMeasured ? "measured" : "estimate"}>
        {useMeasured
          ? tr(t, "gf.noteMeasured", {
              gpu: measured.gpuName,
              count: measured.gpuCount,
              peak: gib(lang, measured.peakMemoryBytes),
              rent: gb(lang, measured.recommendedBytes),
              headroom: pct(lang, measured.headroom),
            })
          : tr(t, "gf.basisEstimate")}
      </p>
      <Results
        outcome={outcome}
        t={t}
        lang={lang}
        render={(r) => (
          <div class="calc-scroll" tabIndex={0} role="region" aria-label={tr(t, "gf.caption")}>
            <table class="calc-table" data-table="fit">
              <caption>{tr(t, "gf.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">GPU</th>
                  <th scope="col">{tr(t, "col.fits")}</th>
                  <th scope="col">{tr(t, "col.count")}</th>
                  <th scope="col">{tr(t, "col.memPerGpu")}</th>
                  <th scope="col">{tr(t, "col.usablePerGpu")}</th>
                  <th scope="col">{tr(t, "col.hours")}</th>
                  <th scope="col">{tr(t, "col.cost")}</th>
                  <th scope="col">{tr(t, "col.reasons")}</th>
                </tr>
              </thead>
              <tbody>
                {r.rows.map((r) => (
                  <tr key={r.gpuId} data-gpu={r.gpuId}>
                    <th scope="row">{name(r.gpuId)}</th>
                    <td>{tr(t, r.fits ? "yes" : "no")}</td>
                    <td>{num(lang, r.gpusNeeded)}</td>
                    <td>{r.memoryPerGpuBytes === null ? "—" : gib(lang, r.memoryPerGpuBytes)}</td>
                    <td>{usable(r.gpuId)}</td>
                    <td>{num(lang, r.hours)}</td>
                    <td>{num(lang, r.cost)}</td>
                    <td>{r.reasons.map((x) => tr(t, `reason.${x}`)).join("; ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      />
    </Frame>
  );
}

export const GpuFit = island(View, [
  $fit,
  $model,
  $measured,
  $useMeasured,
  fitRank.$outcome,
  $resolvedModel,
]);
