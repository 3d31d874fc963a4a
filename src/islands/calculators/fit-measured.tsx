/**
 * The GPU fit table's measured basis, loaded only when this browser holds the run-log
 * analyzer's measurements (most readers never ran it): the toggle, the note saying which
 * basis ranks, and the workload with its memory replaced by the measured peak.
 */
import { atom } from "nanostores";
import type { Workload } from "../../estimate/fit-rank.ts";
import type { MeasuredState } from "../../stores/measured.ts";
import type { Strings } from "../../i18n/format.ts";
import { gb, gib, num, tr } from "../../i18n/format.ts";
import { CheckField } from "./SelectField.tsx";

export { $measured } from "../../stores/measured.ts";

/** Page-local choice (not persisted, not in links): rank by the measured peak. */
export const $useMeasured = atom(false);

/**
 * The workload with its memory replaced by a measurement: the measured per-GPU peak holds on
 * at least as many GPUs as the run used (fewer is unknown, so it does not fit), and the
 * analyzer's headroom turns it into the recommended memory.
 */
export function measuredWorkload(w: Workload, m: MeasuredState): Workload {
  const runGpus = Math.max(1, m.gpuCount);
  return {
    ...w,
    memoryPerGpu: (n) => (n >= runGpus ? m.peakMemoryBytes : Number.POSITIVE_INFINITY),
    headroom: m.headroom,
  };
}

export function MeasuredToggle(p: { t: Strings; m: MeasuredState; checked: boolean }) {
  return (
    <CheckField
      id="gf-measured"
      label={tr(p.t, "gf.useMeasured", { source: p.m.sourceFile || tr(p.t, "gf.pasted") })}
      checked={p.checked}
      onValue={(v) => $useMeasured.set(v)}
      // Rendered only once the table has hydrated and loaded this module.
      disabled={false}
    />
  );
}

export function measuredNote(t: Strings, lang: string, m: MeasuredState): string {
  return tr(t, "gf.noteMeasured", {
    gpu: m.gpuName,
    count: m.gpuCount,
    peak: gib(lang, m.peakMemoryBytes),
    rent: gb(lang, m.recommendedBytes),
    headroom: num(lang, m.headroom * 100, 0),
  });
}
