/**
 * `plan` and `serve`: from one workload to a rental decision. Every catalog GPU (or the
 * ones asked for) x count x node shape, each at its own speed, with a verdict, time, cost
 * with its price source and cost per unit of work, sorted by cost, time, or cheapest
 * within the deadline and budget. `serve` is the serving workload on its own.
 */
import { BATCH_FIGURE, batchRows } from "./batch.ts";
import type { PlanRow } from "./row.ts";
import { batchBilling, servingBilling, trainingBilling } from "./billing.ts";
import { limitsAnswer } from "./limits.ts";
import { bestPerGpu, sortRows, usedPrice } from "./row.ts";
import { servingRow } from "./serving.ts";
import { trainingRows, trainingRunBasis } from "./training.ts";
import type { SpeedBasis } from "../measured/basis.ts";
import { servingBasis } from "../measured/basis.ts";
import type { OptionalFigure } from "../hardware/gpu.ts";
import { p2pAssumedOff } from "../hardware/gpu.ts";
import type { Currency } from "../vocabulary.ts";
import { STALE_PRICE_DAYS, todayIso } from "../cost/price.ts";
import type { Conversion } from "../cost/exchange.ts";
import { converter, rateOn } from "../cost/exchange.ts";
import { renderVramGuidanceGB } from "../batch/rendering.ts";
import type { Assumption, Warning } from "../result.ts";
import { part } from "../result.ts";
import { gbToBytes } from "../units.ts";
import { weightBytes } from "../model/weight-bytes.ts";
import { gpuById, speedFigureIssues } from "../memory/verdict.ts";
import { speedSetup } from "../serving/decode-speed.ts";
import type { GpuPrice, Resolved } from "../request/field.ts";
import { date, gpu, int, num, oneOf, request, share } from "../request/field.ts";
import { HEADROOM_DEFAULT, PLAN_COUNTS } from "../vocabulary.ts";
import { BILLING_FIELDS, PLAN_STORE_FIELDS, SERVE_EXTRA_FIELDS } from "./fields.ts";
import { SERVING_REQUEST_FIELDS, servingInput, servingRules } from "../serving/infer-memory.ts";
import type { Issue } from "../request/issue.ts";
import { issue } from "../request/issue.ts";
import type { RENDER_FIELDS } from "../batch/fields.ts";
import {
  DEFAULT_ENGINE,
  DEFAULT_OUTPUT_TOKENS,
  DEFAULT_PROMPT_TOKENS,
  defaultFormat,
  SERVING_FIELDS,
  servingDefaults,
} from "../serving/fields.ts";
import type { TaskContext } from "../request/task.ts";
import { defineTask } from "../request/task.ts";
import type { TrainingRequest } from "../memory/train-memory.ts";
import { trainingInput, trainingTokenFlops } from "../memory/train-memory.ts";
import { interNodeOf } from "../hardware/network-fields.ts";
import { LAYOUT_FIELDS } from "../training/job-fields.ts";
import { KERNEL_FIELDS } from "../training/attention-kernel.ts";
import { speedLayoutRules } from "../memory/parallel-rules.ts";
import { isArch, shapeFromParams } from "../model/model.ts";

