/**
 * What the memory widgets show first and last: the verdict ("Rent at least X GB per GPU",
 * whether the chosen GPU holds it, the catalog GPUs that do) and the breakdown as one
 * stacked bar with its parts listed beside it.
 */
import type { GpuChoice } from "../catalog.ts";
import type { MemoryFit, MemoryVerdict } from "../../estimate/memory/views.ts";
import type { BreakdownItem } from "../../estimate/result.ts";
import { BYTES_PER_GB } from "../../estimate/units.ts";
import type { MessageKey, Msg, Qty, Text } from "../../i18n/text.ts";
import { codedKey, msg, qty } from "../../i18n/text.ts";
import { gpuName } from "./result.ts";
import { seriesColour } from "./series-colour.ts";

/** How many GPU names the list shows before "and N more". */
export const FITS_SHOWN = 5;

export interface VerdictView {
  /** The headline; its `gb` parameter is the figure the markup tags. */
  rent: Msg;
  rentGB: number;
  unit: Msg;
  chosen: { fit: MemoryFit; label: Msg; answer: Msg; capacity: Msg } | null;
  fitsOnLabel: Msg;
  fitsOn: Text;
  /** The GPUs that hold the peak but not its headroom; null when there are none. */
  tightOn: { label: Msg; names: Text } | null;
  /** The rest of the list, behind "and N more". */
  more: { summary: Msg; names: Text } | null;
}

/** `none`: what to say when no catalog GPU holds the need. */
export function verdictView(
  v: MemoryVerdict,
  headroom: number,
  gpus: readonly GpuChoice[],
  none: MessageKey,
): VerdictView {
  const names = (ids: readonly string[]): Text => ({ list: ids.map((id) => gpuName(gpus, id)) });
  const gb = qty(v.rentGB, "gb", 1);
  const rest = v.fitsOn.slice(FITS_SHOWN);
  return {
    rent:
      v.gpus > 1
        ? msg("v.rentGpus", { gb, count: qty(v.gpus, undefined, 0) })
        : msg("v.rent", { gb }),
    rentGB: v.rentGB,
    unit: msg("v.unit", { headroom: qty(headroom * 100, "percent", 0) }),
    chosen: v.chosen && {
      fit: v.chosen.fit,
      label: msg("v.chosen", { gpu: gpuName(gpus, v.chosen.gpuId) }),
      answer: msg(`v.fit.${v.chosen.fit}`, {
        short: qty(v.chosen.shortGB, "gb", 1),
      }),
      capacity: msg("v.capacity", {
        capacity: qty(v.chosen.capacityBytes / BYTES_PER_GB, "gb", 1),
      }),
    },
    fitsOnLabel: msg("v.fitsOn"),
    fitsOn: v.fitsOn.length === 0 ? msg(none) : names(v.fitsOn.slice(0, FITS_SHOWN)),
    tightOn: v.tightOn.length === 0 ? null : { label: msg("v.tightOn"), names: names(v.tightOn) },
    more:
      rest.length === 0
        ? null
        : { summary: msg("v.more", { count: qty(rest.length, undefined, 0) }), names: names(rest) },
  };
}

export interface BarView {
  caption: Msg;
  /** Each part with a value, its share of the bar (0–100) and where it starts. */
  parts: { key: string; label: Msg; value: Qty; x: number; width: number; colour: string }[];
  total: Qty;
  totalLabel: Msg;
}

/** A breakdown in GB (10⁹ bytes) against the memory to rent. */
export function barView(items: readonly BreakdownItem[], totalBytes: number): BarView {
  let x = 0;
  const parts = items
    .filter((i) => i.value > 0)
    .map((i, n) => {
      const width = totalBytes > 0 ? (i.value / totalBytes) * 100 : 0;
      const part = {
        key: i.key,
        label: msg(codedKey(i.labelKey)),
        value: qty(i.value / BYTES_PER_GB, "gb", 1),
        x,
        width,
        colour: seriesColour(n),
      };
      x += width;
      return part;
    });
  return {
    caption: msg("r.breakdownGB"),
    parts,
    total: qty(totalBytes / BYTES_PER_GB, "gb", 1),
    totalLabel: msg("bd.total"),
  };
}
