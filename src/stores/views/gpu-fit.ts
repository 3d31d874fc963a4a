/**
 * What the decision table shows: the workload's inputs, every catalog GPU at its best count
 * (the plan's own order) with its verdict, time, cost and whose price, links that open a
 * row on the cost and inference pages, the options as a chart once opened, and which memory
 * it plans on (the estimate, or a peak the run-log analyzer measured).
 */
import type { PlanRow } from "../../estimate/plan/row.ts";
import type { Currency } from "../../estimate/vocabulary.ts";
import type { Changes } from "../field-store.ts";
import type { MessageKey, Text } from "../../i18n/text.ts";
import { msg, qty } from "../../i18n/text.ts";
import { planChart } from "./plan-chart.ts";
import { $catalog } from "../catalog.ts";
import { $fit, BATCH_EXAMPLE, fit } from "../fit.ts";
import { $job, job } from "../job.ts";
import { $measuredNow, $useMeasured } from "../measured.ts";
import { measuredCheck, measuredNote } from "./gpu-fit-measured.ts";
import { $resolvedModel } from "../model.ts";
import type { RowPage } from "../row-state.ts";
import { openRow } from "../open-row.ts";
import { plan } from "../results/plan.ts";
import { defineView } from "./define.ts";
import type { FieldView } from "./fields.ts";
import { fieldViews, shownFields } from "./fields.ts";
import { modelText } from "./model-name.ts";
import {
  bestRows,
  conversionMessage,
  limitsMessages,
  missedMessage,
  servingSetupMessage,
  verdictMessage,
} from "./plan-rows.ts";
import { hoursMessage, likelyMessage } from "./likely.ts";
import { $serving, serving } from "../serving.ts";
import { $yourPrices } from "../your-prices.ts";
import { $rowsEditor, yourPricesGroup } from "./your-prices.ts";
import { issuesAt, requestText, shown, summary } from "./result.ts";
import type { CellView, RowView } from "./table.ts";
import { PLAN_TABLE_ANCHOR } from "./table.ts";
import { $allCards, FIRST_CARDS, toggleAllCards } from "../fit-cards.ts";
import { $planChartOpen } from "../plan-chart-open.ts";

const ID = "gf";

/** The inputs this widget shows, by the table they come from. */
export const GPU_FIT_INPUTS = {
  fit: shownFields(fit.fields, [
    "mode",
    "epochs",
    "network",
    "interNodeGbps",
    "secondsPerFrame",
    "frames",
    "measuredOn",
    "bound",
    "resolution",
    "complexity",
    "users",
    "outputTokensPerSecondPerUser",
    "budget",
    "budgetCurrency",
    "currency",
    "sortBy",
    "setupHours",
    "networkGbps",
    "datasetGB",
    "rerunFraction",
    "checkpointEveryHours",
    "diskGBps",
    "idleHours",
  ]),
  job: shownFields(job.fields, ["tokens", "deadlineHours"]),
  serving: shownFields(serving.fields, ["contextTokens", "engine", "weightBits", "kvBits"]),
};
/** The detailed pages a row opens on, beside this one in either language. */
const PAGES = {
  cost: "../total-cost/",
  serving: "../inference/",
  training: "../training-memory/",
} as const;

/** A link that opens that page on this row (`open-row.ts`); `pt.open.<page>` names it. */
function opens(r: PlanRow, page: RowPage) {
  const href = PAGES[page];
  return { href, text: msg(`pt.open.${page}`), onClick: (e: Event) => openRow(e, r, page, href) };
}
/** Columns most readers skip, behind a box to tick. */
const MORE = ["pt.shape", "pt.scaling", "pt.limit", "pt.why"];

/** The row's scaling and its basis (`pt.scaling.<basis>`: measured, predicted or neither). */
const scalingText = (r: PlanRow): Text =>
  r.scalingEfficiency === null || r.gpus === 1 || r.scalingBasis === "single-gpu"
    ? "—"
    : msg(`pt.scaling.${r.scalingBasis}`, {
        value: qty(r.scalingEfficiency * 100, "percent", 0),
      });

