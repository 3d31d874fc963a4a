/**
 * The run-log analyzer island. It holds only view state; parsing and analysis run in a worker
 * (`worker.ts`, the pure core of `src/run-log/`), and "Use these measurements" writes
 * `$measured` and, given a total amount of work, `$cost.singleGpuHours`.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { GpuSpec } from "../../estimate/gpu.ts";
import type { WorkDone } from "../../run-log/analysis.ts";
import { HEADROOM_MAX, HEADROOM_MIN } from "../../run-log/analysis.ts";
import { setCost } from "../../stores/cost.ts";
import { setMeasured, singleGpuHoursFor } from "../../stores/measured.ts";
import type { Strings } from "../../i18n/format.ts";
import { num, tr } from "../../i18n/format.ts";
import { NumberField } from "../calculators/NumberField.tsx";
import { SelectField } from "../calculators/SelectField.tsx";
import { Histogram, Timeline } from "./Charts.tsx";
import { onWorker, send } from "./client.ts";
import { Compare } from "./Compare.tsx";
import { LogInput } from "./LogInput.tsx";
import type { LoadedRun, LoadError, Slot } from "./protocol.ts";
import { Env, Findings, GpuTable, IdleGaps, ParseReport } from "./Tables.tsx";

export interface RunAnalyzerProps {
  lang: "en" | "zh-cn";
  t: Strings;
  gpus: GpuSpec[];
}

interface SlotState {
  run: LoadedRun | null;
  error: LoadError | null;
  progress: number | null;
  id: number;
}
const EMPTY: SlotState = { run: null, error: null, progress: null, id: 0 };
/** The slots with one slot's state changed. */
const patched =
  (slot: Slot, s: Partial<SlotState>) =>
  (all: Record<Slot, SlotState>): Record<Slot, SlotState> => ({
    ...all,
    [slot]: { ...all[slot], ...s },
  });
const BIG = { min: 0, max: 1e18 };
/** Any headroom from 0 to 100% is accepted; the hint recommends 15-25%. */
const HEADROOM_RULE = { min: 0, max: 100 };
const MEMORY_FIELDS = new Set(["*", "peakMemoryBytes", "recommendedBytes"]);

