/** Tables and lists of a loaded run: per-GPU memory, parse report, idle gaps, findings, probe environment. */
import type { CatalogFit, Finding, GpuAnalysis } from "../../run-log/analysis.ts";
import type { JSX } from "preact";
import type { LeftOut } from "../../run-log/cap.ts";
import type { Strings } from "../../i18n/format.ts";
import { num, tr } from "../../i18n/format.ts";
import type { LoadedRun, ShownGpu } from "./protocol.ts";

interface P {
  t: Strings;
  lang: string;
}

/**
 * Items of a capped list, each kind's "…and M more" line right after its last item shown.
 * `more` gives that line's text for a kind and its count.
 */
function withLeftOut<T, K extends string>(
  items: readonly T[],
  kindOf: (item: T) => K,
  leftOut: readonly LeftOut<K>[],
  render: (item: T, i: number) => JSX.Element,
  more: (kind: K, count: number) => JSX.Element,
): JSX.Element[] {
  const lastOf = new Map<K, number>();
  items.forEach((item, i) => lastOf.set(kindOf(item), i));
  const out: JSX.Element[] = [];
  items.forEach((item, i) => {
    out.push(render(item, i));
    const kind = kindOf(item);
    const left = lastOf.get(kind) === i ? leftOut.find((l) => l.kind === kind) : undefined;
    if (left) out.push(more(kind, left.count));
  });
  return out;
}