/** What the decision takes beside the workload. */
export const PLAN_OPTION_FIELDS = {
  ...PLAN_STORE_FIELDS,
  /** Training: tokens per epoch. */
  tokens: num("tokens", 0, 1e16, { above: true, suffixes: true }),
  /** Your model FLOPs utilisation; without it, the measured table's (`training/utilisation-entry.ts`). */
  mfu: share(),
  /** A multi-GPU scaling efficiency you measured; otherwise it is predicted from the links. */
  scaling: share(),
  deadlineHours: num("hours", 0, 1e6, { above: true }),
  prices: { kind: "gpu-prices" },
  /**
   * The day reference prices are aged against (which are current, how old each is); default
   * today. A script that must give the same answer on any day names it.
   */
  pricesOn: date(),
  gpus: { kind: "gpu-list" },
  /**
   * `best`: list each GPU at its best count only, as the page asks (it shows no other, so it
   * carries no other); `all`: every count tried, for a script that compares them.
   */
  counts: oneOf(PLAN_COUNTS, { default: "all" }),
  /**
   * A real run (the run analyzer's, or a log's figures): its peak replaces the estimated
   * training memory; its throughput on `gpu` x `gpus` replaces the estimate for that GPU, and
   * the ratio measured ÷ estimated scales every other GPU (`measured/basis.ts`).
   */
  measured: {
    kind: "object",
    fields: {
      /** Training: the highest memory one GPU of the run used, bytes. */
      peakBytes: num("bytes", 1, 1e15),
      gpus: int("gpus", 1, 1024, { default: 1 }),
      headroom: num("fraction", 0, 1, { default: HEADROOM_DEFAULT, percent: true }),
      /** The catalog GPU the run used. */
      gpu: gpu(),
      /**
       * Steady-state throughput: training, trained tokens/s per GPU; serving, the server's
       * output tokens/s (all its requests).
       */
      tokensPerSecond: num("tokens-per-second", 0, 1e9, { above: true }),
      /** Serving: requests running at once while the throughput was measured (median). */
      concurrency: num("sequences", 0, 1e6, { above: true }),
      /**
       * Serving: the run was a burst of this many requests sent at once (a benchmark at
       * request rate inf with no concurrency limit), so its throughput is set beside the
       * estimate of such a burst, ramp, queue and drain included, not of a steady load.
       */
      burstRequests: int("sequences", 1, 100_000),
    },
  },
} as const;

export const SERVE_FIELDS = { ...SERVING_REQUEST_FIELDS, ...SERVE_EXTRA_FIELDS } as const;
type ServeRequest = Resolved<typeof SERVE_FIELDS>;
type RenderRequest = Resolved<typeof RENDER_FIELDS>;

/** What a plan sizes: a checked training, serving or batch request, under its task's name. */
export type Workload =
  | ({ task: "train-memory" } & TrainingRequest)
  | ({ task: "serve" } & ServeRequest)
  | ({ task: "render" } & RenderRequest);

/**
 * Training: what sets a run's speed beside the workload's memory fields, the same fields
 * train-time takes (`training/job-fields.ts`), so both time a run through one step model.
 */
export const PLAN_TRAINING_FIELDS = { ...LAYOUT_FIELDS, ...KERNEL_FIELDS } as const;

export const PLAN_FIELDS = {
  workload: request<Workload>(["train-memory", "serve", "render"]),
  ...PLAN_OPTION_FIELDS,
  ...PLAN_TRAINING_FIELDS,
} as const;
type PlanRequest = Resolved<typeof PLAN_FIELDS>;

/** What decides a plan's currency and the day its prices and exchange rate are read on. */
interface MoneyFields {
  currency?: Currency | undefined;
  prices?: Record<string, GpuPrice> | undefined;
  budget?: number | undefined;
  budgetCurrency?: Currency | undefined;
  pricesOn?: string | undefined;
}

/**
 * The currency when the request names none: the page's (its language's: CNY on the Chinese
 * site, USD on the English one), else that of the user's first priced GPU, else USD.
 */
function planCurrency(r: MoneyFields, ctx: TaskContext): Currency {
  return (
    r.currency ??
    ctx.currency ??
    Object.values(r.prices ?? {}).find((p) => p.currency)?.currency ??
    "USD"
  );
}

/** The plan's date: the day its reference prices are aged and its exchange rate read. */
const planDate = (r: MoneyFields, ctx: TaskContext): string =>
  r.pricesOn ?? ctx.today ?? todayIso();

function priceOf(r: PlanRequest, ctx: TaskContext) {
  const currency = planCurrency(r, ctx);
  // A price without a currency is in the plan's (a bare number on the command line).
  const own = Object.fromEntries(
    Object.entries(r.prices ?? {}).map(([id, p]) => [
      id,
      { pricePerGpuHour: p.pricePerGpuHour, currency: p.currency ?? currency },
    ]),
  );
  const day = planDate(r, ctx);
  return (gpuId: string) => usedPrice(gpuId, own, ctx.prices ?? [], currency, day, ctx.rates);
}

/**
 * The budget in the plan's currency: a budget keeps the currency it was given in (2,000 USD
 * stays 2,000 USD when the costs are shown in CNY) and is converted like a price.
 */
