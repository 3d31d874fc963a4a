/**
 * `plan` and `serve`: from one workload to a rental decision. Every catalog GPU (or the
 * ones asked for) x count x node shape, each at its own speed, with a verdict, time, cost
 * with its price source and cost per unit of work, sorted by cost, time, or cheapest
 * within the deadline and budget. `serve` is the serving workload on its own.
 */
import { BATCH_FIGURE, batchRows } from "../plan-batch.ts";
import type { PlanRow, PlanSort } from "../plan-row.ts";
import { bestPerGpu, sortRows, usedPrice } from "../plan-row.ts";
import { servingRow } from "../plan-serving.ts";
import { trainingRows } from "../plan-training.ts";
import type { OptionalFigure } from "../gpu.ts";
import type { Currency } from "../price.ts";
import { mathFormatFor } from "../precision.ts";
import { renderVramGuidanceGB } from "../rendering.ts";
import type { Assumption, Warning } from "../result.ts";
import { part } from "../result.ts";
import { gbToBytes } from "../units.ts";
import { gpuById, speedFigureIssues } from "./context.ts";
import { speedSetup } from "./decode-speed.ts";
import type { GpuPrice, Resolved } from "./field.ts";
import { gpu, int, num, oneOf, share } from "./field.ts";
import { CURRENCIES, HEADROOM_DEFAULT, MFU_DEFAULT } from "../vocabulary.ts";
import { PLAN_STORE_FIELDS, SERVE_EXTRA_FIELDS } from "./plan-fields.ts";
import { SERVING_REQUEST_FIELDS, servingInput, servingRules } from "./infer-memory.ts";
import type { Issue } from "./issue.ts";
import { issue } from "./issue.ts";
import type { RENDER_FIELDS } from "./render-fields.ts";
import { servingDefaults } from "./serving-fields.ts";
import type { TaskContext } from "./task.ts";
import { defineTask } from "./task.ts";
import type { TrainingRequest } from "./train-memory.ts";
import { trainingInput, trainingJobFlops } from "./train-memory.ts";

/** What the decision takes beside the workload. */
export const PLAN_OPTION_FIELDS = {
  ...PLAN_STORE_FIELDS,
  /** Training: tokens per epoch. */
  tokens: num("tokens", 0, 1e16, { above: true, suffixes: true }),
  mfu: share({ default: MFU_DEFAULT }),
  /** A multi-GPU scaling efficiency you measured; otherwise it is predicted from the links. */
  scaling: share(),
  deadlineHours: num("hours", 0, 1e6, { above: true }),
  prices: { kind: "gpu-prices" },
  /** The currency of every cost; default: your prices', else USD. Never converted. */
  currency: oneOf(CURRENCIES),
  gpus: { kind: "gpu-list" },
  /** Training: a peak measured on a real run replaces the estimated memory. */
  measured: {
    kind: "object",
    fields: {
      peakBytes: num("bytes", 1, 1e15, { required: true }),
      gpus: int("gpus", 1, 1024, { default: 1 }),
      headroom: num("fraction", 0, 1, { default: HEADROOM_DEFAULT, percent: true }),
    },
  },
} as const;

export const SERVE_FIELDS = { ...SERVING_REQUEST_FIELDS, ...SERVE_EXTRA_FIELDS } as const;
type ServeRequest = Resolved<typeof SERVE_FIELDS>;

export const PLAN_FIELDS = {
  workload: { kind: "request", tasks: ["train-memory", "serve", "render"] },
  ...PLAN_OPTION_FIELDS,
} as const;
type PlanRequest = Resolved<typeof PLAN_FIELDS>;
type RenderRequest = Resolved<typeof RENDER_FIELDS>;
type Workload = { task: string } & Record<string, unknown>;

/** The currency when the request names none: that of the user's first priced GPU. */
function planCurrency(r: { currency?: Currency; prices?: Record<string, GpuPrice> }): Currency {
  return r.currency ?? Object.values(r.prices ?? {}).find((p) => p.currency)?.currency ?? "USD";
}

