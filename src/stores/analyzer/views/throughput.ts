/** The throughput section: the steady window to count work in, the unit choices, the result. */
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import type { Throughput } from "../../../run-log/throughput.ts";
import type { LoadedRun } from "../../../workers/analyzer/protocol.ts";
import { WORK_SCOPES, WORK_UNITS } from "../settings.ts";

export interface Choice {
  value: string;
  label: string;
}

/** A unit key in the page's words; the probe's own unit word as it is. */
export const unitLabel = (unit: string, t: Strings): string => t[`unit.${unit}`] ?? unit;

export interface ThroughputView {
  hint: string;
  unitChoices: Choice[];
  scopeChoices: Choice[];
  result: string;
  /** The measured throughput's unit, in words ("" without one). */
  unit: string;
}

function resultText(tp: Throughput | null, t: Strings, lang: string): string {
  if (!tp) return tr(t, "tp.none");
  const text = tr(t, "tp.result", {
    perSecond: num(lang, tp.perSecond),
    perHour: num(lang, tp.perHour, 0),
    unit: unitLabel(tp.unit, t),
    seconds: num(lang, tp.seconds, 0),
  });
  return tp.source === "log" ? `${text} ${tr(t, "tp.fromLog")}` : text;
}

export function throughputView(run: LoadedRun, t: Strings, lang: string): ThroughputView {
  const a = run.analysis;
  return {
    hint: tr(t, "tp.hint", {
      start: num(lang, a.steadyStartSeconds, 0),
      end: num(lang, a.steadyEndSeconds, 0),
    }),
    unitChoices: WORK_UNITS.map((u) => ({ value: u, label: unitLabel(u, t) })),
    scopeChoices: WORK_SCOPES.map((s) => ({ value: s, label: tr(t, `scope.${s}`) })),
    result: resultText(run.throughput, t, lang),
    unit: run.throughput ? unitLabel(run.throughput.unit, t) : "",
  };
}
