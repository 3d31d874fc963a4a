/**
 * The decision table's measured basis, once the run-log analyzer has a stored measurement:
 * the box that plans on the measured peak instead of the estimate, and, when ticked, the
 * note naming the run it comes from.
 */
import { BYTES_PER_GB } from "../../estimate/units.ts";
import { msg, qty } from "../../i18n/text.ts";
import type { MeasuredState } from "../measured.ts";
import { setUseMeasured } from "../measured.ts";
import type { FieldView } from "./fields.ts";

export const measuredCheck = (id: string, m: MeasuredState, checked: boolean): FieldView => ({
  kind: "check",
  id: `${id}-measured`,
  label: msg("gf.useMeasured", { source: m.sourceFile || msg("gf.pasted") }),
  checked,
  onValue: setUseMeasured,
});

export function measuredNote(m: MeasuredState) {
  const gb = (bytes: number) => qty(bytes / BYTES_PER_GB, "gb", 1);
  // A trainer's or server's log: the speed is the basis (the plan's warning gives the ratio).
  if (m.tokensPerSecond > 0 && m.gpuId !== "")
    return {
      text: msg("gf.noteMeasuredSpeed", {
        gpu: m.gpuName,
        count: m.gpuCount,
        tps: qty(m.tokensPerSecond, undefined, 0),
        source: m.sourceFile || msg("gf.pasted"),
      }),
      data: { "data-basis": "measured" },
    };
  return {
    text: msg("gf.noteMeasured", {
      gpu: m.gpuName,
      count: m.gpuCount,
      peak: gb(m.peakMemoryBytes),
      rent: gb(m.recommendedBytes),
      headroom: qty(m.headroom * 100, "percent", 0),
    }),
    data: { "data-basis": "measured" },
  };
}