function priceOf(r: PlanRequest, ctx: TaskContext) {
  const currency = planCurrency(r);
  const own = Object.fromEntries(
    Object.entries(r.prices ?? {}).map(([id, p]) => [id, p.pricePerGpuHour]),
  );
  return (gpuId: string) => usedPrice(gpuId, own, ctx.prices ?? [], currency);
}

function servingPlan(w: ServeRequest, ctx: TaskContext) {
  return {
    memory: servingInput(w, ctx),
    speed: speedSetup(w),
    users: w.users,
    tokensPerSecondPerUser: w.outputTokensPerSecondPerUser ?? 0,
    hours: w.hours,
  };
}

/** Every row of the plan, unsorted. */
export function planRows(r: PlanRequest, ctx: TaskContext): PlanRow[] {
  const w = r.workload as Workload;
  const list = r.gpus ? ctx.gpus.filter((g) => r.gpus?.includes(g.id)) : ctx.gpus;
  const price = priceOf(r, ctx);
  const limits = {
    ...(r.deadlineHours === undefined ? {} : { deadlineHours: r.deadlineHours }),
    ...(r.budget === undefined ? {} : { budget: r.budget }),
  };
  if (w.task === "serve") {
    const p = { ...servingPlan(w as unknown as ServeRequest, ctx), maxGpus: r.maxGpus, price };
    return list.map((g) => servingRow({ ...p, ...limits }, g));
  }
  if (w.task === "render") {
    const job = w as unknown as RenderRequest;
    const p = {
      secondsPerItem: job.secondsPerFrame ?? 0,
      items: job.frames ?? 0,
      measuredOn: gpuById(ctx, r.measuredOn ?? ""),
      bound: r.bound,
      ...(job.resolution
        ? { memoryBytes: gbToBytes(renderVramGuidanceGB(job.resolution, job.complexity).total) }
        : {}),
      maxGpus: r.maxGpus,
      price,
      ...limits,
    };
    return list.flatMap((g) => batchRows(p, g));
  }
  const memory = trainingInput(w as unknown as TrainingRequest, ctx);
  const tokens = r.tokens ?? 0;
  const p = {
    memory,
    flops: trainingJobFlops(memory, tokens),
    tokens,
    epochs: r.epochs,
    format: mathFormatFor(memory.precision),
    mfu: r.mfu,
    ...(r.scaling === undefined ? {} : { measuredScaling: r.scaling }),
    ...(r.interNodeGbps === undefined ? {} : { interNodeGBps: r.interNodeGbps / 8 }),
    ...(r.measured ? { measured: r.measured } : {}),
    maxGpus: r.maxGpus,
    price,
    ...limits,
  };
  return list.flatMap((g) => trainingRows(p, g));
}

function planRules(r: PlanRequest, ctx: TaskContext): Issue[] {
  const w = r.workload as Workload | undefined;
  const out: Issue[] = [];
  if (w?.task === "serve" && w["outputTokensPerSecondPerUser"] === undefined)
    out.push(issue("workload.outputTokensPerSecondPerUser", "needs-with", { with: "users" }));
  if (w?.task === "render") {
    if (w["secondsPerFrame"] === undefined || w["frames"] === undefined)
      out.push(issue("workload.secondsPerFrame", "needs-with", { with: "frames" }));
    // The time per item is carried to every GPU by the measured GPU's figure.
    out.push(...speedFigureIssues(ctx, "measuredOn", r.measuredOn, [BATCH_FIGURE[r.bound]]));
  }
  const needs: readonly OptionalFigure[] =
    w?.task === "render"
      ? [BATCH_FIGURE[r.bound]]
      : w?.task === "serve"
        ? SERVING_FIGURES
        : ["fp32Tflops"];
  return [...out, ...chosenGpuRules(ctx, r, needs), ...currencyRules(r)];
}

/** What a serving row's speed reads of a GPU: its bandwidth (decode) and peak (prefill). */
const SERVING_FIGURES = ["bandwidthGBps", "fp32Tflops"] as const;

