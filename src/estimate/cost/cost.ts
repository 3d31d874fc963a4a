/**
 * Rental cost, the seeds' formula: total = price/hour x billed hours + storage + data
 * transfer + idle time, where billed hours count setup, data preparation, model download,
 * failed reruns and result export, not only the main run.
 */
import { CHART_GPU_COUNTS } from "../vocabulary.ts";
import type { Assumption, BreakdownItem, Result, Warning } from "../result.ts";
import { part, sumBreakdown } from "../result.ts";
import { HOURS_PER_MONTH, SECONDS_PER_HOUR } from "../units.ts";

export interface Overheads {
  setupHours?: number;
  dataPrepHours?: number;
  downloadHours?: number;
  exportHours?: number;
  /** Hours writing checkpoints during the run (training stalls while it saves). */
  checkpointHours?: number;
  /** Expected reruns as a share of the run (0.1 = one run in ten fails and is repeated). */
  rerunFraction?: number;
  /** Or a whole number of failed runs repeated. */
  reruns?: number;
  /** Hours the node is held but idle (billed, no work). */
  idleHours?: number;
  storageGB?: number;
  storagePricePerGBMonth?: number;
  /** Months storage is kept; default: the billed time. */
  storageMonths?: number;
  transferGB?: number;
  transferPricePerGB?: number;
}

export interface NodeOption {
  /** Label or GPU id. */
  gpu: string;
  gpus: number;
  /** Price of the whole node per hour (all its GPUs). */
  pricePerHour: number;
  /** Run hours on this node, if measured; else derived from single-GPU hours. */
  runHours?: number;
  /** Scaling efficiency: time on n GPUs = single-GPU time / (n x scaling). */
  scaling?: number;
  /**
   * This GPU's speed relative to the GPU the single-GPU hours were measured on (its dense
   * peak or bandwidth over that GPU's): 2 halves the hours. Default 1.
   */
  speed?: number;
}

export interface CostResult extends Result {
  /** Billed hours (run + overheads + idle). */
  hours: number;
  runHours: number;
  /** Cost per unit of work when `units` is given. */
  costPerUnit: number | null;
}

/** Time on n GPUs from single-GPU time (seed example: 72 h on 1 → 24 h on 4 at 0.75). */
export function scaledHours(singleGpuHours: number, gpus: number, scaling: number): number {
  return singleGpuHours / (Math.max(1, gpus) * (gpus > 1 ? scaling : 1));
}

/** Every hour billed, by part: the run and each overhead. */
export function billedHourParts(runHours: number, o: Overheads): BreakdownItem[] {
  const rerunHours = runHours * (o.rerunFraction ?? 0) + runHours * (o.reruns ?? 0);
  return [
    part("run", runHours),
    part("setup", o.setupHours ?? 0),
    part("data-prep", o.dataPrepHours ?? 0),
    part("download", o.downloadHours ?? 0),
    part("reruns", rerunHours),
    part("checkpoints", o.checkpointHours ?? 0),
    part("export", o.exportHours ?? 0),
    part("idle", o.idleHours ?? 0),
  ];
}

export function rentalCost(
  pricePerHour: number,
  runHours: number,
  o: Overheads,
  units?: number,
): CostResult {
  const hourParts = billedHourParts(runHours, o);
  const hours = sumBreakdown(hourParts);
  const months = o.storageMonths ?? hours / HOURS_PER_MONTH;
  const breakdown = [
    ...hourParts.map((p) => ({
      key: `compute-${p.key}`,
      labelKey: `breakdown.compute-${p.key}`,
      value: p.value * pricePerHour,
    })),
    part("storage", (o.storageGB ?? 0) * (o.storagePricePerGBMonth ?? 0) * months),
    part("transfer", (o.transferGB ?? 0) * (o.transferPricePerGB ?? 0)),
  ];
  const total = sumBreakdown(breakdown);
  const assumptions: Assumption[] = [
    { key: "price-per-hour", value: pricePerHour, source: "request" },
    {
      key: "billed-hours",
      value: hours,
      source: "seed-billed-hours",
    },
    {
      key: "storage-months",
      value: months,
      source: o.storageMonths === undefined ? "storage-months" : "request",
    },
  ];
  return {
    total,
    breakdown,
    assumptions,
    warnings: [],
    hours,
    runHours,
    costPerUnit: units && units > 0 ? total / units : null,
  };
}

