/**
 * `train-time`: the FLOPs of a training job, the sustained rate a deadline needs, and the
 * hours on the chosen GPUs (and on the same number of each catalog GPU). A job counted in
 * tokens runs through the training step (`training/run.ts`): FLOPs by mechanism, the
 * measured utilisation table (or your MFU), the pipeline bubble, the traffic of each
 * parallel group over the links and the network it crosses, and the work beside the FLOPs
 * (LoRA's adapter traffic, a k-bit base's dequantisation, the optimizer step). A job
 * counted in samples has no model to do that with: its FLOPs at your MFU (or the published
 * default). Every time and speed carries its likely range (`training/time-range.ts`).
 */
import { peakTflopsNeeded, sustainedTflopsForDeadline, trainTime } from "./compute-time.ts";
import type { GpuSpec } from "../hardware/gpu.ts";
import { isArch, shapeFromParams } from "../model/model.ts";
import {
  routedCopyBytesPerToken,
  SMALL_EXPERT_BATCH_TOKENS,
  tokensPerExpert,
} from "./moe-routing.ts";
import { mathFormatFor } from "../hardware/precision.ts";
import type { Assumption, Warning } from "../result.ts";
import { part, sumBreakdown } from "../result.ts";
import { hardwareFlopsOf, modelFlopsOf, samplesFlops } from "./flops.ts";
import type { RunOptions } from "./run.ts";
import { runOn } from "./run.ts";
import { FLOPS_PER_TFLOP, SECONDS_PER_HOUR } from "../units.ts";
import { MFU_DEFAULT } from "../vocabulary.ts";
import { gpuById, speedFigureIssues } from "../memory/verdict.ts";
import type { Resolved } from "../request/field.ts";
import type { Issue } from "../request/issue.ts";
import { issue } from "../request/issue.ts";
import { JOB_FIELDS, jobDefaults } from "./job-fields.ts";
import { deadlineVerdict, likelyHours, likelyRate, rangeKindOf } from "./time-range.ts";
import { KERNEL_FIELDS } from "./attention-kernel.ts";
import { interNodeOf } from "../hardware/network-fields.ts";
import { speedLayoutRules, trainingParallelRules } from "../memory/parallel-rules.ts";
import type { TaskContext } from "../request/task.ts";
import { defineTask } from "../request/task.ts";
import { trainingInput, trainingTokenFlops } from "../memory/train-memory.ts";
import { trainingDefaults } from "../memory/training-defaults.ts";
import { TRAINING_FIELDS } from "../memory/training-fields.ts";

export const TRAIN_TIME_FIELDS = {
  model: { kind: "model" },
  ...TRAINING_FIELDS,
  ...JOB_FIELDS,
  ...KERNEL_FIELDS,
} as const;
type TimeRequest = Resolved<typeof TRAIN_TIME_FIELDS>;

/**
 * The work unit named explicitly needs its own count (`work: "samples"` with tokens only),
 * and a layout the step can run (pipeline and expert parallel against the model).
 */
function timeRules(r: TimeRequest): Issue[] {
  const out = trainingParallelRules(r);
  const unit = r.work === "samples" ? "samples" : "tokens";
  if (r[unit] === undefined && (r.tokens !== undefined || r.samples !== undefined))
    out.push(issue(unit, "needs-with", { with: "work" }));
  const spec = r.model?.spec;
  const arch = spec === undefined ? undefined : isArch(spec) ? spec : shapeFromParams(spec.params);
  if (out.length === 0) out.push(...speedLayoutRules(r, arch));
  return out;
}

const runOptions = (r: TimeRequest, ctx: TaskContext): RunOptions => {
  const network = interNodeOf(r);
  return {
    pipelineParallel: r.pipelineParallel,
    virtualStages: r.virtualStages,
    expertParallel: r.expertParallel,
    fp8: r.fp8,
    attentionKernel: r.attentionKernel,
    ...(r.framework === undefined ? {} : { framework: r.framework }),
    ...(r.mfu === undefined ? {} : { mfu: r.mfu }),
    ...(r.scaling === undefined ? {} : { measuredScaling: r.scaling }),
    ...(network === undefined ? {} : { interNodeGBps: network.GBps }),
    ...(ctx.utilisation === undefined ? {} : { table: ctx.utilisation }),
  };
};

