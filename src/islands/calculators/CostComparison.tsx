/**
 * Node options side by side: billed hours (run + setup, download, reruns, export, idle),
 * storage and transfer, total cost, cost per unit of work, and monthly break-even.
 */
import { CHART_GPU_COUNTS } from "../../estimate/vocabulary.ts";
import { COST_FIELDS, COST_OPTION_FIELDS } from "../../estimate/tasks/cost-fields.ts";
import { num, tr } from "../../i18n/format.ts";
import { $catalog } from "../../stores/catalog.ts";
import { $cost, addOption, cost, removeOption, setOption } from "../../stores/cost.ts";
import { costComparison } from "../../stores/results/cost.ts";
import { CostChart } from "./CostChart.tsx";
import { fieldInputs } from "./FieldInput.tsx";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { island, read, readTask } from "./hooks.ts";
import { Results, issuesByField } from "./ResultSummary.tsx";

function View({ t, lang, hydrated }: WidgetProps & Hydration) {
  const { gpus } = $catalog.get();
  const value = cost.effective(read($cost, hydrated));
  const options = (value["options"] as Record<string, unknown>[] | undefined) ?? [];
  const { request, outcome } = readTask(costComparison, hydrated);
  const issues = outcome && !outcome.ok ? outcome.issues : [];
  const id = "cc";
  const d = !hydrated;
  const common = { gpus, t, lang, disabled: d };
  const f = fieldInputs({
    id,
    fields: cost.fields,
    value,
    set: cost.set,
    issues: issuesByField(issues, t, lang),
    ...common,
  });
  const name = (gid: unknown) => gpus.find((g) => g.id === gid)?.name ?? String(gid);
  const label = (i: number) => {
    const x = options[i];
    return x
      ? tr(t, "k.optionLabel", {
          n: i + 1,
          gpu: name(x["gpu"]),
          count: num(lang, x["gpus"] as number),
        })
      : "";
  };
  return (
    <Frame
      id={id}
      title={tr(t, "cc.title")}
      t={t}
      hydrated={hydrated}
      request={request}
      controls={
        <>
          {f("singleGpuHours")}
          {options.map((x, i) => {
            const o = fieldInputs({
              id: `${id}-o${i}`,
              fields: COST_OPTION_FIELDS,
              value: x,
              set: (c) => setOption(i, c),
              issues: issuesByField(issues, t, lang, `options.${i}`),
              ...common,
            });
            return (
              <fieldset key={i} class="calc-option">
                <legend>{tr(t, "k.option", { n: i + 1 })}</legend>
                {o("gpu")}
                {o("gpus")}
                {o("pricePerHour")}
                {o("scaling")}
                {options.length > COST_FIELDS.options.min && (
                  <button
                    type="button"
                    class="no-print calc-secondary"
                    onClick={() => removeOption(i)}
                    disabled={d}
                  >
                    {tr(t, "k.remove", { n: i + 1 })}
                  </button>
                )}
              </fieldset>
            );
          })}
          {options.length < COST_FIELDS.options.max && (
            <button type="button" class="no-print calc-secondary" onClick={addOption} disabled={d}>
              {tr(t, "k.add")}
            </button>
          )}
          <fieldset class="calc-option">
            <legend>{tr(t, "k.hidden")}</legend>
            {f("setupHours")}
            {f("dataPrepHours")}
            {f("downloadHours")}
            {f("rerunFraction")}
            {f("exportHours")}
            {f("idleHours")}
            {f("storageGB")}
            {f("storagePricePerGBMonth")}
            {f("transferGB")}
            {f("transferPricePerGB")}
            {f("monthlyPrice")}
            {f("units")}
          </fieldset>
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
                  key: "cheapest",
                  label: tr(t, "r.cheapest"),
                  value: `${label(r.cheapest)}: ${num(lang, r.options[r.cheapest]?.total)}`,
                  main: true,
                },
                {
                  key: "fastest",
                  label: tr(t, "r.fastest"),
                  value: `${label(r.fastest)}: ${num(lang, r.options[r.fastest]?.hours)} h`,
                },
                {
                  key: "breakEven",
                  label: tr(t, "r.breakEven"),
                  value:
                    r.monthlyBreakEvenHours === undefined
                      ? tr(t, "r.noMonthly")
                      : `${num(lang, r.monthlyBreakEvenHours)} h`,
                },
              ]}
            />
            <div class="calc-scroll" tabIndex={0} role="region" aria-label={tr(t, "k.caption")}>
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
                  {r.options.map((x, i) => (
                    <tr key={i} data-option={i}>
                      <th scope="row">
                        {label(i)}
                        {i === r.cheapest && <strong> · {tr(t, "k.cheapestMark")}</strong>}
                      </th>
                      <td>{num(lang, x.runHours)}</td>
                      <td>{num(lang, x.hours)}</td>
                      <td data-cell="total">{num(lang, x.total)}</td>
                      <td>{num(lang, x.costPerUnit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <CostChart
              counts={CHART_GPU_COUNTS}
              series={r.costByGpuCount.map((costs, i) => ({ label: label(i), costs }))}
              t={t}
              lang={lang}
            />
          </>
        )}
      />
    </Frame>
  );
}

export const CostComparison = island(View, [$cost, costComparison.$outcome]);
