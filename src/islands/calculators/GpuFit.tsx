/** Every catalog GPU ranked for the current workload: fits, GPUs needed, time, cost, reasons. */
import type { GpuSpec } from "../../estimate/gpu.ts";
import { rankGpus } from "../../estimate/fit-rank.ts";
import {
  $compute,
  $cost,
  $fit,
  $inference,
  $model,
  $training,
  setFit,
} from "../../stores/index.ts";
import { fitWorkload, pricesPerGpu } from "./fit-workload.ts";
import type { Hydration, Strings } from "./ui.ts";
import { Frame, bind, gib, num, tr, island, read } from "./ui.ts";

export interface GpuFitProps {
  t: Strings;
  lang: string;
  gpus: GpuSpec[];
}

function View({ t, lang, gpus, hydrated }: GpuFitProps & Hydration) {
  const f = read($fit, hydrated);
  const m = read($model, hydrated);
  const s = read($training, hydrated);
  const i = read($inference, hydrated);
  const c = read($compute, hydrated);
  const k = read($cost, hydrated);
  const id = "gf";
  const { sel } = bind(id, f, setFit, t, lang, !hydrated);
  const rows = rankGpus(gpus, fitWorkload(f.mode, m, s, i, c), pricesPerGpu(k), f.sortBy);
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
        </>
      }
    >
      <p class="calc-note-text">
        {tr(t, f.mode === "training" ? "gf.noteTraining" : "gf.noteInference")}
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

export const GpuFit = island(View, [$fit, $model, $training, $inference, $compute, $cost]);