function budgetOf(r: MoneyFields, ctx: TaskContext): { budget?: number; conversion?: Conversion } {
  if (r.budget === undefined) return {};
  const c = converter(
    ctx.rates ?? [],
    planCurrency(r, ctx),
    planDate(r, ctx),
  )(r.budget, r.budgetCurrency ?? planCurrency(r, ctx));
  // No reading joins the currencies: the plan's rules refuse the budget's currency first.
  if (!c) return {};
  return { budget: c.amount, ...(c.conversion ? { conversion: c.conversion } : {}) };
}

function servingPlan(w: ServeRequest, ctx: TaskContext, measured?: PlanRequest["measured"]) {
  const memory = servingInput(w, ctx);
  const speed = speedSetup(w);
  const run = measuredGpu(measured, ctx);
  return {
    memory,
    speed,
    basis: run ? servingBasis(speed, memory, run.gpu, run.m) : null,
    users: w.users,
    tokensPerSecondPerUser: w.outputTokensPerSecondPerUser ?? 0,
    hours: w.hours,
  };
}

/** The run's GPU and throughput, when the measurement names both. */
function measuredGpu(m: PlanRequest["measured"], ctx: TaskContext) {
  if (m?.gpu === undefined || m.tokensPerSecond === undefined) return null;
  const found = ctx.gpus.find((g) => g.id === m.gpu);
  return found ? { gpu: found, m: { ...m, tokensPerSecond: m.tokensPerSecond } } : null;
}

/** Every row of the plan, unsorted, and the measured basis its speeds were scaled by. */
export function planRows(r: PlanRequest, ctx: TaskContext): PlanRow[] {
  return planBasisRows(r, ctx).rows;
}

function planBasisRows(
  r: PlanRequest,
  ctx: TaskContext,
): { rows: PlanRow[]; basis: SpeedBasis | null } {
  const w = r.workload;
  const list = r.gpus ? ctx.gpus.filter((g) => r.gpus?.includes(g.id)) : ctx.gpus;
  const price = priceOf(r, ctx);
  const { budget } = budgetOf(r, ctx);
  const limits = {
    ...(r.deadlineHours === undefined ? {} : { deadlineHours: r.deadlineHours }),
    ...(budget === undefined ? {} : { budget }),
  };
  if (w.task === "serve") {
    const serving = servingPlan(w, ctx, r.measured);
    const s = serving.speed;
    const weights = weightBytes(s.model, s.format, s.weightBits, s.scaleBits, s.weightFileBytes);
    const p = {
      ...serving,
      ...(serving.basis ? { speedRatio: serving.basis.ratio } : {}),
      maxGpus: r.maxGpus,
      price,
      billing: servingBilling(r, weights),
    };
    return { rows: list.map((g) => servingRow({ ...p, ...limits }, g)), basis: serving.basis };
  }
  if (w.task === "render") {
    const p = {
      secondsPerItem: w.secondsPerFrame ?? 0,
      items: w.frames ?? 0,
      measuredOn: gpuById(ctx, r.measuredOn ?? ""),
      bound: r.bound,
      // A resolution says the items are renders (it is "none for other batch work").
      render: w.resolution !== undefined,
      ...(w.resolution
        ? { memoryBytes: gbToBytes(renderVramGuidanceGB(w.resolution, w.complexity).total) }
        : {}),
      maxGpus: r.maxGpus,
      price,
      billing: batchBilling(r),
      ...limits,
    };
    return { rows: list.flatMap((g) => batchRows(p, g)), basis: null };
  }
  const memory = trainingInput(w, ctx);
  const network = interNodeOf(r);
  const p = {
    memory,
    flops: trainingTokenFlops(memory),
    tokens: r.tokens ?? 0,
    epochs: r.epochs,
    run: {
      pipelineParallel: r.pipelineParallel,
      virtualStages: r.virtualStages,
      expertParallel: r.expertParallel,
      fp8: r.fp8,
      attentionKernel: r.attentionKernel,
      ...(w.framework === undefined ? {} : { framework: w.framework }),
      ...(r.mfu === undefined ? {} : { mfu: r.mfu }),
      ...(r.scaling === undefined ? {} : { measuredScaling: r.scaling }),
      ...(network === undefined ? {} : { interNodeGBps: network.GBps }),
      ...(ctx.utilisation === undefined ? {} : { table: ctx.utilisation }),
    },
    ...(r.measured ? { measured: r.measured } : {}),
    maxGpus: r.maxGpus,
    price,
    billing: trainingBilling(r, memory),
    ...limits,
  };
  const run = measuredGpu(r.measured, ctx);
  const basis = run ? trainingRunBasis(p, run.gpu, run.m) : null;
  const scaled = basis ? { ...p, speedRatio: basis.ratio } : p;
  return { rows: list.flatMap((g) => trainingRows(scaled, g)), basis };
}

