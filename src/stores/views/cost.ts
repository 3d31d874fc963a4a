/**
 * What the cost comparison shows: the node options and hidden charges as inputs, the
 * cheapest and fastest option, each option's hours and cost, and cost against GPU count.
 */
import { COST_FIELDS, COST_OPTION_FIELDS } from "../../estimate/cost/fields.ts";
import { CHART_GPU_COUNTS } from "../../estimate/vocabulary.ts";
import type { Msg } from "../../i18n/text.ts";
import { msg, qty } from "../../i18n/text.ts";
import { $catalog } from "../catalog.ts";
import { $cost, addOption, cost, removeOption, setOption } from "../cost.ts";
import { costComparison } from "../results/cost.ts";
import { chartView } from "./cost-chart.ts";
import { defineView } from "./define.ts";
import type { FieldView } from "./fields.ts";
import { fieldViews } from "./fields.ts";
import { listEditor } from "./list-editor.ts";
import { gpuName, issuesAt, requestText, shown } from "./result.ts";
import type { RowView } from "./table.ts";

const ID = "cc";

export const costView = defineView(
  [$cost, costComparison.$request, costComparison.$outcome, $catalog],
  (state, request, outcome, { gpus, currency: pageCurrency }) => {
    const value = cost.effective(state);
    const options = value.options ?? [];
    // Every price and total in one currency: the one chosen, else the page's.
    const currency =
      outcome?.ok === true ? outcome.result.currency : (value.currency ?? pageCurrency ?? "USD");
    const f = fieldViews({
      id: ID,
      fields: cost.fields,
      value,
      set: cost.set,
      issues: issuesAt(outcome),
      gpus,
      currency,
    });
    const controls: FieldView[] = [
      f("currency"),
      f("singleGpuHours"),
      ...listEditor({
        id: `${ID}-o`,
        addId: `${ID}-add`,
        item: COST_OPTION_FIELDS,
        rows: options,
        canRemove: options.length > COST_FIELDS.options.min,
        canAdd: options.length < COST_FIELDS.options.max,
        legend: (i) => msg("k.option", { n: i + 1 }),
        removeLabel: (i) => msg("k.remove", { n: i + 1 }),
        addLabel: msg("k.add"),
        inputs: (of) => [of("gpu"), of("gpus"), of("pricePerHour"), of("scaling"), of("runHours")],
        set: setOption,
        remove: removeOption,
        add: addOption,
        issues: (i) => issuesAt(outcome, `options.${i}`),
        gpus: () => gpus,
        currency,
      }),
      {
        kind: "group",
        id: `${ID}-hidden`,
        legend: msg("k.hidden"),
        fields: [
          f("setupHours"),
          f("dataPrepHours"),
          f("downloadHours"),
          f("rerunFraction"),
          f("checkpointHours"),
          f("exportHours"),
          f("idleHours"),
          f("storageGB"),
          f("storagePricePerGBMonth"),
          f("transferGB"),
          f("transferPricePerGB"),
          f("monthlyPrice"),
          f("units"),
        ],
      },
    ];
    return {
      id: ID,
      title: msg("cc.title"),
      request: requestText(request),
      controls,
      result: shown(outcome, (r) => {
        const label = (i: number): Msg => {
          const o = r.options[i]?.option;
          return msg("k.optionLabel", {
            n: i + 1,
            gpu: gpuName(gpus, o?.gpu),
            count: qty(o?.gpus, undefined, 0),
          });
        };
        const pick = (i: number, value: Msg | ReturnType<typeof qty>) =>
          msg("k.pick", { option: label(i), value });
        const money = (n: number | null | undefined) =>
          n === undefined || n === null
            ? qty(null)
            : msg("shown.money", { n: qty(n, undefined, 2), currency });
        return {
          figures: [
            {
              key: "cheapest",
              label: msg("cc.cheapest"),
              value: pick(r.cheapest, money(r.options[r.cheapest]?.total)),
              main: true,
            },
            {
              key: "fastest",
              label: msg("cc.fastest"),
              value: pick(r.fastest, qty(r.options[r.fastest]?.hours, "hours")),
            },
            {
              key: "breakEven",
              label: msg("cc.breakEven"),
              value:
                r.monthlyBreakEvenHours === undefined
                  ? msg("cc.noMonthly")
                  : qty(r.monthlyBreakEvenHours, "hours"),
            },
          ],
          table: {
            name: "options",
            caption: msg("k.caption"),
            columns: [
              msg("col.option"),
              msg("col.runHours"),
              msg("col.billedHours"),
              msg("col.total"),
              msg("col.perUnit"),
            ],
            rows: r.options.map((x, i): RowView => ({
              key: `${i}`,
              data: { "data-option": i },
              head: label(i),
              mark: i === r.cheapest ? msg("k.cheapestMark") : null,
              cells: [
                { text: qty(x.runHours) },
                { text: qty(x.hours) },
                { text: money(x.total), k: "total" },
                { text: money(x.costPerUnit) },
              ],
            })),
          },
          chart: chartView(
            CHART_GPU_COUNTS,
            r.costByGpuCount.map((costs, i) => ({ label: label(i), costs })),
            r.currency,
          ),
        };
      }),
    };
  },
);
