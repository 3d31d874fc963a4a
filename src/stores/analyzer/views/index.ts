/**
 * The analyzer's views: for each part of the page, a store of exactly what it shows, every
 * figure formatted in the page's language. Islands read them with `useStore` and render.
 * One set per language (a page has one; the build renders both).
 */
import { computed } from "nanostores";
import type { GpuChoice } from "../../catalog.ts";
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import type { LoadedRun, Slot } from "../../../workers/analyzer/protocol.ts";
import { $compare, $diagnosis } from "../compare.ts";
import { $analyzerReady } from "../page.ts";
import { $boxes } from "../paste.ts";
import { $settings } from "../settings.ts";
import { $gpuShown, $run, $slot } from "../slots.ts";
import { $useStatus } from "../use.ts";
import { compareView } from "./compare.ts";
import { findingsView } from "./findings.ts";
import { gpuTableView } from "./gpu-table.ts";
import { histogramView } from "./histogram.ts";
import { idleGapsView } from "./idle-gaps.ts";
import { inputView } from "./input.ts";
import { pageView } from "./page.ts";
import { parseReportView } from "./parse-report.ts";
import { throughputView, unitLabel } from "./throughput.ts";
import { timelineView } from "./timeline.ts";
import { useView } from "./use.ts";
import { logBasisView } from "./log-basis.ts";
import { $basisSaved, $logBasis, $logMeasure } from "../log-basis.ts";

const $runA = $run.a;
/** The shown GPU of run A (the picker's choice, or the first) with its place in the list. */
const $shown = computed([$runA, $gpuShown], (run, i) => {
  const g = run?.analysis.gpus[i] ?? run?.analysis.gpus[0];
  return run && g ? { run, g, i: run.analysis.gpus.indexOf(g) } : null;
});

function build(lang: string, t: Strings, gpus: readonly GpuChoice[]) {
  const input = (slot: Slot) =>
    computed([$slot[slot], $boxes], (s, b) => inputView(s, b[slot], t, lang));
  /** A view of run A, or null before it is loaded. */
  const ofRun = <V>(f: (run: LoadedRun) => V) => computed($runA, (run) => (run ? f(run) : null));
  return {
    page: computed([$analyzerReady, $settings, $runA, $gpuShown], (ready, s, run, i) =>
      pageView(ready, s, run, i, t, lang),
    ),
    input: { a: input("a"), b: input("b") },
    table: ofRun((run) => gpuTableView(run, t, lang)),
    report: ofRun((run) => parseReportView(run, t, lang)),
    findings: ofRun((run) => findingsView(run, t, lang)),
    throughput: ofRun((run) => throughputView(run, t, lang)),
    timeline: computed($shown, (x) =>
      x
        ? timelineView(
            x.g,
            x.run.timelines[x.i] ?? [],
            x.run.tables[x.i] ?? [],
            x.run.analysis.durationSeconds,
            t,
            lang,
          )
        : null,
    ),
    histogram: computed($shown, (x) => (x ? histogramView(x.g, lang) : null)),
    gaps: computed($shown, (x) => (x ? idleGapsView(x.g, t, lang) : null)),
    use: computed([$runA, $useStatus], (run, saved) => (run ? useView(run, saved, t, lang) : null)),
    compare: computed([$compare, $diagnosis], (c, d) => compareView(c, d, gpus, t, lang)),
    /** A trainer's or server's log beside the estimate; null without one. */
    log: computed([$slot.a, $logMeasure, $logBasis], (s, m, b) =>
      s.reading && m ? logBasisView(s.reading.name, s.reading.reading, m, b, gpus, t, lang) : null,
    ),
    basisSaved: computed($basisSaved, (x) =>
      x ? tr(t, "lg.saved", { gpus: num(lang, x.gpus, 0), gpu: x.gpuName }) : "",
    ),
    /** The settings' work unit in words, for the work fields' labels. */
    unit: computed($settings, (s) => unitLabel(s.unit, t)),
  };
}

export type AnalyzerViews = ReturnType<typeof build>;
/** The page's strings, as the island receives them. */
export type { Strings };
const built = new Map<string, AnalyzerViews>();

export function analyzerViews(lang: string, t: Strings, gpus: readonly GpuChoice[]): AnalyzerViews {
  let v = built.get(lang);
  if (!v) {
    v = build(lang, t, gpus);
    built.set(lang, v);
  }
  return v;
}
