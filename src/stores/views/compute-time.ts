/**
 * What the compute-time widget shows: the job's FLOPs, the rate its deadline needs, the
 * hours on the chosen GPUs and on as many of each catalog GPU.
 */
import { msg, qty } from "../../i18n/text.ts";
import { $catalog } from "../catalog.ts";
import { $job, job } from "../job.ts";
import { $resolvedModel } from "../model.ts";
import { trainTime } from "../results/train-time.ts";
import { $training, training } from "../training.ts";
import { defineView } from "./define.ts";
import { trainingShown } from "./training-shown.ts";
import { fieldViews, shownFields } from "./fields.ts";
import { modelText } from "./model-name.ts";
import { hoursMessage } from "./likely.ts";
import { gpuName, issuesAt, requestText, shown, summary } from "./result.ts";
import type { RowView } from "./table.ts";

const ID = "ct";

/** The inputs this widget shows, by the table they come from. */
export const COMPUTE_TIME_INPUTS = {
  job: shownFields(job.fields, [
    "work",
    "samples",
    "flopsPerSample",
    "forwardOnly",
    "tokens",
    "deadlineHours",
    "mfu",
    "scaling",
    "network",
    "interNodeGbps",
  ]),
  training: shownFields(training.fields, ["precision", "gpu", "gpus"]),
};

export const computeTimeView = defineView(
  [$job, $training, trainTime.$request, trainTime.$outcome, $resolvedModel, $catalog],
  (jobState, trainState, request, outcome, resolved, { gpus }) => {
    const jobValue = job.effective(jobState);
    const trainValue = trainingShown(trainState);
    const issues = issuesAt(outcome);
    const j = fieldViews({
      id: ID,
      fields: COMPUTE_TIME_INPUTS.job,
      value: jobValue,
      set: job.set,
      issues,
      gpus,
    });
    const t = fieldViews({
      id: ID,
      fields: COMPUTE_TIME_INPUTS.training,
      value: trainValue,
      set: training.set,
      issues,
      gpus,
    });
    const count = qty(trainValue.gpus, undefined, 0);
    return {
      id: ID,
      title: msg("ct.title"),
      model: modelText(resolved),
      request: requestText(request),
      controls: [
        j("work"),
        ...(jobValue.work === "samples"
          ? [j("samples"), j("flopsPerSample"), j("forwardOnly")]
          : [j("tokens")]),
        j("deadlineHours"),
        j("mfu"),
        t("precision"),
        t("gpu"),
        t("gpus"),
        j("scaling"),
        j("network"),
        j("interNodeGbps"),
      ],
      result: shown(outcome, (r) => ({
        figures: [
          { key: "flops", label: msg("ct.flops"), value: qty(r.flops, "flops", "sci") },
          {
            key: "sustained",
            label: msg("ct.sustained"),
            value: qty(r.deadlineSustainedTflops, "tflops"),
          },
          {
            key: "peakNeeded",
            label: msg("ct.peakNeeded"),
            value: qty(r.deadlinePeakTflopsNeeded, "tflops"),
          },
          {
            key: "hours",
            label: msg("ct.hoursOn", { gpu: gpuName(gpus, trainValue.gpu), count }),
            value: hoursMessage(r.hours, r.hoursRange),
            main: true,
          },
          ...(r.deadlineVerdict === undefined
            ? []
            : [
                {
                  key: "deadline",
                  label: msg("ct.deadline"),
                  value: msg(`deadline.${r.deadlineVerdict}`),
                },
              ]),
          {
            key: "likely",
            label: msg("r.likely"),
            value: msg(`likely.basis.${r.hoursRange.basis}`, {
              runs: r.hoursRange.runs,
              sources: r.hoursRange.sources,
            }),
          },
        ],
        table: {
          caption: msg("ct.table", { count }),
          columns: ["GPU", msg("col.peak"), msg("col.hours")],
          rows: r.byGpu.map((x): RowView => ({
            key: x.gpu,
            head: gpuName(gpus, x.gpu),
            cells: [
              { text: qty(x.peakTflops) },
              { text: hoursMessage(x.hours, x.hoursRange, "cell") },
            ],
          })),
        },
        summary: summary(r),
      })),
    };
  },
);
