/** `cost`: node options side by side with every billed hour and charge, and the cheapest. */
import type { CompareInput, NodeOption } from "./cost.ts";
import { compareOptions, costByGpuCount, monthlyBreakEvenHours } from "./cost.ts";
import { COST_FIELDS } from "./fields.ts";
import type { Resolved } from "../request/field.ts";
import { issue } from "../request/issue.ts";
import type { GpuSpec } from "../hardware/gpu.ts";
import { requiredFigure } from "../hardware/gpu.ts";
import { peakTflops } from "../hardware/precision.ts";
import { gpuById, speedFigureIssues } from "../memory/verdict.ts";
import type { TaskContext } from "../request/task.ts";
import { defineTask } from "../request/task.ts";

type CostRequest = Resolved<typeof COST_FIELDS>;

/**
 * How fast a GPU runs work of this bound: its dense BF16 tensor peak (FP16 or FP32 where it
 * has none) or its memory bandwidth. Speeds are only ever compared as ratios.
 */
function rateOf(gpu: GpuSpec, bound: CostRequest["bound"]): number {
  return bound === "compute"
    ? peakTflops(gpu, "bf16").tflops
    : requiredFigure(gpu, "bandwidthGBps");
}

/** The GPU the single-GPU hours were measured on. */
const baseGpuOf = (r: CostRequest) => r.baseGpu ?? r.options?.[0]?.gpu;

/** The estimator's input for a checked cost request. */
export function costInput(r: CostRequest, ctx: TaskContext): CompareInput {
  const {
    options,
    monthlyPrice: _monthly,
    baseGpu: _base,
    bound: _bound,
    currency: _currency,
    ...rest
  } = r;
  const base = gpuById(ctx, baseGpuOf(r) ?? "");
  const input: CompareInput = {
    ...rest,
    options: (options ?? []).map((o) => {
      const option: NodeOption = { gpu: o.gpu, gpus: o.gpus, pricePerHour: o.pricePerHour };
      if (o.runHours !== undefined) option.runHours = o.runHours;
      if (o.scaling !== undefined) option.scaling = o.scaling;
      // Only hours carried from the base GPU need the two speeds (the rules checked both).
      if (o.gpu !== base.id && o.runHours === undefined)
        option.speed = rateOf(gpuById(ctx, o.gpu), r.bound) / rateOf(base, r.bound);
      return option;
    }),
  };
  return input;
}

export const costTask = defineTask({
  id: "cost",
  fields: COST_FIELDS,
  required: ["options"],
  // Without a measured run time and no 1-GPU baseline to scale from, an option would be
  // priced at zero run hours.
  rules: (r, ctx) => {
    const options = r.options ?? [];
    const needs = r.bound === "compute" ? (["fp32Tflops"] as const) : (["bandwidthGBps"] as const);
    // Hours carried to another GPU need a speed figure on both ends; same-GPU options and
    // options with their own run hours (their chart line starts from that run) need none.
    const base = baseGpuOf(r);
    const carried = options.flatMap((o, i) =>
      o.gpu !== base && o.runHours === undefined ? [i] : [],
    );
    const figures =
      carried.length === 0
        ? []
        : [
            ...speedFigureIssues(
              ctx,
              r.baseGpu === undefined ? "options.0.gpu" : "baseGpu",
              base,
              needs,
            ),
            ...carried.flatMap((i) =>
              speedFigureIssues(ctx, `options.${i}.gpu`, options[i]?.gpu, needs),
            ),
          ];
    const hasBase =
      r.singleGpuHours !== undefined ||
      options.some((o) => o.gpus === 1 && o.runHours !== undefined);
    return hasBase
      ? figures
      : [
          ...figures,
          ...options.flatMap((o, i) =>
            o.runHours === undefined ? [issue(`options.${i}.runHours`, "run-hours-needed")] : [],
          ),
        ];
  },
  run: (r, ctx) => {
    const input = costInput(r, ctx);
    const compared = compareOptions(input);
    const carried = input.options.some((o) => o.speed !== undefined && o.runHours === undefined);
    const result = {
      ...compared,
      assumptions: [
        ...compared.assumptions,
        {
          key: "base-gpu",
          value: gpuById(ctx, baseGpuOf(r) ?? "").name,
          source: r.baseGpu === undefined ? ("first-option-gpu" as const) : ("request" as const),
        },
      ],
      warnings: carried
        ? [...compared.warnings, { code: "speed-carried" as const, params: {} }]
        : compared.warnings,
    };
    const first = input.options[0];
    const currency = r.currency ?? ctx.currency ?? "USD";
    return {
      ...result,
      currency,
      assumptions: [
        ...result.assumptions,
        {
          key: "currency",
          value: currency,
          source: r.currency === undefined ? ("currency-default" as const) : ("request" as const),
        },
      ],
      hours: result.options[result.cheapest]?.hours ?? 0,
      costByGpuCount: costByGpuCount(input),
      ...(r.monthlyPrice === undefined || !first || first.pricePerHour <= 0
        ? {}
        : { monthlyBreakEvenHours: monthlyBreakEvenHours(first.pricePerHour, r.monthlyPrice) }),
    };
  },
});
