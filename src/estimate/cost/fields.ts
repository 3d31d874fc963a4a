/**
 * Node options to compare and the hidden hours and charges of a rental (the seeds'
 * formula: price/hour x billed hours + storage + transfer + idle). Stored once (`$cost`).
 */
import { BATCH_BOUNDS, CURRENCIES } from "../vocabulary.ts";
import { gpu, int, num, oneOf, share } from "../request/field.ts";

const hours = num("hours", 0, 1e6, { default: 0 });

export const COST_OPTION_FIELDS = {
  gpu: gpu({ required: true }),
  gpus: int("gpus", 1, 100_000, { default: 1 }),
  /** Price of the whole node per hour (all its GPUs). */
  pricePerHour: num("money-per-hour", 0, 1e7, { required: true }),
  /** Measured run hours on this node; otherwise derived from single-GPU hours. */
  runHours: num("hours", 0, 1e6),
  /** Scaling efficiency: time on n GPUs = single-GPU time / (n x scaling). */
  scaling: share(),
} as const;

export const COST_FIELDS = {
  options: { kind: "list", item: COST_OPTION_FIELDS, min: 1, max: 8 },
  singleGpuHours: num("hours", 0, 1e6, { above: true }),
  /** The GPU the single-GPU hours were measured on; default: the first option's. */
  baseGpu: gpu(),
  /** What bounds the work, to carry those hours to other GPUs: dense compute or bandwidth. */
  bound: oneOf(BATCH_BOUNDS, { default: "compute" }),
  setupHours: hours,
  dataPrepHours: hours,
  downloadHours: hours,
  /** Hours writing checkpoints during the run (training stalls while it saves). */
  checkpointHours: hours,
  exportHours: hours,
  idleHours: hours,
  /** Expected reruns as a share of the run (0.1: one run in ten fails and is repeated). */
  rerunFraction: num("fraction", 0, 10, { default: 0, percent: true }),
  reruns: int("count", 0, 100, { default: 0 }),
  storageGB: num("gb", 0, 1e9, { default: 0 }),
  storagePricePerGBMonth: num("money-per-gb-month", 0, 1e6, { default: 0 }),
  storageMonths: num("months", 0, 1200),
  transferGB: num("gb", 0, 1e9, { default: 0 }),
  transferPricePerGB: num("money-per-gb", 0, 1e6, { default: 0 }),
  units: num("units", 0, 1e15, { above: true }),
  monthlyPrice: num("money", 0, 1e9),
  /**
   * The currency every price and charge here is in, so each total says it; default: the
   * page's (CNY on the Chinese site, USD on the English one, USD on the command line).
   * Nothing is converted: the prices are the user's, all in one currency.
   */
  currency: oneOf(CURRENCIES),
} as const;
