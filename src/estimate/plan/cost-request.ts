/**
 * The total-cost page's request for one plan row: the row's GPUs at its price per node-hour,
 * its run hours and the hours it bills beside the run, so the cost page opens on what the
 * row costs rather than on its example. Both bill through `rentalCost`, so the page prints
 * the row's billed hours and total.
 */
import type { PlanRow } from "./row.ts";
import type { COST_FIELDS } from "../cost/fields.ts";
import type { Input } from "../request/field.ts";

export type CostRequestInput = Input<typeof COST_FIELDS>;

/** Null for a row without run hours (it does not fit, or lacks a speed figure). */
export function costRequestOfRow(row: PlanRow): CostRequestInput | null {
  const run = row.runHours;
  if (run === null) return null;
  const part = (key: string) => row.billed?.find((p) => p.key === key)?.value ?? 0;
  // The single-GPU hours the row's own scaling gives its run: the cost page's chart carries
  // them to other counts. Replicas and independent jobs scale linearly.
  const scaling = row.gpus > 1 ? (row.scalingEfficiency ?? 1) : undefined;
  return {
    options: [
      {
        gpu: row.gpu,
        gpus: row.gpus,
        // A row without a price leaves the cost page's price field to fill, and says so there.
        ...(row.pricePerGpuHour === null ? {} : { pricePerHour: row.pricePerGpuHour * row.gpus }),
        runHours: run,
        ...(scaling === undefined ? {} : { scaling }),
      },
    ],
    ...(run > 0 ? { singleGpuHours: run * row.gpus * (scaling ?? 1) } : {}),
    baseGpu: row.gpu,
    setupHours: part("setup"),
    downloadHours: part("download"),
    rerunFraction: run > 0 ? part("reruns") / run : 0,
    checkpointHours: part("checkpoints"),
    exportHours: part("export"),
    idleHours: part("idle"),
    ...(row.units === undefined ? {} : { units: row.units }),
    // The row's prices are in the plan's currency (converted where quoted in the other).
    ...(row.currency === null ? {} : { currency: row.currency }),
  };
}