/**
 * The price per GPU-hour and whose it is: the user's, or a dated reference with its link;
 * converted from the other currency, what it was quoted at and the rate; or, on an option
 * with no price, a request for the user's.
 */
function priceCell(r: PlanRow): CellView {
  if (r.pricePerGpuHour === null || r.priceSource === null)
    return r.verdict === "does-not-fit" ? { text: "—" } : { text: msg("pt.givePrice"), k: "price" };
  const price = qty(r.pricePerGpuHour, undefined, 2);
  const c = r.priceConversion;
  const converted = c ? conversionMessage(c) : null;
  if (r.priceSource === "request")
    return {
      text: converted
        ? msg("pt.yourPriceConverted", { price, converted })
        : msg("pt.yourPrice", { price }),
      k: "price",
    };
  // The source's provider, product, date and age fill its template.
  return {
    text: converted ? msg("pt.priceConverted", { price, converted }) : price,
    k: "price",
    link: { text: msg("price.source", { ...r.priceSource }), href: r.priceSource.url },
  };
}

/**
 * How a row runs. A served row of several copies says what each copy is, because its
 * memory per GPU is one copy's (its tensor-parallel group and the users it serves): the
 * inference page shows that figure for that group size and that many sequences.
 */
function shapeCell(r: PlanRow): CellView {
  const shape = msg(`shape.${r.shape}`);
  const tp = r.tensorParallel;
  const users = r.usersPerReplica;
  if (tp === undefined || users === undefined || r.gpus <= tp) return { text: shape, k: "shape" };
  const copies = qty(r.gpus / tp, undefined, 0);
  const each = qty(users, undefined, 0);
  const text =
    tp === 1
      ? msg("pt.copiesOfOne", { shape, copies, users: each })
      : msg("pt.copiesOfGroup", { shape, copies, tp, users: each });
  return { text, k: "shape" };
}

/**
 * A budget keeps the currency it is typed in: the first value pins the currency the costs
 * are shown in then, so choosing another currency later converts the budget instead of
 * relabelling it ("2,000 USD" never becomes "2,000 CNY"); clearing it clears the pin.
 */
export function budgetPin(
  changes: Changes<typeof fit.fields>,
  value: { budgetCurrency?: Currency | undefined },
  currency: Currency,
): Changes<typeof fit.fields> {
  if (!("budget" in changes)) return {};
  if (changes.budget === undefined) return { budgetCurrency: undefined };
  return value.budgetCurrency === undefined ? { budgetCurrency: currency } : {};
}