export function GpuTable({ run, t, lang }: P & { run: LoadedRun }) {
  const a = run.analysis;
  const n = (v: number | null, d?: number) => num(lang, v, d);
  const pct = Math.round((a.gpus[0]?.recommended.headroom ?? 0.2) * 100);
  const notListed = run.gpuCount - a.gpus.length;
  return (
    <>
      <div class="calc-scroll" tabIndex={0} role="region" aria-label={t["gpu.h"]}>
        <table data-testid="gpu-table">
          <caption>{t["gpu.h"]}</caption>
          <thead>
            <tr>
              {[
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
              ].map((k) => (
                <th scope="col" key={k}>
                  {tr(t, k, { pct })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {a.gpus.map((g) => (
              <tr key={g.index}>
                <th scope="row">{`${g.index}: ${g.name ?? "—"}`}</th>
                <td data-k="peak">{n(g.peakMemoryMiB, 0)}</td>
                <td>{n(g.memoryTotalMiB, 0)}</td>
                <td data-k="rec">{n(g.recommended.gb, 1)}</td>
                <td>{`${n(g.recommended.lowGB, 1)}–${n(g.recommended.highGB, 1)}`}</td>
                <td>{g.smallestFit ? fitLabel(g.smallestFit, lang) : "—"}</td>
                <td>{smaller(g, t, lang)}</td>
                <td>{n(g.meanUtilSteadyPct, 0)}</td>
                <td>{n(g.meanPowerSteadyW, 0)}</td>
                <td data-k="warmup">{g.steady.found ? n(g.steady.warmupSeconds, 0) : "—"}</td>
                <td data-k="window">
                  {tr(t, "window.range", {
                    start: n(g.steady.startSeconds, 0),
                    end: n(g.steady.endSeconds, 0),
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {notListed > 0 && (
        <p data-testid="gpus-more">
          {tr(t, "more.gpus", { n: num(lang, notListed, 0), shown: a.gpus.length })}
        </p>
      )}
    </>
  );
}

/** A GPU that fits: the size it is sold as, and the nvidia-smi total the fit was judged by. */
function fitLabel(f: CatalogFit, lang: string): string {
  return `${f.name} (${num(lang, f.memoryGB, 0)} GB, ${num(lang, f.memoryTotalMiB, 0)} MiB)`;
}

function smaller(g: GpuAnalysis, t: Strings, lang: string): string {
  const s = g.smallerFits[0];
  return s ? fitLabel(s, lang) : g.memoryTotalMiB === null ? "—" : (t["smaller.no"] ?? "");
}

export function ParseReport({ run, t, lang }: P & { run: LoadedRun }) {
  const lines = run.malformed
    .slice(0, 10)
    .map((m) => m.line)
    .join(", ");
  return (
    <div class="an-parse">
      <p data-testid="malformed">
        {run.malformedCount > 0
          ? tr(t, "mal.count", { count: num(lang, run.malformedCount, 0), lines })
          : t["mal.none"]}
      </p>
      {run.notes.length > 0 && (
        <ul data-testid="parse-notes">
          {withLeftOut(
            run.notes,
            (note) => note.code,
            run.notesLeftOut,
            (note, i) => (
              <li key={i}>{tr(t, `pnote.${note.code}`, formatted(note.params, lang))}</li>
            ),
            (kind, count) => (
              <li key={`more-${kind}`}>{tr(t, "more.notes", { n: num(lang, count, 0) })}</li>
            ),
          )}
        </ul>
      )}
      {run.malformed.length > 0 && (
        <details>
          <summary>{t["mal.details"]}</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">{t["col.line"]}</th>
                <th scope="col">{t["col.reason"]}</th>
              </tr>
            </thead>
            <tbody>
              {run.malformed.map((m) => (
                <tr key={m.line}>
                  <td>{m.line}</td>
                  <td>{tr(t, `reason.${m.reason}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}

export function IdleGaps({ g, t, lang }: P & { g: ShownGpu }) {
  const n = (v: number) => num(lang, v, 0);
  const gaps = g.idleGaps;
  return (
    <div class="an-gaps">
      <h4>{t["gaps.h"]}</h4>
      {gaps.length === 0 ? (
        <p>{t["gaps.none"]}</p>
      ) : (
        <div class="calc-scroll" tabIndex={0} role="region" aria-label={t["gaps.h"]}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t["col.start"]}</th>
                <th scope="col">{t["col.end"]}</th>
                <th scope="col">{t["col.length"]}</th>
                <th scope="col">{t["col.phase"]}</th>
              </tr>
            </thead>
            <tbody>
              {gaps.map((x) => (
                <tr key={x.startSeconds}>
                  <td>{n(x.startSeconds)}</td>
                  <td>{n(x.endSeconds)}</td>
                  <td>{n(x.durationSeconds)}</td>
                  <td>{t[`phase.${x.phase}`]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {g.idleGapCount > gaps.length && (
        <p>{tr(t, "gaps.more", { n: num(lang, g.idleGapCount - gaps.length, 0) })}</p>
      )}
      <p class="calc-note">{t["gaps.hint"]}</p>
    </div>
  );
}

/** Numbers in a note's parameters formatted for the page (a count of 86,399, not 86399). */
function formatted(params: Record<string, number | string>, lang: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params))
    out[k] =
      typeof v === "number" && k !== "line" && k !== "firstLine" ? num(lang, v, 0) : String(v);
  return out;
}

/** A finding in words: numbers formatted for the page, the steady-state reason translated. */
export function findingText(f: Finding, t: Strings, lang: string): string {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(f.params))
    params[k] =
      typeof v === "number"
        ? num(lang, v, /Pct$|Seconds$|MiB/.test(k) ? 0 : undefined)
        : k === "reason"
          ? tr(t, `steady.${v}`)
          : v;
  return (
    (f.gpuIndex === null ? "" : tr(t, "find.gpu", { gpu: f.gpuIndex })) +
    tr(t, `finding.${f.code}`, params)
  );
}

export function Findings({ run, t, lang }: P & { run: LoadedRun }) {
  const a = run.analysis;
  return (
    <section class="an-findings" aria-labelledby="an-find-h">
      <h3 id="an-find-h">{t["find.h"]}</h3>
      {a.findings.length === 0 ? (
        <p>{t["find.none"]}</p>
      ) : (
        <ul data-testid="findings">
          {withLeftOut(
            a.findings,
            (f) => f.code,
            run.findingsLeftOut,
            (f, i) => (
              <li key={i} class={f.severity === "warn" ? "an-warn" : "an-info"} data-code={f.code}>
                {findingText(f, t, lang)}
              </li>
            ),
            (code, count) => (
              <li key={`more-${code}`} class="an-more" data-more={code}>
                {tr(t, "more.findings", { n: num(lang, count, 0) })}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

export function Env({ run, t, lang }: P & { run: LoadedRun }) {
  const p = run.probe;
  if (!p) return null;
  const rows: [string, string][] = [
    ["env.driver", p.driverVersion ?? "—"],
    ["env.cuda", p.cudaVersion ?? "—"],
    ["env.torch", p.torchVersion ?? "—"],
    ["env.cpus", num(lang, p.cpuCount, 0)],
    ["env.ram", num(lang, p.ramTotalMiB, 0)],
    ["env.diskFree", num(lang, p.diskFreeMiB, 0)],
    ["env.diskRead", num(lang, p.diskReadMiBps, 0)],
    ["env.command", p.command],
    ["env.exit", String(p.exitStatus)],
  ];
  return (
    <details class="an-env">
      <summary>{t["env.h"]}</summary>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{t[k]}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {p.progressMalformedLines.length > 0 && (
        <p>
          {tr(t, "env.progressBad", { lines: p.progressMalformedLines.join(", ") })}
          {p.progressMalformedCount > p.progressMalformedLines.length &&
            ` ${tr(t, "more.lines", { n: num(lang, p.progressMalformedCount - p.progressMalformedLines.length, 0) })}`}
        </p>
      )}
    </details>
  );
}
