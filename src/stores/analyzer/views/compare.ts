/** The two-run comparison as shown: each run's GPU and precision choices, the ratios and verdict. */
import type { GpuChoice } from "../../catalog.ts";
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import type { CompareSide, CompareState, DiagnosisAnswer } from "../compare.ts";
import { PRECISIONS } from "../compare.ts";
import type { Choice } from "./throughput.ts";

export interface CompareSideView {
  key: "a" | "b";
  legend: string;
  gpuId: string;
  precision: string;
  /** The run's GPU count and paper peak; "" before the run is loaded. */
  count: string;
  loaded: boolean;
}

export interface CompareView {
  gpuChoices: Choice[];
  precisionChoices: Choice[];
  sides: CompareSideView[];
  /** Before both runs are in, or when one lacks a figure: what to do. */
  message: string;
  ratios: { paper: string; measured: string; verdict: string; verdictText: string } | null;
}

function side(key: "a" | "b", s: CompareSide, t: Strings, lang: string): CompareSideView {
  return {
    key,
    legend: tr(t, key === "a" ? "cmp.runA" : "cmp.runB"),
    gpuId: s.gpuId,
    precision: s.precision,
    count: s.run
      ? tr(t, "cmp.count", { n: s.run.busyGpuCount, tflops: num(lang, s.peakTflops, 1) })
      : "",
    loaded: s.run !== null,
  };
}

export function compareView(
  c: CompareState,
  d: DiagnosisAnswer | null,
  gpus: readonly GpuChoice[],
  t: Strings,
  lang: string,
): CompareView {
  const ask = c.ask;
  const answer = ask.kind === "ask" && d?.key === ask.key ? d : null;
  const r = answer && "result" in answer ? answer.result : null;
  return {
    gpuChoices: [
      { value: "", label: tr(t, "cmp.choose") },
      ...gpus.map((g) => ({ value: g.id, label: `${g.name} (${num(lang, g.memoryGB, 0)} GB)` })),
    ],
    precisionChoices: PRECISIONS.map((x) => ({ value: x, label: x.toUpperCase() })),
    sides: [side("a", c.a, t, lang), side("b", c.b, t, lang)],
    message:
      ask.kind === "need-b"
        ? tr(t, "cmp.needB")
        : ask.kind === "missing"
          ? tr(t, `cmp.${ask.error}`, { run: ask.run.toUpperCase() })
          : answer && "failed" in answer
            ? tr(t, "cmp.failed")
            : "",
    ratios: r
      ? {
          paper: `${num(lang, r.paperRatio, 2)}×`,
          measured: `${num(lang, r.measuredRatio, 2)}×`,
          verdict: r.verdict,
          verdictText: tr(t, `verdict.${r.verdict}`, {
            realizedPct: num(lang, (r.realizedShare ?? 0) * 100, 0),
          }),
        }
      : null,
  };
}
