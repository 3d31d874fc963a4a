/**
 * What the front door shows: the goal, the model, the few inputs that matter for it, and
 * the decision table's first options that run, each as one sentence of the page's language.
 */
import type { PlanRow } from "../../estimate/plan/row.ts";
import type { Msg } from "../../i18n/text.ts";
import { msg, qty } from "../../i18n/text.ts";
import { $catalog } from "../catalog.ts";
import { $fit, fit } from "../fit.ts";
import { $goal, chooseGoal, choosePreset, GOALS } from "../front-door.ts";
import { $job, job } from "../job.ts";
import { $model, model } from "../model.ts";
import { plan } from "../results/plan.ts";
import type { RowPage } from "../row-state.ts";
import { openRow } from "../open-row.ts";
import { $serving, serving } from "../serving.ts";
import { $training, methodOf, setMethod, training } from "../training.ts";
import { defineView } from "./define.ts";
import type { FieldView } from "./fields.ts";
import { fieldViews, shownFields } from "./fields.ts";
import {
  bestRows,
  costMessage,
  deadlineDigits,
  deadlineShown,
  limitsMessages,
  missedMessage,
  moneyMessage,
  optionMessage,
  ratesMessages,
  servingSetupMessage,
  verdictMessage,
} from "./plan-rows.ts";
import { hoursMessage, likelyMessage } from "./likely.ts";
import { shown } from "./result.ts";
import { warningMessage } from "../../i18n/messages.ts";

const ID = "fd";

/** The inputs the front door shows, by the table they come from. */
export const FRONT_DOOR_INPUTS = {
  fit: shownFields(fit.fields, [
    "secondsPerFrame",
    "frames",
    "measuredOn",
    "users",
    "outputTokensPerSecondPerUser",
    "currency",
  ]),
  job: shownFields(job.fields, ["tokens", "deadlineHours"]),
  serving: shownFields(serving.fields, ["contextTokens", "engine", "weightBits", "kvBits"]),
  training: shownFields(training.fields, ["framework", "seqLen", "recompute"]),
};
const LORA_METHODS = ["lora", "qlora"] as const;
/** Options shown: the first rows of distinct GPUs that run, in the plan's order. */
export const TOP = 3;

/** One option as a sentence; `option` ("2 × RTX 4090") is the part the markup emphasises. */
function answer(r: PlanRow, goal: string, currency: string, deadline?: number): Msg {
  const option = optionMessage(r);
  const missing = r.hours !== null && deadline !== undefined && r.hours > deadline;
  const digits =
    deadline === undefined
      ? 1
      : deadlineDigits(deadline, missing && r.hours ? [r.hours] : [], false);
  const said =
    goal === "serve"
      ? msg("fd.answerServe", {
          option,
          verdict: verdictMessage(r),
          rate: likelyMessage(
            r.tokensPerSecondPerUser,
            r.tokensPerSecondPerUserRange,
            "tokens-per-second",
            "sentence",
            1,
          ),
          cost: costMessage(
            r,
            moneyMessage(r.cost === null ? null : r.costPerMillionTokens, currency),
          ),
        })
      : msg("fd.answer", {
          option,
          verdict: goal === "batch" ? msg(`shape.${r.shape}`) : verdictMessage(r),
          // An option just over the deadline shows above it ("6.04 h", not "6 h").
          hours: hoursMessage(
            r.hours === null || deadline === undefined
              ? r.hours
              : deadlineShown(r.hours, deadline, digits),
            r.hoursRange,
            "sentence",
            digits,
          ),
          cost: costMessage(r, moneyMessage(r.cost, currency)),
        });
  const missed = missedMessage(r);
  if (missed) return msg("fd.missed", { answer: said, missed });
  // A deadline met even at the slow end of the likely range says so.
  return r.deadlineVerdict === "meets-even-slow"
    ? msg("fd.missed", { answer: said, missed: msg("deadline.meets-even-slow") })
    : said;
}

/** The top option in one short line, for the summary that stays in view on a phone. */
function glance(r: PlanRow, goal: string, currency: string): Msg {
  const option = optionMessage(r);
  return goal === "serve"
    ? msg("fd.glanceServe", {
        option,
        rate: qty(r.tokensPerSecondPerUser, "tokens-per-second", 1),
        cost: moneyMessage(r.cost === null ? null : r.costPerMillionTokens, currency),
      })
    : msg("fd.glance", {
        option,
        hours: hoursMessage(r.hours, null, "sentence", 1),
        cost: moneyMessage(r.cost, currency),
      });
}