export const gpuFitView = defineView(
  [
    $fit,
    $job,
    plan.$request,
    plan.$outcome,
    $resolvedModel,
    $measuredNow,
    $useMeasured,
    $catalog,
    $yourPrices,
    $rowsEditor,
    $serving,
    $allCards,
    $planChartOpen,
  ],
  (
    fitState,
    jobState,
    request,
    outcome,
    resolved,
    measured,
    use,
    { gpus, currency: pageCurrency },
    prices,
    editor,
    servingState,
    allCards,
    chartOpen,
  ) => {
    const value = fit.effective(fitState);
    const bind = { id: ID, issues: issuesAt(outcome), gpus };
    // The plan's currency: the one chosen, else the page's, else your prices', else USD.
    const currency =
      outcome?.ok === true ? outcome.result.currency : (value.currency ?? pageCurrency ?? "USD");
    const f = fieldViews({ ...bind, fields: GPU_FIT_INPUTS.fit, value, set: fit.set, currency });
    // The budget in its own currency: the one it was typed in, kept when the costs' changes.
    const budget = fieldViews({
      ...bind,
      fields: GPU_FIT_INPUTS.fit,
      value,
      set: (changes) => fit.set({ ...changes, ...budgetPin(changes, value, currency) }),
      currency: value.budgetCurrency ?? currency,
    });
    // The job's size and deadline are the compute-time calculator's: one store, two views.
    const j = fieldViews({
      ...bind,
      fields: GPU_FIT_INPUTS.job,
      value: job.effective(jobState),
      set: job.set,
    });
    // How the model is served: the inference calculators' own store, one setup for all.
    const sv = fieldViews({
      ...bind,
      fields: GPU_FIT_INPUTS.serving,
      value: serving.effective(servingState),
      set: serving.set,
    });
    const mode = value.mode;
    // A peak or a training run's speed applies to a training plan; a server's speed to serving.
    const applies =
      measured !== null &&
      (mode === "training"
        ? measured.peakMemoryBytes > 0 || measured.basisKind === "training"
        : mode === "inference" && measured.basisKind === "serving");
    const m = applies ? { measuredCheck, measuredNote } : null;
    const workload: FieldView[] =
      mode === "training"
        ? [j("tokens"), f("epochs"), j("deadlineHours"), f("network"), f("interNodeGbps")]
        : mode === "batch"
          ? [
              f("secondsPerFrame"),
              f("frames"),
              f("measuredOn"),
              f("bound"),
              f("resolution"),
              // A scene's complexity matters only to a render's VRAM rule of thumb.
              ...(value.resolution === undefined ? [] : [f("complexity")]),
              j("deadlineHours"),
            ]
          : [
              f("users"),
              f("outputTokensPerSecondPerUser"),
              // What the answer assumes of the serving setup, changeable here (`$serving`).
              sv("contextTokens"),
              sv("engine"),
              sv("weightBits"),
              sv("kvBits"),
            ];
    const controls: FieldView[] = [
      f("mode"),
      ...workload,
      budget("budget"),
      ...(value.budget === undefined ? [] : [f("budgetCurrency")]),
      f("currency"),
      yourPricesGroup(`${ID}-p`, prices, editor, outcome, gpus, currency),
      f("sortBy"),
      // The hours a rental bills beside the run: shown with their defaults, to be replaced.
      {
        kind: "group",
        id: `${ID}-billing`,
        legend: msg("gf.billing"),
        fields: [
          f("setupHours"),
          f("networkGbps"),
          f("datasetGB"),
          f("rerunFraction"),
          ...(mode === "inference" ? [] : [f("checkpointEveryHours"), f("diskGBps")]),
          f("idleHours"),
        ],
      },
      ...(m && measured ? [m.measuredCheck(ID, measured, use)] : []),
    ];
    return {
      id: ID,
      title: msg("gf.title"),
      // A batch job has no model.
      model: mode === "batch" ? null : modelText(resolved),
      request: requestText(request),
      controls,
      notes: [
        {
          text: msg(`gf.note.${mode}`, {
            seconds: qty(BATCH_EXAMPLE.secondsPerFrame, undefined, 0),
            frames: qty(BATCH_EXAMPLE.frames, undefined, 0),
          }),
        },
        // What the table's billed hours count, and how they are counted.
        { text: msg(`fd.billed.${mode}`), data: { "data-billed": mode } },
        // Which memory a training plan rests on: the estimate, or a peak measured on a run.
        ...(m && measured && use
          ? [m.measuredNote(measured)]
          : mode === "training"
            ? [{ text: msg("gf.basisEstimate"), data: { "data-basis": "estimate" } }]
            : []),
      ],
      result: shown(outcome, (r) => {
        const currency = r.currency;
        const serving = mode === "inference";
        const columns: MessageKey[] = [
          "pt.verdict",
          "pt.gpus",
          "pt.shape",
          "pt.memory",
          ...(serving ? ["pt.perUser" as const] : []),
          "pt.hours",
          "pt.cost",
          `pt.perUnit.${mode}`,
          // What the load asked leaves unused of the GPUs it pays for.
          ...(serving ? ["pt.capacity" as const] : []),
          "pt.scaling",
          "pt.limit",
          "pt.price",
          "pt.why",
        ];
        const num = (n: number | null | undefined, digits: number) => qty(n, undefined, digits);
        const best = bestRows(r);
        return {
          assumes: serving ? servingSetupMessage(r.assumptions) : null,
          lines: limitsMessages(r.limits, currency),
          // Drawn while open: a page carries no chart until a reader opens it.
          planChart: {
            summary: msg("gf.chart"),
            v: chartOpen ? planChart(best, currency) : null,
          },
          table: {
            name: "fit",
            anchor: PLAN_TABLE_ANCHOR,
            caption: msg("pt.caption", { currency }),
            columns: ["GPU", ...columns.map((k): Text => msg(k, { currency }))],
            more: {
              columns: columns.flatMap((k, i) => (MORE.includes(k) ? [i + 1] : [])),
              label: msg("pt.more"),
            },
            collapse:
              best.length > FIRST_CARDS
                ? {
                    first: FIRST_CARDS,
                    expanded: allCards,
                    label: allCards
                      ? msg("gf.showFewer", { count: qty(FIRST_CARDS, undefined, 0) })
                      : msg("gf.showAll", { count: qty(best.length, undefined, 0) }),
                    toggle: toggleAllCards,
                  }
                : null,
            rows: best.map((x): RowView => ({
              key: x.gpu,
              data: { "data-gpu": x.gpu, "data-verdict": x.verdict },
              head: x.gpuName,
              // What it misses of the deadline and budget, where the eye starts.
              mark: missedMessage(x),
              cells: [
                { text: verdictMessage(x), k: "verdict" },
                {
                  text: msg("pt.gpusNodes", { gpus: num(x.gpus, 0), nodes: num(x.nodes, 0) }),
                  k: "gpus",
                },
                shapeCell(x),
                {
                  text: qty(x.memoryPerGpuRentGB, "gb", 1),
                  k: "memory",
                  // A served row on the inference page (its GPU, group and users per copy),
                  // a training row on the training-memory page, when the plan estimated it.
                  link:
                    serving && x.tensorParallel !== undefined
                      ? opens(x, "serving")
                      : mode === "training" &&
                          !(use && measured && measured.peakMemoryBytes > 0) &&
                          x.memoryPerGpuBytes !== null
                        ? opens(x, "training")
                        : null,
                },
                ...(serving
                  ? [
                      {
                        text: likelyMessage(
                          x.tokensPerSecondPerUser,
                          x.tokensPerSecondPerUserRange,
                          undefined,
                          "cell",
                          1,
                        ),
                      },
                    ]
                  : []),
                { text: hoursMessage(x.hours, x.hoursRange, "cell", 2), k: "hours" },
                {
                  text: num(x.cost, 2),
                  k: "cost",
                  // Every billed hour of this row, on the cost page.
                  link: x.runHours === null ? null : opens(x, "cost"),
                },
                { text: num(serving ? x.costPerMillionTokens : x.costPerUnit, 2) },
                ...(serving
                  ? [
                      {
                        text:
                          x.capacityUsers === undefined || x.spareShare === undefined
                            ? "—"
                            : msg("pt.capacityCell", {
                                users: num(x.capacityUsers, 0),
                                spare: qty(x.spareShare * 100, "percent", 0),
                              }),
                        k: "capacity",
                      },
                    ]
                  : []),
                { text: scalingText(x) },
                { text: x.limitedBy === null ? "—" : msg(`limit.${x.limitedBy}`) },
                priceCell(x),
                { text: { list: x.reasons.map((k) => msg(`pr.${k}`)), sep: "pt.whySeparator" } },
              ],
            })),
          },
          summary: summary(r),
        };
      }),
    };
  },
);
