/**
 * Node options side by side: billed hours (run + setup, download, reruns, export, idle),
 * storage and transfer, total cost, cost per unit of work, and monthly break-even.
 */
import type { Overheads } from "../../estimate/cost.ts";
import {
  compareOptions,
  monthlyBreakEvenHours,
  rentalCost,
  scaledHours,
} from "../../estimate/cost.ts";
import { $cost, addOption, removeOption, setCost, setOption } from "../../stores/cost.ts";
import type { CostState } from "../../stores/cost.ts";
import { CostChart } from "./CostChart.tsx";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import { NumberField } from "./NumberField.tsx";
import { SelectField } from "./SelectField.tsx";
import { bind } from "./bind.tsx";
import { gpuChoices } from "./choices.ts";
import { num, tr } from "../../i18n/format.ts";
import { island, read } from "./hooks.ts";
// Bundling: every widget references the model picker, so the picker and the UI they all
// share travel in one chunk instead of several small ones (see ModelPicker.tsx).
export { ModelPicker } from "./ModelPicker.tsx";

const CHART_COUNTS = [1, 2, 4, 8] as const;

function overheads(k: CostState): Overheads {
  return {
    setupHours: k.setupHours,
    dataPrepHours: k.dataPrepHours,
    downloadHours: k.downloadHours,
    exportHours: k.exportHours,
    rerunFraction: k.rerunPct / 100,
    idleHours: k.idleHours,
    storageGB: k.storageGB,
    storagePricePerGBMonth: k.storagePrice,
    transferGB: k.transferGB,
    transferPricePerGB: k.transferPrice,
  };
}

