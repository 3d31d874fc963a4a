/**
 * The per-GPU table: peak memory, the GPU's own memory, the memory to rent (the
 * `measured-run` task's, rounded up to 0.1 GB like every calculator's), the seeds' 15–25%
 * range, the catalog's fits, utilisation, power and the steady window.
 */
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import { HEADROOM_SEED_MAX, HEADROOM_SEED_MIN } from "../../../estimate/vocabulary.ts";
import type { CatalogFit } from "../../../run-log/sizing.ts";
import type { LoadedRun, ShownGpu } from "../../../workers/analyzer/protocol.ts";
import { percentOf } from "../settings.ts";

const COLUMNS = [
  "col.gpu",
  "col.peak",
  "col.total",
  "col.rec",
  "col.range",
  "col.fit",
  "col.smaller",
  "col.util",
  "col.power",
  "col.warmup",
  "col.window",
] as const;

export interface GpuRow {
  key: number;
  gpu: string;
  peak: string;
  total: string;
  rec: string;
  range: string;
  fit: string;
  smaller: string;
  util: string;
  power: string;
  warmup: string;
  window: string;
}

export interface GpuTableView {
  headers: string[];
  rows: GpuRow[];
  /** "…and N more GPUs" when the log has more than are listed; "" otherwise. */
  more: string;
}

/** A GPU that fits: the size it is sold as, and the nvidia-smi total the fit was judged by. */
function fitLabel(f: CatalogFit, lang: string): string {
  return `${f.name} (${num(lang, f.memoryGB, 0)} GB, ${num(lang, f.memoryTotalMiB, 0)} MiB)`;
}

function row(g: ShownGpu, t: Strings, lang: string): GpuRow {
  const n = (v: number | null, d?: number) => num(lang, v, d);
  const s = g.sizing;
  const smaller = s?.smallerFit
    ? fitLabel(s.smallerFit, lang)
    : s?.fitsOwnMemory === null || !s
      ? "—"
      : tr(t, "smaller.no");
  return {
    key: g.index,
    gpu: `${g.index}: ${g.name ?? "—"}`,
    peak: n(g.peakMemoryMiB, 0),
    total: n(g.memoryTotalMiB, 0),
    rec: n(s?.rentGB ?? null, 1),
    range: s ? `${n(s.seedRangeGB.low, 1)}–${n(s.seedRangeGB.high, 1)}` : "—",
    fit: s?.smallestFit ? fitLabel(s.smallestFit, lang) : "—",
    smaller,
    util: n(g.meanUtilSteadyPct, 0),
    power: n(g.meanPowerSteadyW, 0),
    warmup: g.steady.found ? n(g.steady.warmupSeconds, 0) : "—",
    window: tr(t, "window.range", {
      start: n(g.steady.startSeconds, 0),
      end: n(g.steady.endSeconds, 0),
    }),
  };
}

export function gpuTableView(run: LoadedRun, t: Strings, lang: string) {
  const gpus = run.analysis.gpus;
  const headroom = gpus.find((g) => g.sizing)?.sizing?.headroom;
  const params = {
    pct: headroom === undefined ? "—" : num(lang, percentOf(headroom)),
    min: percentOf(HEADROOM_SEED_MIN),
    max: percentOf(HEADROOM_SEED_MAX),
  };
  const notListed = run.gpuCount - gpus.length;
  return {
    headers: COLUMNS.map((k) => tr(t, k, params)),
    rows: gpus.map((g) => row(g, t, lang)),
    more:
      notListed > 0 ? tr(t, "more.gpus", { n: num(lang, notListed, 0), shown: gpus.length }) : "",
  } satisfies GpuTableView;
}