export function RunAnalyzer({ lang, t, gpus }: RunAnalyzerProps) {
  const [hydrated, setHydrated] = useState(false);
  const [slots, setSlots] = useState<Record<Slot, SlotState>>({ a: EMPTY, b: EMPTY });
  const [headroomPct, setHeadroomPct] = useState(20);
  const [amount, setAmount] = useState(0);
  const [unit, setUnit] = useState("samples");
  const [scope, setScope] = useState<WorkDone["scope"]>("steady-window");
  const [amountB, setAmountB] = useState(0);
  const [total, setTotal] = useState(0);
  const [gpuShown, setGpuShown] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const latest = useRef<Record<Slot, number>>({ a: 0, b: 0 });
  const n = (v: number | null | undefined, d?: number) => num(lang, v, d);
  const unitLabel = t[`unit.${unit}`] ?? unit;

  const patchSlot = (slot: Slot, s: Partial<SlotState>) => setSlots(patched(slot, s));
  const work = (slot: Slot): WorkDone | undefined => {
    const a = slot === "a" ? amount : amountB;
    return a > 0 ? { amount: a, unit: unitLabel, scope } : undefined;
  };
  const start = (slot: Slot, id: number) => {
    if (id === 0) return patchSlot(slot, { error: { error: "read-failed" }, progress: null });
    latest.current[slot] = id;
  };

  useEffect(() => {
    setHydrated(true);
    return onWorker((m) => {
      if (m.type === "crashed") {
        for (const s of ["a", "b"] as const)
          if (latest.current[s])
            setSlots(patched(s, { progress: null, error: { error: "read-failed" } }));
        return;
      }
      const slot =
        m.type === "progress"
          ? latest.current.a === m.id
            ? "a"
            : latest.current.b === m.id
              ? "b"
              : null
          : m.slot;
      if (!slot || latest.current[slot] !== m.id) return;
      if (m.type === "progress") setSlots(patched(slot, { progress: m.fraction }));
      else if (m.type === "done")
        setSlots(patched(slot, { run: m.run, error: null, progress: null }));
      else
        setSlots(
          patched(slot, {
            error: m.failure,
            progress: null,
            ...(m.failure.error === "no-data" ? {} : { run: null }),
          }),
        );
    });
  }, []);

  const load = (slot: Slot) => (src: { file: File } | { text: string }, name: string) => {
    setSaved(null);
    patchSlot(slot, { progress: 0, error: null });
    if (slot === "a") setGpuShown(0);
    start(
      slot,
      send(
        {
          type: "load",
          slot,
          ...src,
          name: name || (t["sum.paste"] ?? ""),
          headroom: headroomPct / 100,
          workDone: work(slot),
        },
        gpus,
      ),
    );
  };
  const refuse = (slot: Slot) => (e: LoadError) =>
    patchSlot(slot, { error: e, run: null, progress: null });

  /** The analysis settings; changing one re-analyses the loaded runs (no re-parse). */
  interface Settings {
    headroomPct: number;
    amount: number;
    amountB: number;
    unit: string;
    scope: WorkDone["scope"];
  }
  const settings: Settings = { headroomPct, amount, amountB, unit, scope };
  const change = (next: Partial<Settings>) => {
    const s = { ...settings, ...next };
    if (next.headroomPct !== undefined) setHeadroomPct(s.headroomPct);
    if (next.amount !== undefined) setAmount(s.amount);
    if (next.amountB !== undefined) setAmountB(s.amountB);
    if (next.unit !== undefined) setUnit(s.unit);
    if (next.scope !== undefined) setScope(s.scope);
    const label = t[`unit.${s.unit}`] ?? s.unit;
    for (const slot of ["a", "b"] as const) {
      const a = slot === "a" ? s.amount : s.amountB;
      if (slots[slot].run)
        start(
          slot,
          send(
            {
              type: "analyze",
              slot,
              headroom: s.headroomPct / 100,
              workDone: a > 0 ? { amount: a, unit: label, scope: s.scope } : undefined,
            },
            gpus,
          ),
        );
    }
  };

  const run = slots.a.run;
  const a = run?.analysis;
  const g = a?.gpus[gpuShown] ?? a?.gpus[0];
  const gi = g && a ? a.gpus.indexOf(g) : 0;
  const tp = a?.throughput ?? null;
  const busy = run?.busyGpuCount ?? 1;

  const use = async () => {
    const top = run?.topGpu;
    if (!run || !top) return;
    const refused = await setMeasured({
      gpuName: top.name ?? "",
      gpuCount: run.gpuCount,
      peakMemoryBytes: top.peakMemoryBytes,
      recommendedBytes: top.recommended.bytes,
      headroom: top.recommended.headroom,
      throughputPerHour: tp?.perHour ?? 0,
      workUnit: tp?.unit ?? "",
      sourceFile: run?.name ?? "",
      savedAt: Date.now(),
    });
    // Says what the store kept and what it refused, in the page's words.
    if (refused === null) return setSaved(tr(t, "use.failed"));
    const fields = refused.map((f) => t[`mfield.${f}`] ?? f).join(", ");
    if (refused.some((f) => MEMORY_FIELDS.has(f)))
      return setSaved(tr(t, "use.nothing", { fields }));
    const hours = tp ? singleGpuHoursFor(total, tp.perHour, busy) : null;
    if (hours !== null) setCost({ singleGpuHours: Math.min(1e6, Math.max(0.01, hours)) });
    setSaved(
      [
        tr(t, "use.saved", {
          peak: n(top.peakMemoryBytes / 1e9, 1),
          rec: n(top.recommended.gb, 1),
        }),
        refused.length > 0 ? tr(t, "use.refused", { fields }) : "",
        hours !== null ? tr(t, "use.hours", { hours: n(hours, 1) }) : "",
      ]
        .filter(Boolean)
        .join(" "),
    );
  };
  const headroomAdvice =
    headroomPct < HEADROOM_MIN * 100 || headroomPct > HEADROOM_MAX * 100
      ? tr(t, "hint.headroomOutside", { pct: n(headroomPct) })
      : "";
  const base = lang === "en" ? "/en" : "";
  const [beforeCost, rest = ""] = (t["use.next"] ?? "").split("{cost}");
  const [between, afterFit = ""] = rest.split("{fit}");
  const disabled = !hydrated;

  return (
    <section class="calc an" aria-labelledby="an-title" data-hydrated={hydrated ? "true" : "false"}>
      <h2 id="an-title">{t["title"]}</h2>
      <p>{t["intro"]}</p>
      {!hydrated && <p class="calc-note">{t["in.wait"]}</p>}
      <form class="calc-controls an-controls" onSubmit={(e) => e.preventDefault()}>
        <LogInput
          id="an-a"
          label={t["in.file"] ?? ""}
          pasteLabel={t["in.paste"] ?? ""}
          buttonLabel={t["in.analyze"] ?? ""}
          t={t}
          lang={lang}
          disabled={disabled}
          progress={slots.a.progress}
          error={slots.a.error}
          onLoad={load("a")}
          onRefuse={refuse("a")}
        />
        <NumberField
          id="an-headroom"
          label={t["f.headroom"] ?? ""}
          unit="%"
          value={headroomPct}
          rule={HEADROOM_RULE}
          onValue={(v) => change({ headroomPct: v })}
          t={t}
          lang={lang}
          disabled={disabled}
        />
        <p class="calc-note" id="an-headroom-advice">
          {t["hint.headroom"]} {headroomAdvice}
        </p>
      </form>
      {run && a && (
        <div class="calc-results" data-testid="results">
          <p data-testid="run-summary">
            {tr(t, "sum.run", {
              name: run.name,
              samples: n(run.sampleCount, 0),
              gpus: n(run.gpuCount, 0),
              duration: n(a.durationSeconds, 0),
            })}
          </p>
          <ParseReport run={run} t={t} lang={lang} />
          <Env run={run} t={t} lang={lang} />
          <GpuTable run={run} t={t} lang={lang} />
          {g && (
            <section aria-labelledby="an-chart-h">
              <h3 id="an-chart-h">{t["chart.h"]}</h3>
              {a.gpus.length > 1 && (
                <SelectField
                  id="an-gpu"
                  label={t["chart.pick"] ?? ""}
                  value={String(gi)}
                  choices={a.gpus.map((x, i) => ({ value: String(i), label: `GPU ${x.index}` }))}
                  onValue={(v) => setGpuShown(Number(v))}
                  disabled={disabled}
                />
              )}
              <Timeline
                g={g}
                points={run.timelines[gi] ?? []}
                table={run.tables[gi] ?? []}
                duration={a.durationSeconds}
                t={t}
                lang={lang}
              />
              <div class="an-two">
                <Histogram g={g} t={t} lang={lang} />
                <IdleGaps g={g} t={t} lang={lang} />
              </div>
            </section>
          )}
          <Findings run={run} t={t} lang={lang} />
          <section aria-labelledby="an-tp-h">
            <h3 id="an-tp-h">{t["tp.h"]}</h3>
            <p class="calc-note">
              {tr(t, "tp.hint", {
                start: n(a.steadyStartSeconds, 0),
                end: n(a.steadyEndSeconds, 0),
              })}
            </p>
            <form class="calc-controls" onSubmit={(e) => e.preventDefault()}>
              <NumberField
                id="an-amount"
                label={t["tp.amount"] ?? ""}
                unit=""
                value={amount}
                rule={BIG}
                onValue={(v) => change({ amount: v })}
                t={t}
                lang={lang}
                disabled={disabled}
              />
              <SelectField
                id="an-unit"
                label={t["tp.unit"] ?? ""}
                value={unit}
                choices={["samples", "tokens", "frames"].map((u) => ({
                  value: u,
                  label: t[`unit.${u}`] ?? u,
                }))}
                onValue={(v) => change({ unit: v })}
                disabled={disabled}
              />
              <SelectField
                id="an-scope"
                label={t["tp.scope"] ?? ""}
                value={scope}
                choices={(["steady-window", "whole-run"] as const).map((s) => ({
                  value: s,
                  label: t[`scope.${s}`] ?? s,
                }))}
                onValue={(v) => change({ scope: v as WorkDone["scope"] })}
                disabled={disabled}
              />
            </form>
            <p role="status" data-testid="throughput">
              {tp
                ? `${tr(t, "tp.result", { perSecond: n(tp.perSecond), perHour: n(tp.perHour, 0), unit: tp.unit, seconds: n(tp.seconds, 0) })}${tp.source === "log" ? ` ${t["tp.fromLog"]}` : ""}`
                : t["tp.none"]}
            </p>
          </section>
          <section aria-labelledby="an-use-h">
            <h3 id="an-use-h">{t["use.h"]}</h3>
            <form class="calc-controls" onSubmit={(e) => e.preventDefault()}>
              <NumberField
                id="an-total"
                label={t["use.total"] ?? ""}
                unit={tp?.unit ?? ""}
                value={total}
                rule={BIG}
                onValue={setTotal}
                t={t}
                lang={lang}
                disabled={disabled}
              />
            </form>
            <p class="calc-note">{tp ? tr(t, "use.explain", { n: busy }) : t["use.noTp"]}</p>
            <button type="button" onClick={() => void use()} disabled={disabled}>
              {t["use.button"]}
            </button>
            <div role="status" data-testid="use-status">
              {saved && (
                <p>
                  {saved} {beforeCost}
                  <a href={`${base}/guides/total-cost/`}>{t["use.cost"]}</a>
                  {between}
                  <a href={`${base}/guides/choosing-a-gpu/`}>{t["use.fit"]}</a>
                  {afterFit}
                </p>
              )}
            </div>
          </section>
        </div>
      )}
      <Compare a={run} b={slots.b.run} gpus={gpus} t={t} lang={lang} disabled={disabled}>
        <LogInput
          id="an-b"
          label={t["cmp.file"] ?? ""}
          pasteLabel={t["cmp.paste"] ?? ""}
          buttonLabel={t["cmp.analyze"] ?? ""}
          t={t}
          lang={lang}
          disabled={disabled}
          progress={slots.b.progress}
          error={slots.b.error}
          onLoad={load("b")}
          onRefuse={refuse("b")}
        />
        {slots.b.run && (
          <form class="calc-controls" onSubmit={(e) => e.preventDefault()}>
            <NumberField
              id="an-amount-b"
              label={t["cmp.work"] ?? ""}
              unit={unitLabel}
              value={amountB}
              rule={BIG}
              onValue={(v) => change({ amountB: v })}
              t={t}
              lang={lang}
              disabled={disabled}
            />
          </form>
        )}
      </Compare>
    </section>
  );
}
