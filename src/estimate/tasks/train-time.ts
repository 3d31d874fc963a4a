/**
 * `train-time`: the FLOPs of a training job, the sustained rate a deadline needs, and the
 * hours on the chosen GPUs (and on the same number of each catalog GPU).
 */
import { peakTflopsNeeded, sustainedTflopsForDeadline, trainTime } from "../compute-time.ts";
import { mathFormatFor } from "../precision.ts";
import { trainingFlops } from "../training-flops.ts";
import { predictTrainingScaling } from "../plan-training.ts";
import { SECONDS_PER_HOUR } from "../units.ts";
import { gpuById, speedFigureIssues } from "./context.ts";
import type { Resolved } from "./field.ts";
import type { Issue } from "./issue.ts";
import { issue } from "./issue.ts";
import { JOB_FIELDS, jobDefaults } from "./job-fields.ts";
import type { TaskContext } from "./task.ts";
import { defineTask } from "./task.ts";
import { trainingInput, trainingJobFlops } from "./train-memory.ts";
import { trainingParallelRules } from "./parallel-rules.ts";
import { TRAINING_FIELDS, trainingDefaults } from "./training-fields.ts";

export const TRAIN_TIME_FIELDS = {
  model: { kind: "model" },
  ...TRAINING_FIELDS,
  ...JOB_FIELDS,
} as const;
type TimeRequest = Resolved<typeof TRAIN_TIME_FIELDS>;

/** The job's FLOPs: from the model and tokens (see `trainingJobFlops`), or samples x FLOPs. */
export function jobFlops(r: TimeRequest, ctx: TaskContext): number {
  if (r.work === "samples")
    return trainingFlops({
      kind: "samples",
      samples: r.samples ?? 0,
      flopsPerSample: r.flopsPerSample ?? 0,
      forwardOnly: r.forwardOnly,
    });
  if (!r.model) throw new Error("the requirements hold a model to tokens");
  return trainingJobFlops(trainingInput({ ...r, model: r.model }, ctx), r.tokens ?? 0);
}

/** The work unit named explicitly needs its own count (`work: "samples"` with tokens only). */
function timeRules(r: TimeRequest): Issue[] {
  const out = trainingParallelRules(r);
  const unit = r.work === "samples" ? "samples" : "tokens";
  if (r[unit] === undefined && (r.tokens !== undefined || r.samples !== undefined))
    out.push(issue(unit, "needs-with", { with: "work" }));
  return out;
}

/**
 * The scaling on `r.gpus` of a GPU: the user's measured one, else predicted from the GPU's
 * links for a job counted in tokens (per-step compute needs the batch), else none known.
 */
function scalingOn(r: TimeRequest, ctx: TaskContext, gpuId: string, flops: number) {
  if (r.gpus <= 1) return { value: 1, basis: "single-gpu" as const };
  if (r.scaling !== undefined) return { value: r.scaling, basis: "measured" as const };
  if (r.work === "samples" || !r.model || !r.tokens) return { value: 1, basis: "assumed" as const };
  const memory = trainingInput({ ...r, model: r.model }, ctx);
  const predicted = predictTrainingScaling(
    { memory, flops, tokens: r.tokens, format: mathFormatFor(r.precision), mfu: r.mfu },
    gpuById(ctx, gpuId),
    r.gpus,
  ).prediction;
  return predicted
    ? { value: predicted.efficiency, basis: "predicted" as const }
    : { value: 1, basis: "assumed" as const };
}

function timeOn(r: TimeRequest, ctx: TaskContext, gpuId: string, flops: number) {
  const scaling = scalingOn(r, ctx, gpuId, flops);
  const t = trainTime({
    flops,
    gpu: gpuById(ctx, gpuId),
    format: mathFormatFor(r.precision),
    gpus: r.gpus,
    mfu: r.mfu,
    scaling: scaling.value,
    scalingBasis: scaling.basis,
  });
  return { ...t, scalingEfficiency: scaling.value, scalingBasis: scaling.basis };
}

export const trainTimeTask = defineTask({
  id: "train-time",
  fields: TRAIN_TIME_FIELDS,
  required: ["gpu"],
  // The work in tokens or in samples; 6·N·D needs the model's parameter count, and work in
  // samples the FLOPs of one.
  requirements: [
    { oneOf: ["tokens", "samples"] },
    { field: "model", with: "tokens" },
    { field: "flopsPerSample", with: "samples" },
  ],
  defaults: (given) => ({ ...trainingDefaults(given), ...jobDefaults(given) }),
  rules: (r, ctx) => [...timeRules(r), ...speedFigureIssues(ctx, "gpu", r.gpu, ["fp32Tflops"])],
  run: (r, ctx) => {
    const flops = jobFlops(r, ctx);
    const t = timeOn(r, ctx, r.gpu ?? "", flops);
    const deadline =
      r.deadlineHours === undefined
        ? {}
        : {
            deadlineSustainedTflops: sustainedTflopsForDeadline(
              flops,
              r.deadlineHours * SECONDS_PER_HOUR,
            ),
            deadlinePeakTflopsNeeded: peakTflopsNeeded(
              flops,
              r.deadlineHours * SECONDS_PER_HOUR,
              r.mfu,
            ),
          };
    const cost =
      r.pricePerGpuHour === undefined ? {} : { cost: t.hours * r.gpus * r.pricePerGpuHour };
    // GPUs without a compute figure (Ascend 910B) have no time to compare.
    const byGpu = ctx.gpus
      .filter((g) => g.fp32Tflops !== undefined)
      .map((g) => {
        const x = timeOn(r, ctx, g.id, flops);
        return {
          gpu: g.id,
          peakTflops: x.peakTflops,
          hours: x.hours,
          scalingEfficiency: x.scalingEfficiency,
        };
      });
    return { ...t, flops, ...deadline, ...cost, byGpu };
  },
});