function View({ t, lang, gpus, hydrated }: WidgetProps & Hydration) {
  const k = read($cost, hydrated);
  const id = "cc";
  const d = !hydrated;
  const { n } = bind(id, k, setCost, t, lang, d);
  const o = overheads(k);
  const result = compareOptions({
    ...o,
    singleGpuHours: k.singleGpuHours,
    units: k.units,
    options: k.options.map((x) => ({
      gpu: x.gpu,
      gpus: x.gpus,
      pricePerHour: x.price,
      scaling: x.scalingPct / 100,
    })),
  });
  const name = (gid: string) => gpus.find((g) => g.id === gid)?.name ?? gid;
  const label = (i: number) => {
    const x = k.options[i];
    return x ? tr(t, "k.optionLabel", { n: i + 1, gpu: name(x.gpu), count: x.gpus }) : "";
  };
  const series = k.options.map((x, i) => ({
    label: label(i),
    costs: CHART_COUNTS.map(
      (c) =>
        rentalCost(
          (x.price / x.gpus) * c,
          scaledHours(k.singleGpuHours, c, x.scalingPct / 100),
          o,
          k.units,
        ).total,
    ),
  }));
  const first = k.options[0];
  const breakEven =
    first && k.monthlyPrice > 0 ? monthlyBreakEvenHours(first.price, k.monthlyPrice) : null;
  return (
    <Frame
      id={id}
      title={tr(t, "cc.title")}
      t={t}
      hydrated={hydrated}
      controls={
        <>
          {n("singleGpuHours", tr(t, "unit.hours"), 0.01, 1e6, false)}
          {k.options.map((x, i) => (
            <fieldset key={i} class="calc-option">
              <legend>{tr(t, "k.option", { n: i + 1 })}</legend>
              <SelectField
                id={`${id}-o${i}-gpu`}
                label={tr(t, "f.gpu")}
                value={x.gpu}
                choices={gpuChoices(gpus)}
                onValue={(v) => setOption(i, { gpu: v })}
                disabled={d}
              />
              <NumberField
                id={`${id}-o${i}-gpus`}
                label={tr(t, "f.gpus")}
                unit={tr(t, "unit.gpus")}
                value={x.gpus}
                rule={{ min: 1, max: 1024, integer: true }}
                onValue={(v) => setOption(i, { gpus: v })}
                t={t}
                lang={lang}
                disabled={d}
              />
              <NumberField
                id={`${id}-o${i}-price`}
                label={tr(t, "f.price")}
                unit={tr(t, "unit.perHour")}
                value={x.price}
                rule={{ min: 0, max: 1e6 }}
                onValue={(v) => setOption(i, { price: v })}
                t={t}
                lang={lang}
                disabled={d}
              />
              <NumberField
                id={`${id}-o${i}-scaling`}
                label={tr(t, "f.scalingPct")}
                unit="%"
                value={x.scalingPct}
                rule={{ min: 1, max: 100 }}
                onValue={(v) => setOption(i, { scalingPct: v })}
                t={t}
                lang={lang}
                disabled={d}
              />
              {k.options.length > 1 && (
                <button type="button" class="no-print" onClick={() => removeOption(i)} disabled={d}>
                  {tr(t, "k.remove", { n: i + 1 })}
                </button>
              )}
            </fieldset>
          ))}
          {k.options.length < 4 && (
            <button type="button" class="no-print" onClick={addOption} disabled={d}>
              {tr(t, "k.add")}
            </button>
          )}
          <fieldset class="calc-option">
            <legend>{tr(t, "k.hidden")}</legend>
            {n("setupHours", tr(t, "unit.hours"), 0, 1e5, false)}
            {n("dataPrepHours", tr(t, "unit.hours"), 0, 1e5, false)}
            {n("downloadHours", tr(t, "unit.hours"), 0, 1e5, false)}
            {n("rerunPct", "%", 0, 1000, false)}
            {n("exportHours", tr(t, "unit.hours"), 0, 1e5, false)}
            {n("idleHours", tr(t, "unit.hours"), 0, 1e5, false)}
            {n("storageGB", "GB", 0, 1e7, false)}
            {n("storagePrice", tr(t, "unit.perGBMonth"), 0, 1e4, false)}
            {n("transferGB", "GB", 0, 1e7, false)}
            {n("transferPrice", tr(t, "unit.perGB"), 0, 1e4, false)}
            {n("monthlyPrice", tr(t, "unit.perMonth"), 0, 1e8, false)}
            {n("units", tr(t, "unit.units"), 1, 1e12, false)}
          </fieldset>
        </>
      }
    >
      <Figures
        items={[
          {
            key: "cheapest",
            label: tr(t, "r.cheapest"),
            value: `${label(result.cheapest)}: ${num(lang, result.options[result.cheapest]?.total)}`,
            main: true,
          },
          {
            key: "fastest",
            label: tr(t, "r.fastest"),
            value: `${label(result.fastest)}: ${num(lang, result.options[result.fastest]?.hours)} h`,
          },
          {
            key: "breakEven",
            label: tr(t, "r.breakEven"),
            value: breakEven === null ? tr(t, "r.noMonthly") : `${num(lang, breakEven)} h`,
          },
        ]}
      />
      <table class="calc-table" data-table="options">
        <caption>{tr(t, "k.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{tr(t, "col.option")}</th>
            <th scope="col">{tr(t, "col.runHours")}</th>
            <th scope="col">{tr(t, "col.billedHours")}</th>
            <th scope="col">{tr(t, "col.total")}</th>
            <th scope="col">{tr(t, "col.perUnit")}</th>
          </tr>
        </thead>
        <tbody>
          {result.options.map((x, i) => (
            <tr key={i} data-option={i}>
              <th scope="row">
                {label(i)}
                {i === result.cheapest && <strong> · {tr(t, "k.cheapestMark")}</strong>}
              </th>
              <td>{num(lang, x.runHours)}</td>
              <td>{num(lang, x.hours)}</td>
              <td data-cell="total">{num(lang, x.total)}</td>
              <td>{num(lang, x.costPerUnit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <CostChart counts={CHART_COUNTS} series={series} t={t} lang={lang} />
    </Frame>
  );
}

export const CostComparison = island(View, [$cost]);