function peakWarnings(gpu: GpuSpec, asked: string, used: string, fellBack: boolean): Warning[] {
  const out: Warning[] = [];
  if (fellBack)
    out.push({
      code: asked === "bf16" ? "no-bf16" : asked === "fp8" ? "no-fp8" : "low-precision-fallback",
      params: { gpu: gpu.name, used },
    });
  if (gpu.unverified.length > 0)
    out.push({
      code: "unverified-gpu-figures",
      params: { gpu: gpu.name, figures: gpu.unverified.join(",") },
    });
  return out;
}

/** A job counted in tokens on `gpus` of one GPU: its step, hours and why. */
function tokensOn(r: TimeRequest, ctx: TaskContext, gpu: GpuSpec) {
  if (!r.model) throw new Error("the requirements hold a model to tokens");
  const memory = trainingInput({ ...r, model: r.model }, ctx);
  const flops = trainingTokenFlops(memory);
  const run = runOn(memory, flops, gpu, r.gpus, r.sharding, runOptions(r, ctx));
  const tokens = r.tokens ?? 0;
  const s = run.step;
  const seconds = tokens / (s.tokensPerSecondPerGpu * r.gpus);
  return { memory, flops, run, tokens, seconds, hours: seconds / SECONDS_PER_HOUR };
}

function tokensResult(r: TimeRequest, ctx: TaskContext, gpu: GpuSpec) {
  const t = tokensOn(r, ctx, gpu);
  const s = t.run.step;
  const hours = t.hours;
  // The step's time in parts: ideal compute, the slowest pipeline stage's extra layers,
  // the pipeline's idle bubble, traffic nothing hides; for a measured or assumed scaling,
  // what it takes beyond compute.
  const computeHours = hours * s.efficiency * (1 - s.fixedShare);
  const p = s.prediction;
  const imbalanceHours = p ? computeHours * (s.imbalance - 1) : 0;
  const bubbleHours = p ? computeHours * s.imbalance * s.bubble : 0;
  // Per-micro-step and per-optimizer-step work (dequantisation, the optimizer's update).
  const fixedHours = hours * s.fixedShare;
  const breakdown = [
    part("compute", computeHours),
    part("stage-imbalance", imbalanceHours),
    part("pipeline-bubble", bubbleHours),
    part("fixed-work", fixedHours),
    part("communication", p ? hours - computeHours - imbalanceHours - bubbleHours - fixedHours : 0),
    part("scaling-loss", p ? 0 : hours - computeHours - fixedHours),
  ];
  const perNode = Math.max(...gpu.nodeGpus);
  const network = interNodeOf(r);
  const noFp8 = r.fp8 && gpu.tensorTflopsDense.fp8 === undefined;
  const warnings = peakWarnings(
    gpu,
    noFp8 ? "fp8" : mathFormatFor(r.precision),
    s.densePeak.format,
    s.densePeak.fellBack || noFp8,
  );
  if (r.gpus > perNode && !network && r.scaling === undefined)
    warnings.push({ code: "inter-node-network-unknown", params: { gpu: gpu.name, perNode } });
  const arch = isArch(t.memory.model) ? t.memory.model : shapeFromParams(t.memory.model.params);
  const expertTokens = tokensPerExpert(
    arch,
    r.microBatch * r.seqLen,
    r.tensorParallel,
    r.expertParallel,
  );
  if (arch.moe && expertTokens <= SMALL_EXPERT_BATCH_TOKENS)
    warnings.push({
      code: "moe-small-expert-batches",
      params: { tokens: Math.round(expertTokens) },
    });
  const modelPerToken = modelFlopsOf(t.flops);
  const routedBytes = routedCopyBytesPerToken(arch, t.flops.forwardReruns);
  const hardwarePerToken = hardwareFlopsOf(t.flops);
  const assumptions: Assumption[] = [
    { key: "model-flops-per-token", value: modelPerToken, source: "model-flops" },
    { key: "hardware-flops-per-token", value: hardwarePerToken, source: "hardware-flops" },
    ...(routedBytes > 0
      ? [{ key: "moe-routed-bytes-per-token", value: routedBytes, source: "moe-routing" } as const]
      : []),
    {
      key: "peak-tflops",
      value: s.densePeak.tflops,
      source: "datasheet-dense",
      sourceParams: { gpu: gpu.name, format: s.densePeak.format },
    },
    ...t.run.assumptions,
    { key: "gpus", value: r.gpus, source: "request" },
    ...(network ? [network.assumption] : []),
    ...(s.bubble > 0
      ? [{ key: "bubble-share", value: s.bubble, source: "pipeline-bubble" } as const]
      : []),
    {
      key: "scaling",
      value: s.efficiency,
      source:
        s.basis === "single-gpu"
          ? "single-gpu"
          : s.basis === "measured"
            ? "request"
            : s.basis === "predicted"
              ? "scaling-predicted"
              : "scaling-default",
    },
  ];
  return {
    total: sumBreakdown(breakdown),
    breakdown,
    assumptions,
    warnings,
    hours,
    seconds: t.seconds,
    flops: modelPerToken * t.tokens,
    hardwareFlops: hardwarePerToken * t.tokens,
    peakTflops: s.densePeak.tflops,
    effectiveTflops: (modelPerToken * s.tokensPerSecondPerGpu * r.gpus) / FLOPS_PER_TFLOP,
    hoursRange: likelyHours(hours, rangeKindOf(t.memory.model, t.memory.lora !== undefined)),
    tokensPerSecondPerGpu: s.tokensPerSecondPerGpu,
    tokensPerSecondPerGpuRange: likelyRate(
      s.tokensPerSecondPerGpu,
      rangeKindOf(t.memory.model, t.memory.lora !== undefined),
    ),
    mfu: s.mfu,
    hfu: s.hfu,
    computeMfu: s.mfu / s.efficiency,
    scalingEfficiency: s.efficiency,
    scalingBasis: s.basis,
  };
}

