/** Tables and lists of a loaded run: per-GPU memory, parse report, idle gaps, findings, probe environment. */
import type { CatalogFit, Finding, GpuAnalysis, RunAnalysis } from "../../run-log/analysis.ts";
import type { Strings } from "../../i18n/format.ts";
import { num, tr } from "../../i18n/format.ts";
import type { LoadedRun } from "./protocol.ts";

interface P {
  t: Strings;
  lang: string;
}

export function GpuTable({ a, t, lang }: P & { a: RunAnalysis }) {
  const n = (v: number | null, d?: number) => num(lang, v, d);
  const pct = Math.round((a.gpus[0]?.recommended.headroom ?? 0.2) * 100);
  return (
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
        <ul>
          {run.notes.map((note, i) => (
            <li key={i}>{tr(t, `pnote.${note.code}`, note.params)}</li>
          ))}
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

const GAPS_SHOWN = 20;
export function IdleGaps({ g, t, lang }: P & { g: GpuAnalysis }) {
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
              {gaps.slice(0, GAPS_SHOWN).map((x) => (
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
      {gaps.length > GAPS_SHOWN && <p>{tr(t, "gaps.more", { n: gaps.length - GAPS_SHOWN })}</p>}
      <p class="calc-note">{t["gaps.hint"]}</p>
    </div>
  );
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

export function Findings({ a, t, lang }: P & { a: RunAnalysis }) {
  return (
    <section class="an-findings" aria-labelledby="an-find-h">
      <h3 id="an-find-h">{t["find.h"]}</h3>
      {a.findings.length === 0 ? (
        <p>{t["find.none"]}</p>
      ) : (
        <ul data-testid="findings">
          {a.findings.map((f, i) => (
            <li key={i} class={f.severity === "warn" ? "an-warn" : "an-info"} data-code={f.code}>
              {findingText(f, t, lang)}
            </li>
          ))}
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
        <p>{tr(t, "env.progressBad", { lines: p.progressMalformedLines.join(", ") })}</p>
      )}
    </details>
  );
}