export const frontDoorView = defineView(
  [$goal, $model, $fit, $job, $serving, $training, plan.$outcome, $catalog],
  (goal, modelState, fitState, jobState, servingState, trainingState, outcome, catalog) => {
    const { gpus, presets } = catalog;
    const m = model.effective(modelState);
    const fitValue = fit.effective(fitState);
    const bind = { id: ID, gpus };
    const f = fieldViews({
      ...bind,
      fields: FRONT_DOOR_INPUTS.fit,
      value: fitValue,
      set: fit.set,
      // The plan's currency: the one chosen, else the page's.
      currency:
        outcome?.ok === true ? outcome.result.currency : (fitValue.currency ?? catalog.currency),
    });
    const j = fieldViews({
      ...bind,
      fields: FRONT_DOOR_INPUTS.job,
      value: job.effective(jobState),
      set: job.set,
    });
    const s = fieldViews({
      ...bind,
      fields: FRONT_DOOR_INPUTS.serving,
      value: serving.effective(servingState),
      set: serving.set,
    });
    const t = fieldViews({
      ...bind,
      fields: FRONT_DOOR_INPUTS.training,
      value: training.effective(trainingState),
      set: training.set,
    });
    // How a training question runs, named and changeable here: LoRA or QLoRA (its base's
    // bits), the framework whose defaults fill the rest, sequence length and recomputation.
    const method = methodOf(trainingState);
    const how: FieldView[] = [
      ...(goal === "fine-tune"
        ? [
            {
              kind: "select" as const,
              id: `${ID}-method`,
              label: msg("f.method"),
              value: method,
              choices: LORA_METHODS.map((m) => ({ value: m, label: msg(`opt.${m}`) })),
              onValue: (v: string) => setMethod(LORA_METHODS.find((m) => m === v) ?? "lora"),
            },
          ]
        : []),
      t("framework"),
      t("seqLen"),
      t("recompute"),
    ];
    const batch = goal === "batch";
    const own = m.kind !== "preset";
    const controls: FieldView[] = [
      {
        kind: "select",
        id: `${ID}-goal`,
        label: msg("fd.goal"),
        value: goal,
        choices: GOALS.map((g) => ({ value: g, label: msg(`fd.goal.${g}`) })),
        onValue: (v) => chooseGoal(GOALS.find((g) => g === v) ?? "fine-tune"),
      },
      // A batch job has no model to choose.
      ...(batch
        ? []
        : [
            {
              kind: "select" as const,
              id: `${ID}-model`,
              label: msg("fd.model"),
              value: own ? "" : (m.preset ?? ""),
              choices: [
                ...(own ? [{ value: "", label: msg("fd.modelOwn") }] : []),
                ...presets.map((p) => ({ value: p.id, label: p.name })),
              ],
              onValue: choosePreset,
            },
          ]),
      ...(batch
        ? [f("secondsPerFrame"), f("frames"), f("measuredOn"), j("deadlineHours")]
        : goal === "serve"
          ? // What a serving answer assumes, changeable where the answer names it.
            [
              f("users"),
              f("outputTokensPerSecondPerUser"),
              s("contextTokens"),
              s("engine"),
              s("weightBits"),
              s("kvBits"),
            ]
          : [j("tokens"), j("deadlineHours"), ...how]),
      f("currency"),
    ];
    return {
      controls,
      result: shown(outcome, (r) => {
        const top = bestRows(r)
          .filter((x) => x.verdict !== "does-not-fit")
          .slice(0, TOP);
        const first = top[0];
        return {
          /** Opens a detailed page (the cost page, the inference page) on the first option. */
          open: first
            ? (e: Event, page: RowPage, href: string) => openRow(e, first, page, href)
            : null,
          none: top.length ? null : msg("pt.none", { max: qty(fitValue.maxGpus, undefined, 0) }),
          /** The first option in one line (or that none runs), kept in view on a phone. */
          glance: first
            ? glance(first, goal, r.currency)
            : msg("pt.none", { max: qty(fitValue.maxGpus, undefined, 0) }),
          // A plan on the user's own run says so before anything else.
          limits: [
            ...r.warnings.filter((w) => w.code === "measured-basis").map(warningMessage),
            ...limitsMessages(r.limits, r.currency),
          ],
          /** A serving answer's engine and precisions ("Assumes vLLM, 16-bit … weights …"). */
          assumes: goal === "serve" ? servingSetupMessage(r.assumptions) : null,
          /** What the hours an answer shows count; a serving answer shows none. */
          billed: goal === "serve" ? null : msg(`fd.billed.${batch ? "batch" : "training"}`),
          /** The exchange rate of the options' converted costs, said once below them. */
          rates: ratesMessages(top),
          options: top.map((x) => ({
            gpu: x.gpu,
            gpus: x.gpus,
            text: answer(x, goal, r.currency, r.limits.deadlineHours),
          })),
        };
      }),
      /** Which memory calculator the goal's link opens; a batch job has none to size. */
      memory: batch ? null : goal === "serve" ? ("serving" as const) : ("training" as const),
      batch,
    };
  },
);
