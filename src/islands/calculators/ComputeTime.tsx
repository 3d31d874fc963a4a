/** Training FLOPs (6·N·D or samples x FLOPs per sample), the TFLOPS a deadline needs, hours on each GPU. */
import type { GpuSpec } from "../../estimate/gpu.ts";
import {
  peakTflopsNeeded,
  sustainedTflopsForDeadline,
  trainTime,
} from "../../estimate/compute-time.ts";
import { mathFormatFor } from "../../estimate/precision.ts";
import { SECONDS_PER_HOUR } from "../../estimate/units.ts";
import { $compute, setCompute } from "../../stores/compute.ts";
import { $model } from "../../stores/model.ts";
import { $training, setTraining } from "../../stores/training.ts";
import { jobFlops } from "./flops.ts";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import { ResultSummary } from "./ResultSummary.tsx";
import { SelectField } from "./SelectField.tsx";
import { bind } from "./bind.tsx";
import { choices, gpuChoices } from "./choices.ts";
import { findGpu } from "./inputs.ts";
import { num, sci, tr } from "../../i18n/format.ts";
import { island, read } from "./hooks.ts";
// Bundling: every widget references the model picker, so the picker and the UI they all
// share travel in one chunk instead of several small ones (see ModelPicker.tsx).
export { ModelPicker } from "./ModelPicker.tsx";

function View({ t, lang, gpus, hydrated }: WidgetProps & Hydration) {
  const m = read($model, hydrated);
  const s = read($compute, hydrated);
  const tr0 = read($training, hydrated);
  const id = "ct";
  const d = !hydrated;
  const { n, sel, chk } = bind(id, s, setCompute, t, lang, d);
  const flops = jobFlops(m, s, tr0);
  const format = mathFormatFor(tr0.precision);
  const mfu = s.mfuPct / 100;
  const seconds = s.deadlineHours * SECONDS_PER_HOUR;
  const time = (g: GpuSpec) =>
    trainTime({ flops, gpu: g, gpus: s.gpus, format, mfu, scaling: s.scalingPct / 100 });
  const gpu = findGpu(gpus, tr0.gpu) ?? gpus[0];
  const r = gpu ? time(gpu) : null;
  return (
    <Frame
      id={id}
      title={tr(t, "ct.title")}
      t={t}
      hydrated={hydrated}
      model={m.name}
      controls={
        <>
          {sel("mode", ["tokens", "samples"])}
          {s.mode === "tokens" ? (
            n("tokens", tr(t, "unit.tokens"), 1, 1e16, false, true)
          ) : (
            <>
              {n("samples", tr(t, "unit.samples"), 1, 1e15, false, true)}
              {n("flopsPerSample", "FLOPs", 1, 1e20, false, true)}
              {chk("forwardOnly")}
            </>
          )}
          {n("deadlineHours", tr(t, "unit.hours"), 0.01, 1e5, false)}
          {n("mfuPct", "%", 1, 100, false)}
          <SelectField
            id={`${id}-precision`}
            label={tr(t, "f.precision")}
            value={tr0.precision}
            choices={choices(t, ["bf16-mixed", "fp16-mixed", "bf16", "fp32"])}
            onValue={(v) => setTraining({ precision: v as typeof tr0.precision })}
            disabled={d}
          />
          <SelectField
            id={`${id}-gpu`}
            label={tr(t, "f.gpu")}
            value={tr0.gpu}
            choices={gpuChoices(gpus)}
            onValue={(v) => setTraining({ gpu: v })}
            disabled={d}
          />
          {n("gpus", tr(t, "unit.gpus"), 1, 65536)}
          {n("scalingPct", "%", 1, 100, false)}
        </>
      }
    >
      <Figures
        items={[
          { key: "flops", label: tr(t, "r.flops"), value: `${sci(lang, flops)} FLOPs` },
          {
            key: "sustained",
            label: tr(t, "r.sustained"),
            value: `${num(lang, sustainedTflopsForDeadline(flops, seconds))} TFLOPS`,
          },
          {
            key: "peakNeeded",
            label: tr(t, "r.peakNeeded"),
            value: `${num(lang, peakTflopsNeeded(flops, seconds, mfu))} TFLOPS`,
          },
          {
            key: "hours",
            label: tr(t, "r.hoursOn", { gpu: gpu?.name ?? "—", count: s.gpus }),
            value: `${num(lang, r?.hours)} h`,
            main: true,
          },
        ]}
      />
      <table class="calc-table">
        <caption>{tr(t, "ct.table", { count: s.gpus, mfu: s.mfuPct })}</caption>
        <thead>
          <tr>
            <th scope="col">GPU</th>
            <th scope="col">{tr(t, "col.peak")}</th>
            <th scope="col">{tr(t, "col.hours")}</th>
          </tr>
        </thead>
        <tbody>
          {gpus.map((g) => {
            const x = time(g);
            return (
              <tr key={g.id}>
                <th scope="row">{g.name}</th>
                <td>{num(lang, x.peakTflops)}</td>
                <td>{num(lang, x.hours)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {r && <ResultSummary assumptions={r.assumptions} warnings={r.warnings} t={t} lang={lang} />}
    </Frame>
  );
}

export const ComputeTime = island(View, [$model, $compute, $training]);