function planRules(r: PlanRequest, ctx: TaskContext): Issue[] {
  // A refused or missing workload skips these rules (`rulesOverGood`): here it is checked.
  const w = r.workload;
  const out: Issue[] = [];
  if (w.task === "train-memory") out.push(...layoutRules(r, w));
  if (w.task === "serve" && w.outputTokensPerSecondPerUser === undefined)
    out.push(issue("workload.outputTokensPerSecondPerUser", "needs-with", { with: "users" }));
  // Serving runs as long as it is rented: no deadline to meet, so none to name.
  if (w.task === "serve" && r.deadlineHours !== undefined)
    out.push(issue("deadlineHours", "serving-no-deadline"));
  out.push(...measuredRules(r, ctx));
  if (w.task === "render") {
    if (w.secondsPerFrame === undefined || w.frames === undefined)
      out.push(issue("workload.secondsPerFrame", "needs-with", { with: "frames" }));
    // The time per item is carried to every GPU by the measured GPU's figure.
    out.push(...speedFigureIssues(ctx, "measuredOn", r.measuredOn, [BATCH_FIGURE[r.bound]]));
  }
  const needs: readonly OptionalFigure[] =
    w.task === "render"
      ? [BATCH_FIGURE[r.bound]]
      : w.task === "serve"
        ? SERVING_FIGURES
        : ["fp32Tflops"];
  return [...out, ...chosenGpuRules(ctx, r, needs), ...currencyRules(r, ctx)];
}

/**
 * A measured throughput needs the GPU it ran on (with the speed figures the estimate reads
 * there) and, for a server, the requests it ran at once; batch work is timed by `measuredOn`.
 */