/**
 * GPUs the request names itself (`gpu`, `gpus`) are held to the figures the rows need; a
 * plan over the whole catalog instead shows such a GPU's row with the figure it lacks.
 */
function chosenGpuRules(
  ctx: TaskContext,
  r: { gpu?: string | undefined; gpus?: string[] | undefined },
  needs: readonly OptionalFigure[],
): Issue[] {
  return [
    ...speedFigureIssues(ctx, "gpu", r.gpu, needs),
    ...(r.gpus ?? []).flatMap((id, i) => speedFigureIssues(ctx, `gpus.${i}`, id, needs)),
  ];
}

/** Every price in the plan's currency: prices are never converted, nor relabelled. */
function currencyRules(r: Parameters<typeof planCurrency>[0]): Issue[] {
  const currency = planCurrency(r);
  return Object.entries(r.prices ?? {}).flatMap(([id, p]) =>
    p.currency !== undefined && p.currency !== currency
      ? [issue(`prices.${id}.currency`, "currency-mismatch", { currency })]
      : [],
  );
}

/** The plan's result: every row sorted, what each verdict counts, and its bases. */
function planResult(rows: PlanRow[], r: { sortBy: PlanSort } & Parameters<typeof planCurrency>[0]) {
  const sorted = sortRows(rows, r.sortBy);
  const count = (v: PlanRow["verdict"]) => rows.filter((x) => x.verdict === v).length;
  const currency = planCurrency(r);
  const warnings: Warning[] = [];
  if (rows.some((x) => x.scalingBasis === "predicted" && x.scalingEfficiency !== null))
    warnings.push({ code: "scaling-predicted", params: {} });
  if (rows.some((x) => x.reasons.includes("speed-carried")))
    warnings.push({ code: "speed-carried", params: {} });
  if (!rows.some((x) => x.pricePerGpuHour !== null))
    warnings.push({ code: "no-price-in-currency", params: { currency } });
  const assumptions: Assumption[] = [
    { key: "currency", value: currency, source: r.currency ? "request" : "currency-default" },
  ];
  return {
    // A ranking's total is the number of rows; its parts say how each fares.
    total: rows.length,
    breakdown: [
      part("fits-one-gpu", count("fits")),
      part("needs-gpus-in-one-node", count("needs-gpus")),
      part("needs-several-nodes", count("needs-nodes")),
      part("does-not-fit", count("does-not-fit")),
    ],
    assumptions,
    warnings,
    currency,
    rows: sorted,
    /** Each GPU once, at its best count: what the decision table and the front door show. */
    best: bestPerGpu(sorted),
  };
}

export const planTask = defineTask({
  id: "plan",
  fields: PLAN_FIELDS,
  required: ["workload"],
  // Training is sized by its tokens; batch work's time per item by the GPU it was timed on.
  requirements: [
    { field: "tokens", with: "workload", withTask: "train-memory" },
    { field: "measuredOn", with: "workload", withTask: "render" },
  ],
  rules: planRules,
  run: (r, ctx) => planResult(planRows(r, ctx), r),
});

export const serveTask = defineTask({
  id: "serve",
  fields: { ...SERVE_FIELDS, ...PLAN_OPTION_FIELDS, gpu: gpu() },
  required: ["outputTokensPerSecondPerUser"],
  defaults: servingDefaults,
  rules: (r, ctx) => [
    ...servingRules(r),
    // As a plan's workload, its GPU sizes memory only; the plan's own rows carry its speed.
    ...(ctx.inWorkload ? [] : chosenGpuRules(ctx, r, SERVING_FIGURES)),
    ...currencyRules(r),
  ],
  run: (r, ctx) => {
    const { gpu: chosen, ...rest } = r;
    const request = {
      ...rest,
      workload: { task: "serve", ...rest },
      ...(chosen === undefined ? {} : { gpus: [chosen] }),
    } as unknown as PlanRequest;
    return planResult(planRows(request, ctx), r);
  },
});
