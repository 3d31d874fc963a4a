/**
 * Every catalog GPU ranked for the current workload: fits, GPUs needed, time, cost, reasons.
 * When the run-log analyzer has stored measurements, the memory basis can switch from the
 * estimate to the measured peak (and back); times and costs stay estimates.
 */
import { atom } from "nanostores";
import { rankGpus } from "../../estimate/fit-rank.ts";
import { $compute } from "../../stores/compute.ts";
import { $cost } from "../../stores/cost.ts";
import { $fit, setFit } from "../../stores/fit.ts";
import { $model } from "../../stores/model.ts";
import { $training } from "../../stores/training.ts";
import type { MeasuredState } from "../../stores/measured.ts";
import { pricesPerGpu, rateSettings, trainingWorkload } from "./fit-workload.ts";
import type { InferenceState } from "../../stores/inference.ts";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { Frame } from "./Frame.tsx";
import { bind } from "./bind.tsx";
import { gib, num, tr } from "../../i18n/format.ts";
import { island, read } from "./hooks.ts";
// Bundling: every widget references the model picker, so the picker and the UI they all
// share travel in one chunk instead of several small ones (see ModelPicker.tsx).
export { ModelPicker } from "./ModelPicker.tsx";

/**
 * Inference mode (serving settings and estimator), loaded the first time someone ranks for
 * inference; the settings stay subscribed, so the table follows them from then on.
 */
interface Serving {
  settings: InferenceState;
  workload: (typeof import("./fit-inference.ts"))["inferenceWorkload"];
}
const $infer = atom<Serving | null>(null);
let loading = false;
function loadInference(): void {
  if (loading) return;
  loading = true;
  void import("./fit-inference.ts").then(({ $inference, inferenceWorkload }) => {
    $inference.subscribe((settings) => $infer.set({ settings, workload: inferenceWorkload }));
  });
}

/**
 * The measured basis (fit-measured.tsx), loaded only when this browser has stored the
 * analyzer's measurements. The key is `$measured`'s storage key in stores/measured.ts.
 */
const MEASURED_KEY = "gpu-calc:measured:v1";
interface MeasuredBasis {
  ui: typeof import("./fit-measured.tsx");
  value: MeasuredState | null;
  use: boolean;
}
const $measuredBasis = atom<MeasuredBasis | null>(null);
let measuredLoading = false;
function loadMeasured(): void {
  let stored = false;
  try {
    stored = localStorage.getItem(MEASURED_KEY) !== null;
  } catch {
    // Storage refused: nothing was measured in this browser.
  }
  if (measuredLoading || !stored) return;
  measuredLoading = true;
  void import("./fit-measured.tsx").then((ui) => {
    const update = () =>
      $measuredBasis.set({ ui, value: ui.$measured.get(), use: ui.$useMeasured.get() });
    ui.$measured.subscribe(update);
    ui.$useMeasured.listen(update);
  });
}
if (typeof window !== "undefined")
  window.addEventListener("storage", (e) => {
    if (e.key === MEASURED_KEY) loadMeasured();
  });

function View({ t, lang, gpus, hydrated }: WidgetProps & Hydration) {
  const f = read($fit, hydrated);
  const m = read($model, hydrated);
  const s = read($training, hydrated);
  const c = read($compute, hydrated);
  const k = read($cost, hydrated);
  if (hydrated) loadMeasured();
  const basis = hydrated ? $measuredBasis.get() : null;
  const measured = basis && basis.value && basis.value.peakMemoryBytes > 0 ? basis.value : null;
  const useMeasured = measured !== null && basis !== null && basis.use;
  const id = "gf";
  const { sel } = bind(id, f, setFit, t, lang, !hydrated);
  if (f.mode === "inference") loadInference();
  // null while inference mode loads; undefined ranks training.
  const serving = f.mode === "inference" ? $infer.get() : undefined;
  const waiting = serving === null;
  const base = serving
    ? serving.workload(m, serving.settings, rateSettings(c))
    : waiting
      ? null
      : trainingWorkload(m, s, c);
  const work = base && useMeasured ? basis.ui.measuredWorkload(base, measured) : base;
  const rows = work ? rankGpus(gpus, work, pricesPerGpu(k), f.sortBy) : [];
  const name = (gid: string) => gpus.find((g) => g.id === gid)?.name ?? gid;
  return (
    <Frame
      id={id}
      title={tr(t, "gf.title")}
      t={t}
      hydrated={hydrated}
      model={m.name}
      controls={
        <>
          {sel("mode", ["training", "inference"])}
          {sel("sortBy", ["cost", "time"])}
          {basis && measured && (
            <basis.ui.MeasuredToggle t={t} m={measured} checked={useMeasured} />
          )}
        </>
      }
    >
      <p class="calc-note-text">
        {tr(t, f.mode === "training" ? "gf.noteTraining" : "gf.noteInference")}
      </p>
      <p class="calc-note-text" data-basis={useMeasured ? "measured" : "estimate"}>
        {useMeasured ? basis.ui.measuredNote(t, lang, measured) : tr(t, "gf.basisEstimate")}
      </p>
      <div class="calc-scroll" tabIndex={0} role="region" aria-label={tr(t, "gf.caption")}>
        <table class="calc-table" data-table="fit">
          <caption>{tr(t, "gf.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">GPU</th>
              <th scope="col">{tr(t, "col.fits")}</th>
              <th scope="col">{tr(t, "col.count")}</th>
              <th scope="col">{tr(t, "col.memPerGpu")}</th>
              <th scope="col">{tr(t, "col.hours")}</th>
              <th scope="col">{tr(t, "col.cost")}</th>
              <th scope="col">{tr(t, "col.reasons")}</th>
            </tr>
          </thead>
          <tbody>
            {waiting && (
              <tr>
                <td colSpan={7}>{tr(t, "gf.loading")}</td>
              </tr>
            )}
            {rows.map((r) => (
              <tr key={r.gpuId} data-gpu={r.gpuId}>
                <th scope="row">{name(r.gpuId)}</th>
                <td>{tr(t, r.fits ? "yes" : "no")}</td>
                <td>{num(lang, r.gpusNeeded)}</td>
                <td>{r.memoryPerGpuBytes === null ? "—" : gib(lang, r.memoryPerGpuBytes)}</td>
                <td>{num(lang, r.hours)}</td>
                <td>{num(lang, r.cost)}</td>
                <td>{r.reasons.map((x) => tr(t, `reason.${x}`)).join("; ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Frame>
  );
}

export const GpuFit = island(View, [
  $fit,
  $model,
  $training,
  $compute,
  $cost,
  $measuredBasis,
  $infer,
]);
