/** What the training-memory widget shows: its inputs, the verdict, details and breakdown. */
import { LORA_FIELDS } from "../../estimate/memory/training-fields.ts";
import { BYTES_PER_GIB, BYTES_PER_MIB } from "../../estimate/units.ts";
import { msg, qty } from "../../i18n/text.ts";
import { $catalog } from "../catalog.ts";
import { $resolvedModel } from "../model.ts";
import { trainMemory } from "../results/train-memory.ts";
import { $training, METHODS, methodOf, setLora, setMethod, training } from "../training.ts";
import { defineView } from "./define.ts";
import { trainingShown } from "./training-shown.ts";
import type { FieldView } from "./fields.ts";
import { fieldViews, shownFields } from "./fields.ts";
import { barView, verdictView } from "./memory.ts";
import { modelText } from "./model-name.ts";
import { issuesAt, requestText, shown, summary } from "./result.ts";

const ID = "tm";

/** The inputs this widget shows, by the table they come from. */
export const TRAINING_MEMORY_INPUTS = {
  training: shownFields(training.fields, [
    "framework",
    "precision",
    "optimizer",
    "microBatch",
    "seqLen",
    "gradAccumulation",
    "recompute",
    "flashAttention",
    "loss",
    "gpus",
    "tensorParallel",
    "sharding",
    "offload",
    "headroom",
    "gpu",
  ]),
  lora: LORA_FIELDS,
};

export const trainingMemoryView = defineView(
  [$training, trainMemory.$request, trainMemory.$outcome, $resolvedModel, $catalog],
  (state, request, outcome, resolved, { gpus }) => {
    const value = trainingShown(state);
    const f = fieldViews({
      id: ID,
      fields: TRAINING_MEMORY_INPUTS.training,
      value,
      set: training.set,
      issues: issuesAt(outcome),
      gpus,
    });
    const method = methodOf(state);
    const lora = fieldViews({
      id: `${ID}-lora`,
      fields: TRAINING_MEMORY_INPUTS.lora,
      value: value.lora ?? {},
      set: setLora,
      issues: issuesAt(outcome, "lora"),
      gpus,
    });
    const controls: FieldView[] = [
      f("framework"),
      f("precision"),
      f("optimizer"),
      f("microBatch"),
      f("seqLen"),
      f("gradAccumulation"),
      f("recompute"),
      f("flashAttention"),
      f("loss"),
      {
        kind: "select",
        id: `${ID}-method`,
        label: msg("f.method"),
        value: method,
        choices: METHODS.map((m) => ({ value: m, label: msg(`opt.${m}`) })),
        onValue: (v) => setMethod(METHODS.find((m) => m === v) ?? "none"),
      },
      ...(method === "none"
        ? []
        : [
            {
              kind: "group" as const,
              id: `${ID}-lora`,
              legend: msg("opt.lora"),
              fields: [
                lora("rank"),
                lora("alpha"),
                lora("dropout"),
                lora("targets"),
                lora("baseBits"),
                ...(method === "qlora" ? [lora("doubleQuant")] : []),
                lora("adapterBits"),
                lora("fullModules"),
              ],
            },
          ]),
      f("gpus"),
      f("tensorParallel"),
      f("sharding"),
      f("offload"),
      f("headroom"),
      f("gpu"),
    ];
    return {
      id: ID,
      title: msg("tm.title"),
      model: modelText(resolved),
      request: requestText(request),
      controls,
      result: shown(outcome, (r) => ({
        verdict: verdictView(r.verdict, r.headroom, gpus, "tm.none"),
        details: msg("v.details"),
        explain: msg("v.explain"),
        figures: [
          {
            key: "allocator",
            label: msg("tm.allocator"),
            value: qty(r.allocatorPeakBytes / BYTES_PER_GIB, "gib", 1),
          },
          {
            key: "smi",
            label: msg("r.smi"),
            value: qty(r.nvidiaSmiBytes / BYTES_PER_MIB, "mib", 0),
          },
          {
            key: "trainable",
            label: msg("tm.trainable"),
            value: qty(r.trainableParams / 1e6, "millions", 1),
          },
        ],
        bar: barView(r.breakdown, r.recommendedBytes),
        summary: summary(r),
      })),
    };
  },
);