export interface CompareInput extends Overheads {
  options: NodeOption[];
  /** Single-GPU run hours; default: the first option with gpus = 1 and runHours. */
  singleGpuHours?: number;
  units?: number;
}

export interface OptionCost extends CostResult {
  option: NodeOption;
  scaling: number;
  /**
   * Where the scaling came from: one GPU needs none; an option's own figure is measured;
   * otherwise linear is assumed, since a cost option names no workload to predict it from.
   */
  scalingBasis: "single-gpu" | "measured" | "assumed-linear";
}

export interface CompareResult extends Result {
  options: OptionCost[];
  cheapest: number;
  fastest: number;
}

/** Default scaling efficiency when an option gives none: linear (the caller should measure it). */
export const DEFAULT_SCALING = 1;

/** Single-GPU run hours: given, or the first 1-GPU option's measured run hours. */
export function singleGpuBase(input: CompareInput): number {
  return (
    input.singleGpuHours ??
    input.options.find((o) => o.gpus === 1 && o.runHours !== undefined)?.runHours ??
    0
  );
}

export function compareOptions(input: CompareInput): CompareResult {
  const base = singleGpuBase(input);
  const warnings: Warning[] = [];
  const options = input.options.map((option): OptionCost => {
    const scaling = option.scaling ?? DEFAULT_SCALING;
    const run = option.runHours ?? scaledHours(base, option.gpus, scaling) / (option.speed ?? 1);
    const scalingBasis =
      option.gpus <= 1
        ? "single-gpu"
        : option.scaling === undefined
          ? "assumed-linear"
          : "measured";
    if (scalingBasis === "assumed-linear" && option.runHours === undefined)
      warnings.push({ code: "scaling-assumed-linear", params: { gpus: option.gpus } });
    return {
      ...rentalCost(option.pricePerHour, run, input, input.units),
      option,
      scaling,
      scalingBasis,
    };
  });
  let cheapest = 0;
  let fastest = 0;
  options.forEach((o, i) => {
    if (o.total < (options[cheapest]?.total ?? Infinity)) cheapest = i;
    if (o.hours < (options[fastest]?.hours ?? Infinity)) fastest = i;
  });
  const best = options[cheapest];
  return {
    total: best?.total ?? 0,
    breakdown: best?.breakdown ?? [],
    assumptions: [
      {
        key: "single-gpu-hours",
        value: base,
        source: input.singleGpuHours === undefined ? "first-one-gpu-option" : "request",
      },
    ],
    warnings,
    options,
    cheapest,
    fastest,
  };
}

/**
 * Each option's total cost at each of `counts` GPUs of its type: its price per GPU times the
 * count, its run time scaled from the single-GPU hours with its scaling efficiency.
 */
export function costByGpuCount(
  input: CompareInput,
  counts: readonly number[] = CHART_GPU_COUNTS,
): number[][] {
  const base = singleGpuBase(input);
  return input.options.map((o) => {
    const scaling = o.scaling ?? DEFAULT_SCALING;
    // An option's line starts from its own single-GPU hours: from its own run where it was
    // measured (at its count, so the line passes through what it costs in the table), else
    // the base GPU's hours carried by its speed.
    const own =
      o.runHours !== undefined
        ? o.runHours / scaledHours(1, o.gpus, scaling)
        : base / (o.speed ?? 1);
    return counts.map(
      (c) =>
        rentalCost((o.pricePerHour / o.gpus) * c, scaledHours(own, c, scaling), input, input.units)
          .total,
    );
  });
}

/** Hours per month above which a monthly plan beats hourly billing. */
export function monthlyBreakEvenHours(hourlyPrice: number, monthlyPrice: number): number {
  return monthlyPrice / hourlyPrice;
}

/** Tokens in the "per million tokens" of serving prices. */
export const TOKENS_PER_MILLION = 1e6;

/** Cost per million generated tokens = price/h x 1e6 / (3600 x tokens/s) (formulas.md). */
export function costPerMillionTokens(pricePerHour: number, tokensPerSecond: number): number {
  return (pricePerHour * TOKENS_PER_MILLION) / (SECONDS_PER_HOUR * tokensPerSecond);
}