function samplesResult(r: TimeRequest, gpu: GpuSpec) {
  const flops = samplesFlops({
    samples: r.samples ?? 0,
    flopsPerSample: r.flopsPerSample ?? 0,
    forwardOnly: r.forwardOnly,
  });
  const mfu = r.mfu ?? MFU_DEFAULT;
  const t = trainTime({
    flops,
    gpu,
    format: mathFormatFor(r.precision),
    gpus: r.gpus,
    mfu,
    scaling: r.scaling ?? 1,
    scalingBasis: r.gpus <= 1 ? "single-gpu" : r.scaling === undefined ? "assumed" : "measured",
    mfuSource: r.mfu === undefined ? "mfu-published" : "request",
  });
  return {
    ...t,
    // No model to tell dense from MoE: the dense runs' spread.
    hoursRange: likelyHours(t.hours, "training-dense"),
    flops,
    hardwareFlops: flops,
    computeMfu: mfu,
    mfu: mfu * (r.gpus > 1 ? (r.scaling ?? 1) : 1),
    scalingEfficiency: r.gpus > 1 ? (r.scaling ?? 1) : 1,
    scalingBasis:
      r.gpus <= 1
        ? ("single-gpu" as const)
        : r.scaling === undefined
          ? ("assumed" as const)
          : ("measured" as const),
  };
}

const timeOn = (r: TimeRequest, ctx: TaskContext, gpu: GpuSpec) =>
  r.work === "samples" ? samplesResult(r, gpu) : tokensResult(r, ctx, gpu);

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
    const t = timeOn(r, ctx, gpuById(ctx, r.gpu ?? ""));
    const deadline =
      r.deadlineHours === undefined
        ? {}
        : {
            deadlineSustainedTflops: sustainedTflopsForDeadline(
              t.flops,
              r.deadlineHours * SECONDS_PER_HOUR,
            ),
            deadlinePeakTflopsNeeded: peakTflopsNeeded(
              t.flops,
              r.deadlineHours * SECONDS_PER_HOUR,
              t.computeMfu,
            ),
            deadlineVerdict: deadlineVerdict(t.hoursRange, r.deadlineHours),
          };
    const cost =
      r.pricePerGpuHour === undefined ? {} : { cost: t.hours * r.gpus * r.pricePerGpuHour };
    // GPUs without a compute figure (Ascend 910B) have no time to compare.
    const byGpu = ctx.gpus
      .filter((g) => g.fp32Tflops !== undefined)
      .map((g) => {
        const x = timeOn(r, ctx, g);
        return {
          gpu: g.id,
          peakTflops: x.peakTflops,
          hours: x.hours,
          hoursRange: x.hoursRange,
          scalingEfficiency: x.scalingEfficiency,
        };
      });
    return { ...t, ...deadline, ...cost, byGpu };
  },
});
