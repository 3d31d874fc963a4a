/** The analyzer's frame: the headroom box and its advice, the run's summary, the GPU picker. */
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import { HEADROOM_SEED_MAX, HEADROOM_SEED_MIN } from "../../../estimate/vocabulary.ts";
import type { LoadedRun } from "../../../workers/analyzer/protocol.ts";
import type { AnalyzerSettings } from "../settings.ts";
import { HEADROOM_PCT_RULE, percentOf } from "../settings.ts";
import type { Choice } from "./throughput.ts";

export interface PageView {
  /** The island has started: inputs work. */
  ready: boolean;
  headroomPct: number;
  headroomRule: typeof HEADROOM_PCT_RULE;
  /** The seeds' range, and whether the headroom typed leaves it. */
  headroomHint: string;
  /** Run A is loaded: its results show. */
  hasRun: boolean;
  /** The loaded run's one-line summary; "" before a log is loaded. */
  summary: string;
  /** Run A's listed GPUs, for the charts' picker (empty for a single GPU). */
  gpuChoices: Choice[];
  gpuShown: string;
}

export function pageView(
  ready: boolean,
  s: AnalyzerSettings,
  run: LoadedRun | null,
  gpuShown: number,
  t: Strings,
  lang: string,
): PageView {
  const range = { min: percentOf(HEADROOM_SEED_MIN), max: percentOf(HEADROOM_SEED_MAX) };
  const outside = s.headroomPct < range.min || s.headroomPct > range.max;
  const gpus = run?.analysis.gpus ?? [];
  return {
    ready,
    headroomPct: s.headroomPct,
    hasRun: run !== null,
    headroomRule: HEADROOM_PCT_RULE,
    headroomHint: [
      tr(t, "hint.headroom", range),
      outside ? tr(t, "hint.headroomOutside", { pct: num(lang, s.headroomPct), ...range }) : "",
    ]
      .filter(Boolean)
      .join(" "),
    summary: run
      ? tr(t, "sum.run", {
          name: run.name || tr(t, "sum.paste"),
          samples: num(lang, run.sampleCount, 0),
          gpus: num(lang, run.gpuCount, 0),
          duration: num(lang, run.analysis.durationSeconds, 0),
        })
      : "",
    gpuChoices:
      gpus.length > 1 ? gpus.map((g, i) => ({ value: String(i), label: `GPU ${g.index}` })) : [],
    gpuShown: String(gpus[gpuShown] ? gpuShown : 0),
  };
}