function measuredRules(r: PlanRequest, ctx: TaskContext): Issue[] {
  const m = r.measured;
  if (!m || m.tokensPerSecond === undefined) return [];
  const w = r.workload;
  if (w.task === "render")
    return [issue("measured.tokensPerSecond", "needs-with", { with: "workload" })];
  if (m.gpu === undefined)
    return [issue("measured.gpu", "needs-with", { with: "tokensPerSecond" })];
  const out = speedFigureIssues(
    ctx,
    "measured.gpu",
    m.gpu,
    w.task === "serve" ? SERVING_FIGURES : ["fp32Tflops"],
  );
  if (w.task === "serve" && m.concurrency === undefined && m.burstRequests === undefined)
    out.push(issue("measured.concurrency", "needs-with", { with: "tokensPerSecond" }));
  return out;
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

/**
 * A price or budget in another currency than the plan's is converted at the plan's exchange
 * rate; only when no reading joins the two (a context without rates) is it refused, at its
 * currency, rather than relabelled or dropped.
 */
function currencyRules(r: MoneyFields, ctx: TaskContext): Issue[] {
  const currency = planCurrency(r, ctx);
  const day = planDate(r, ctx);
  const unjoined = (c: Currency | undefined) =>
    c !== undefined && c !== currency && rateOn(ctx.rates ?? [], c, currency, day) === undefined;
  return [
    ...Object.entries(r.prices ?? {}).flatMap(([id, p]) =>
      unjoined(p.currency)
        ? [issue(`prices.${id}.currency`, "currency-mismatch", { currency })]
        : [],
    ),
    ...(r.budget !== undefined && unjoined(r.budgetCurrency)
      ? [issue("budgetCurrency", "currency-mismatch", { currency })]
      : []),
  ];
}

/**
 * What a serving workload assumed where the request said nothing: vLLM, 16-bit weights in
 * the format the engine loads them in, a 16-bit KV cache, and vllm bench serve's lengths
 * (its prompt cut to a shorter context). A value equal to the default is reported as the
 * default, typed or not.
 */
function servingAssumptions(s: Workload): Assumption[] {
  if (s.task !== "serve") return [];
  const precision = (value: number, key: "weightBits" | "kvBits"): Assumption["source"] =>
    value === SERVING_FIELDS[key].default ? "serve-precision-default" : "request";
  // The serving defaults fill in an untyped format (and shorten the prompt) before the plan
  // reads the request, so those defaults too are known by their values.
  const format = defaultFormat(s.engine, s.weightBits);
  return [
    {
      key: "engine",
      value: s.engine,
      source: s.engine === DEFAULT_ENGINE ? "serve-engine-default" : "request",
    },
    { key: "weight-bits", value: s.weightBits, source: precision(s.weightBits, "weightBits") },
    {
      key: "weight-format",
      value: s.weightFormat ?? format,
      source: (s.weightFormat ?? format) === format ? "serve-format-default" : "request",
    },
    { key: "kv-bits", value: s.kvBits, source: precision(s.kvBits, "kvBits") },
    {
      key: "prompt-tokens",
      value: s.promptTokens,
      source:
        s.promptTokens === DEFAULT_PROMPT_TOKENS
          ? "serve-lengths-default"
          : s.promptTokens === Math.min(DEFAULT_PROMPT_TOKENS, s.contextTokens)
            ? "serve-prompt-cut-to-context"
            : "request",
    },
    {
      key: "output-tokens",
      value: s.outputTokens,
      source: s.outputTokens === DEFAULT_OUTPUT_TOKENS ? "serve-lengths-default" : "request",
    },
  ];
}

/**
 * The layout rules that hold whatever the GPU count (`speedLayoutRules` at a count every
 * product divides); counts the layout does not divide are left out of the rows.
 */
function layoutRules(r: PlanRequest, w: TrainingRequest): Issue[] {
  const spec = w.model.spec;
  const arch = isArch(spec) ? spec : shapeFromParams(spec.params);
  const tp = w.tensorParallel;
  const anyCount = tp * r.pipelineParallel * r.expertParallel;
  return speedLayoutRules(
    {
      gpus: anyCount,
      tensorParallel: tp,
      pipelineParallel: r.pipelineParallel,
      virtualStages: r.virtualStages,
      expertParallel: r.expertParallel,
    },
    arch,
  );
}

const names = (rows: readonly PlanRow[]) => [...new Set(rows.map((x) => x.gpuName))].join(", ");

/**
 * What the plan's prices rest on, when some rows are priced: GPUs that run the workload but
 * have no price read within `STALE_PRICE_DAYS` in either currency (older rows are history),
 * so the user enters theirs; and the exchange rate any converted price or budget used.
 */
function priceWarnings(rows: readonly PlanRow[]): Warning[] {
  const unpriced = rows.filter((x) => x.verdict !== "does-not-fit" && x.pricePerGpuHour === null);
  return unpriced.length > 0
    ? [{ code: "unpriced-gpus", params: { gpus: names(unpriced), days: STALE_PRICE_DAYS } }]
    : [];
}

/** The reading that converted a price or the budget, once, with its date and source. */
function conversionWarning(
  rows: readonly PlanRow[],
  budget: Conversion | undefined,
  currency: Currency,
): Warning[] {
  const used = rows.find((x) => x.priceConversion !== null)?.priceConversion ?? budget;
  if (!used) return [];
  const { rate } = used;
  return [
    {
      code: "converted-prices",
      params: {
        currency,
        rate: rate.rate,
        base: rate.base,
        quote: rate.quote,
        date: rate.date,
        source: rate.source,
      },
    },
  ];
}

/** A render carried by FP32 peak for want of shared scores, and rows whose memory is unchecked. */
function renderWarnings(rows: readonly PlanRow[]): Warning[] {
  const out: Warning[] = [];
  const fp32 = rows.filter((x) => x.reasons.includes("speed-fp32-fallback"));
  if (fp32.length > 0) out.push({ code: "render-fp32-fallback", params: { gpus: names(fp32) } });
  if (rows.some((x) => x.reasons.includes("memory-unchecked")))
    out.push({ code: "memory-unchecked", params: {} });
  return out;
}

/** Shapes whose GPUs send each other traffic (copies and independent jobs do not). */
const TALKING_SHAPES: readonly PlanRow["shape"][] = ["data-parallel", "sharded", "tensor-parallel"];

/**
 * Consumer cards costed without PCIe peer-to-peer only because no document settles theirs
 * (`p2pAssumedOff`), where a row has them talk to each other.
 */
function p2pWarnings(rows: readonly PlanRow[], ctx: TaskContext): Warning[] {
  const off = rows.filter(
    (x) =>
      x.gpus > 1 &&
      TALKING_SHAPES.includes(x.shape) &&
      ctx.gpus.some(
        (g) =>
          g.id === x.gpu &&
          p2pAssumedOff(g) &&
          // A bridge joins pairs: only larger groups cross PCIe.
          (g.link === "pcie" || (g.link === "nvlink-bridge" && (x.tensorParallel ?? x.gpus) > 2)),
      ),
  );
  return off.length > 0 ? [{ code: "p2p-unverified-as-no", params: { gpus: names(off) } }] : [];
}

/** What a render plan's speeds rest on: how many GPU types by score, how many by FP32 peak. */
function renderAssumptions(rows: readonly PlanRow[]): Assumption[] {
  const count = (reason: PlanRow["reasons"][number]) =>
    new Set(rows.filter((x) => x.reasons.includes(reason)).map((x) => x.gpu)).size;
  const byScore = count("speed-render-score");
  const byFp32 = count("speed-fp32-fallback");
  return [
    ...(byScore > 0
      ? [{ key: "render-speed-score", value: byScore, source: "render-benchmark" as const }]
      : []),
    ...(byFp32 > 0
      ? [{ key: "render-speed-fp32", value: byFp32, source: "fp32-peak" as const }]
      : []),
  ];
}

/**
 * The network more GPUs than a node holds would need, where the plan names none: one
 * 400 Gb/s InfiniBand NDR port per GPU, as NVIDIA builds H100 clusters (DGX H100 user guide:
 * eight ConnectX-7 400 Gb/s compute ports, one per GPU).
 */
export const CLUSTER_NETWORK_GBPS = 400;

/**
 * The plan's result: every row sorted (options within the deadline and budget first), what
 * each verdict counts, its bases, and what the limits leave: the fastest and cheapest
 * option, and what would meet the limits when no option does (`plan/limits.ts`).
 */
function planResult(r: PlanRequest, ctx: TaskContext) {
  const { rows, basis } = planBasisRows(r, ctx);
  // The deadline, and the budget in the plan's currency.
  const budget = budgetOf(r, ctx);
  const held = { ...r, ...(budget.budget === undefined ? {} : { budget: budget.budget }) };
  const sorted = sortRows(rows, r.sortBy, held);
  // Every catalog GPU at the request table's largest count: what more GPUs or another GPU
  // would do, asked only when no option meets the limits.
  const { gpus: _asked, ...everyGpu } = r;
  const wider = () => ({
    rows: sortRows(
      planRows(
        {
          ...everyGpu,
          maxGpus: PLAN_FIELDS.maxGpus.max,
          interNodeGbps: r.interNodeGbps ?? CLUSTER_NETWORK_GBPS,
        },
        ctx,
      ),
      r.sortBy,
      held,
    ),
    asked: (x: PlanRow) => r.gpus === undefined || r.gpus.includes(x.gpu),
    ...(r.interNodeGbps === undefined ? { interNodeGbps: CLUSTER_NETWORK_GBPS } : {}),
  });
  const count = (v: PlanRow["verdict"]) => rows.filter((x) => x.verdict === v).length;
  const best = bestPerGpu(sorted);
  const listed = r.counts === "best" ? best.flatMap((i) => sorted[i] ?? []) : sorted;
  const currency = planCurrency(r, ctx);
  const warnings: Warning[] = [];
  if (basis)
    warnings.push({
      code: "measured-basis",
      params: {
        gpu: basis.gpuName,
        gpus: basis.gpus,
        ratio: basis.ratio,
        lowRatio: basis.low,
        highRatio: basis.high,
      },
    });
  if (rows.some((x) => x.scalingBasis === "predicted" && x.scalingEfficiency !== null))
    warnings.push({ code: "scaling-predicted", params: {} });
  if (rows.some((x) => x.reasons.includes("speed-carried")))
    warnings.push({ code: "speed-carried", params: {} });
  // The memory estimate has no pipeline or expert split (`memory/training-memory.ts`).
  if (r.workload.task === "train-memory" && (r.pipelineParallel > 1 || r.expertParallel > 1))
    warnings.push({
      code: "layout-memory-unsplit",
      params: { pipelineParallel: r.pipelineParallel, expertParallel: r.expertParallel },
    });
  warnings.push(...renderWarnings(rows));
  warnings.push(...p2pWarnings(rows, ctx));
  if (!rows.some((x) => x.pricePerGpuHour !== null))
    warnings.push({ code: "no-price-in-currency", params: { days: STALE_PRICE_DAYS } });
  else warnings.push(...priceWarnings(rows));
  warnings.push(...conversionWarning(rows, budget.conversion, currency));
  const assumptions: Assumption[] = [
    { key: "currency", value: currency, source: r.currency ? "request" : "currency-default" },
    ...renderAssumptions(rows),
    // The billed-hours figures: the user's, or this site's stated assumption (its default).
    ...Object.entries(BILLING_FIELDS).map(([key, f]): Assumption => ({
      key,
      value: r[key as keyof typeof BILLING_FIELDS],
      source: r[key as keyof typeof BILLING_FIELDS] === f.default ? "billing-assumed" : "request",
    })),
    ...servingAssumptions(r.workload),
  ];
  return {
    // A ranking's total is the number of options it weighed; its parts say how each fares.
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
    rows: listed,
    /** The run the speeds are based on, its figure beside the estimate, and the ratio carried. */
    basis,
    /**
     * Each GPU once, at its best count, as indices into `rows`: what the decision table and
     * the front door show (the views' `bestRows` reads them).
     */
    best: r.counts === "best" ? listed.map((_, i) => i) : best,
    limits: {
      ...limitsAnswer(sorted, held, wider),
      ...(budget.conversion ? { budgetConversion: budget.conversion } : {}),
    },
  };
}

export const planTask = defineTask({
  id: "plan",
  fields: PLAN_FIELDS,
  // Training is sized by its tokens; batch work's time per item by the GPU it was timed on.
  requirements: [
    { field: "tokens", with: "workload", withTask: "train-memory" },
    { field: "measuredOn", with: "workload", withTask: "render" },
  ],
  rules: planRules,
  run: planResult,
});

/** Serving has no training layout: each speed field at its declared default (one GPU's run). */
const SERVING_LAYOUT = {
  pipelineParallel: PLAN_TRAINING_FIELDS.pipelineParallel.default,
  virtualStages: PLAN_TRAINING_FIELDS.virtualStages.default,
  expertParallel: PLAN_TRAINING_FIELDS.expertParallel.default,
  fp8: PLAN_TRAINING_FIELDS.fp8.default,
  attentionKernel: PLAN_TRAINING_FIELDS.attentionKernel.default,
};

/** What a serving plan takes beside its workload: every plan option but a deadline. */
const { deadlineHours: _deadline, ...serveOptions } = PLAN_OPTION_FIELDS;
export const SERVE_OPTION_FIELDS = serveOptions;

export const serveTask = defineTask({
  id: "serve",
  fields: { ...SERVE_FIELDS, ...SERVE_OPTION_FIELDS, gpu: gpu() },
  required: ["outputTokensPerSecondPerUser"],
  defaults: servingDefaults,
  rules: (r, ctx) => [
    ...servingRules(r),
    // As a plan's workload, its GPU sizes memory only; the plan's own rows carry its speed.
    ...(ctx.inWorkload ? [] : chosenGpuRules(ctx, r, SERVING_FIGURES)),
    ...currencyRules(r, ctx),
  ],
  run: (r, ctx) => {
    const { gpu: chosen, ...rest } = r;
    const plan: PlanRequest = {
      ...rest,
      ...SERVING_LAYOUT,
      workload: { task: "serve", ...rest },
      ...(chosen === undefined ? {} : { gpus: [chosen] }),
    };
    return planResult(plan, ctx);
  },
});
