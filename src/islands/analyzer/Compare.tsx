/**
 * Two-node comparison: run A is the main log, run B a second one. Each run's GPU (prefilled
 * from the log's name via matchCatalogGpu) and precision give its paper peak; the measured
 * throughputs give the measured ratio; the seed's rule gives the verdict.
 */
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { GpuSpec } from "../../estimate/gpu.ts";
import { compareRuns, matchCatalogGpu, paperPeakTflops } from "../../run-log/compare.ts";
import type { PeakPrecision } from "../../run-log/compare.ts";
import type { Strings } from "../../i18n/format.ts";
import { num, tr } from "../../i18n/format.ts";
import { SelectField } from "../calculators/SelectField.tsx";
import type { LoadedRun } from "./protocol.ts";

const PRECISIONS: PeakPrecision[] = ["fp32", "tf32", "fp16", "bf16", "fp8", "int8"];

interface Side {
  run: LoadedRun | null;
  label: string;
  key: "a" | "b";
}

function guess(run: LoadedRun | null, gpus: GpuSpec[]): string {
  const g = run?.analysis.gpus[0];
  return (g?.name && matchCatalogGpu(g.name, gpus, g.memoryTotalMiB)?.id) || "";
}

export function Compare(p: {
  a: LoadedRun | null;
  b: LoadedRun | null;
  gpus: GpuSpec[];
  t: Strings;
  lang: string;
  disabled: boolean;
  children: ComponentChildren;
}) {
  const { t, lang, gpus } = p;
  // A GPU the user picks holds for that run; a new run starts from the catalog's best guess.
  const runKey = (s: LoadedRun | null) => `${s?.name ?? ""}|${s?.analysis.gpus[0]?.name ?? ""}`;
  const [picked, setPicked] = useState<Record<string, { key: string; id: string }>>({});
  const gpuOf = (which: "a" | "b", s: LoadedRun | null): string => {
    const choice = picked[which];
    return choice && choice.key === runKey(s) ? choice.id : guess(s, gpus);
  };
  const gpu = { a: gpuOf("a", p.a), b: gpuOf("b", p.b) };
  const setGpu = (next: { a: string; b: string }) =>
    setPicked({ a: { key: runKey(p.a), id: next.a }, b: { key: runKey(p.b), id: next.b } });
  const [prec, setPrec] = useState<Record<string, PeakPrecision>>({ a: "bf16", b: "bf16" });
  const choices = [
    { value: "", label: t["cmp.choose"] ?? "" },
    ...gpus.map((g) => ({ value: g.id, label: `${g.name} (${num(lang, g.memoryGB, 0)} GB)` })),
  ];
  const peak = (s: Side): number | null => {
    const spec = gpus.find((g) => g.id === gpu[s.key]);
    return spec && s.run ? paperPeakTflops(spec, prec[s.key] ?? "bf16", s.run.busyGpuCount) : null;
  };
  const sides: Side[] = [
    { run: p.a, label: t["cmp.runA"] ?? "", key: "a" },
    { run: p.b, label: t["cmp.runB"] ?? "", key: "b" },
  ];
  const r =
    p.a && p.b
      ? compareRuns(
          {
            throughputPerSecond: p.a.analysis.throughput?.perSecond ?? 0,
            paperPeakTflops: peak(sides[0] as Side) ?? 0,
          },
          {
            throughputPerSecond: p.b.analysis.throughput?.perSecond ?? 0,
            paperPeakTflops: peak(sides[1] as Side) ?? 0,
          },
        )
      : null;
  return (
    <section class="an-compare" aria-labelledby="an-cmp-h">
      <h3 id="an-cmp-h">{t["cmp.h"]}</h3>
      <p>{t["cmp.intro"]}</p>
      {p.children}
      <div class="an-sides">
        {sides.map((s) => (
          <fieldset key={s.key} class="calc-option">
            <legend>{s.label}</legend>
            <SelectField
              id={`an-cmp-gpu-${s.key}`}
              label={t["cmp.gpu"] ?? ""}
              value={gpu[s.key] ?? ""}
              choices={choices}
              disabled={p.disabled || !s.run}
              onValue={(v) => setGpu({ ...gpu, [s.key]: v })}
            />
            <SelectField
              id={`an-cmp-prec-${s.key}`}
              label={t["cmp.precision"] ?? ""}
              value={prec[s.key] ?? "bf16"}
              choices={PRECISIONS.map((x) => ({ value: x, label: x.toUpperCase() }))}
              disabled={p.disabled || !s.run}
              onValue={(v) => setPrec({ ...prec, [s.key]: v as PeakPrecision })}
            />
            {s.run && (
              <p class="calc-note">
                {tr(t, "cmp.count", { n: s.run.busyGpuCount, tflops: num(lang, peak(s), 1) })}
              </p>
            )}
          </fieldset>
        ))}
      </div>
      <div role="status" aria-live="polite" data-testid="compare-result">
        {!r ? (
          <p>{t["cmp.needB"]}</p>
        ) : !r.ok ? (
          <p>{tr(t, `cmp.${r.error}`, { run: r.run.toUpperCase() })}</p>
        ) : (
          <>
            <dl class="calc-figures">
              <div>
                <dt>{t["cmp.paper"]}</dt>
                <dd>
                  <output>{`${num(lang, r.paperRatio, 2)}×`}</output>
                </dd>
              </div>
              <div>
                <dt>{t["cmp.measured"]}</dt>
                <dd>
                  <output>{`${num(lang, r.measuredRatio, 2)}×`}</output>
                </dd>
              </div>
            </dl>
            <p class="calc-note">{t["cmp.ratioNote"]}</p>
            <p class="an-verdict" data-verdict={r.verdict}>
              {tr(t, `verdict.${r.verdict}`, { realizedPct: num(lang, r.realizedShare * 100, 0) })}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
