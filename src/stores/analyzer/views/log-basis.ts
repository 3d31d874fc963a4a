/**
 * The log section: the format recognised, and each figure the log gives beside this site's
 * estimate for the same setup, with the ratio measured ÷ estimated. Every rate says how it
 * was measured (steady window with the warm-up dropped, the whole run, a benchmark).
 */
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import { BYTES_PER_GB } from "../../../estimate/units.ts";
import type { SpeedBasis } from "../../../estimate/measured/basis.ts";
import type { LogReading, MemoryView, Rate } from "../../../run-log/readers/types.ts";
import type { LogMeasure } from "../../../run-log/readers/measure.ts";
import type { LogBasisState } from "../log-basis.ts";

export interface LogRow {
  key: string;
  label: string;
  measured: string;
  estimate: string;
  ratio: string;
}

export interface LogBasisView {
  /** "Read as a vLLM server log (vLLM 0.6–0.11)". */
  format: string;
  workload: string;
  rows: LogRow[];
  /** How sure the throughput is: its scope and window. */
  rateNote: string;
  /** Why the estimate column is empty, or what the ratio carries; "" for none. */
  basisNote: string;
  canUse: boolean;
  gpuChoices: { value: string; label: string }[];
}

const DASH = "—";
const gb = (lang: string, bytes: number) => num(lang, bytes / BYTES_PER_GB, 1);
const ratioText = (lang: string, m: number | null, e: number | null) =>
  m !== null && e !== null && e > 0 ? `${num(lang, m / e, 2)}×` : DASH;

function rateNote(rate: Rate | null, t: Strings, lang: string): string {
  if (!rate) return tr(t, "lg.noRate");
  const w = rate.window;
  if (rate.scope === "steady-window" && w)
    return tr(t, "lg.scope.steady-window", {
      warmup: num(lang, w.warmupSeconds, 0),
      window: num(lang, w.windowSeconds, 0),
      readings: num(lang, w.readings, 0),
      line: num(lang, w.startLine, 0),
    });
  return tr(t, `lg.scope.${rate.scope}`, { line: num(lang, rate.line, 0) });
}

const memoryEstimate = (b: SpeedBasis | null, view: MemoryView): number | null => {
  const e = b?.estimatedMemory;
  if (!e) return null;
  return view === "torch-max-reserved"
    ? e.reservedBytes
    : view === "torch-max-allocated"
      ? e.allocatedBytes
      : e.deviceUsedBytes;
};

export function logBasisView(
  name: string,
  r: LogReading,
  m: LogMeasure,
  state: LogBasisState,
  gpus: readonly { id: string; name: string }[],
  t: Strings,
  lang: string,
): LogBasisView {
  const b = state.kind === "ready" ? state.basis : null;
  const rows: LogRow[] = [];
  const tps = m.tokensPerSecond;
  rows.push({
    key: "throughput",
    label: tr(t, m.kind === "training" ? "lg.row.trainTps" : "lg.row.outputTps"),
    measured: tps === null ? DASH : num(lang, tps, 0),
    estimate: b ? num(lang, b.estimatedTokensPerSecond, 0) : DASH,
    ratio: ratioText(lang, tps, b?.estimatedTokensPerSecond ?? null),
  });
  if (m.peak) {
    const e = memoryEstimate(b, m.peak.view);
    rows.push({
      key: "memory",
      label: tr(t, "lg.row.memory", { view: tr(t, `lg.view.${m.peak.view}`) }),
      measured: gb(lang, m.peak.bytes),
      estimate: e === null ? DASH : gb(lang, e),
      ratio: ratioText(lang, m.peak.bytes, e),
    });
  }
  const count = (key: string, c: LogReading["runningRequests"]) => {
    if (!c) return;
    const max = c.max === null ? DASH : num(lang, c.max, 0);
    // A benchmark gives its mean in flight (Little's law), a server log its readings' median.
    const typical =
      c.median === null && c.mean !== null
        ? tr(t, "lg.maxMean", { max, mean: num(lang, c.mean, 1) })
        : tr(t, "lg.maxMedian", { max, median: c.median === null ? DASH : num(lang, c.median, 1) });
    rows.push({
      key,
      label: tr(t, `lg.row.${key}`),
      measured: typical,
      estimate: DASH,
      ratio: DASH,
    });
  };
  count("running", r.runningRequests);
  count("waiting", r.waitingRequests);
  if (r.burstRequests)
    rows.push({
      key: "burst",
      label: tr(t, "lg.row.burst"),
      measured: num(lang, r.burstRequests.value, 0),
      estimate: DASH,
      ratio: DASH,
    });
  if (r.kvPoolTokens)
    rows.push({
      key: "kvPool",
      label: tr(t, "lg.row.kvPool"),
      measured: num(lang, r.kvPoolTokens.value, 0),
      estimate: b?.estimatedKvPoolTokens == null ? DASH : num(lang, b.estimatedKvPoolTokens, 0),
      ratio: ratioText(lang, r.kvPoolTokens.value, b?.estimatedKvPoolTokens ?? null),
    });
  if (r.maxConcurrency)
    rows.push({
      key: "maxConcurrency",
      label: tr(t, "lg.row.maxConcurrency", {
        tokens: num(lang, r.maxConcurrency.tokensPerRequest, 0),
      }),
      measured: num(lang, r.maxConcurrency.times, 2),
      estimate: DASH,
      ratio: DASH,
    });
  const basisNote =
    state.kind === "ready"
      ? tr(t, "lg.basis", {
          gpus: num(lang, state.basis.gpus, 0),
          gpu: state.basis.gpuName,
          ratio: num(lang, state.basis.ratio, 2),
          low: num(lang, state.basis.low, 2),
          high: num(lang, state.basis.high, 2),
        }) +
        (state.basis.burstRequests === null
          ? ""
          : ` ${tr(t, "lg.basis.burst", { requests: num(lang, state.basis.burstRequests, 0) })}`)
      : state.kind === "needs"
        ? tr(t, `lg.needs.${state.what}`)
        : state.kind === "refused"
          ? tr(t, "lg.refused", { fields: state.issues.map((i) => i.field).join(", ") })
          : "";
  return {
    format: tr(t, "lg.format", {
      format: tr(t, `fmt.${r.format.id}`),
      versions: r.format.versions,
      name: name || tr(t, "lg.pasted"),
    }),
    workload: tr(t, `lg.workload.${r.workload}`),
    rows,
    rateNote:
      rateNote(m.rate, t, lang) +
      (m.tokensFromSamples === null
        ? ""
        : ` ${tr(t, "lg.fromSamples", { seqLen: num(lang, m.tokensFromSamples, 0) })}`),
    basisNote,
    canUse: state.kind === "ready",
    gpuChoices: [
      { value: "", label: tr(t, "lg.pickGpu") },
      ...gpus.map((g) => ({ value: g.id, label: g.name })),
    ],
  };
}
