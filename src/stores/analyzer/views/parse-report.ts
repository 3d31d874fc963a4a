/** What the page says about reading the log: skipped lines, parse notes, the probe's environment. */
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import type { LoadedRun } from "../../../workers/analyzer/protocol.ts";
import { withLeftOut } from "./left-out.ts";

export interface ParseReportView {
  malformed: string;
  /** Parse notes, each kind's "…and M more" after its last. */
  notes: { key: string; text: string }[];
  /** The first skipped lines and why. */
  skipped: { line: number; reason: string }[];
  /** The probe's environment as label and value; null for a plain CSV log. */
  env: { rows: { label: string; value: string }[]; progressBad: string } | null;
}

/** Numbers in a note's parameters formatted for the page (a count of 86,399, not 86399). */
function formatted(params: Record<string, number | string>, lang: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params))
    out[k] =
      typeof v === "number" && k !== "line" && k !== "firstLine" ? num(lang, v, 0) : String(v);
  return out;
}

function env(run: LoadedRun, t: Strings, lang: string): ParseReportView["env"] {
  const p = run.probe;
  if (!p) return null;
  const n = (v: number | null) => num(lang, v, 0);
  const rows: [string, string][] = [
    ["env.driver", p.driverVersion ?? "—"],
    ["env.cuda", p.cudaVersion ?? "—"],
    ["env.torch", p.torchVersion ?? "—"],
    ["env.cpus", n(p.cpuCount)],
    ["env.ram", n(p.ramTotalMiB)],
    ["env.diskFree", n(p.diskFreeMiB)],
    ["env.diskRead", n(p.diskReadMiBps)],
    ["env.command", p.command],
    ["env.exit", String(p.exitStatus)],
  ];
  const listed = p.progressMalformedLines;
  const more = p.progressMalformedCount - listed.length;
  return {
    rows: rows.map(([k, value]) => ({ label: tr(t, k), value })),
    progressBad:
      listed.length === 0
        ? ""
        : [
            tr(t, "env.progressBad", { lines: listed.join(", ") }),
            more > 0 ? tr(t, "more.lines", { n: n(more) }) : "",
          ]
            .filter(Boolean)
            .join(" "),
  };
}

export function parseReportView(run: LoadedRun, t: Strings, lang: string): ParseReportView {
  const lines = run.malformed
    .slice(0, 10)
    .map((m) => m.line)
    .join(", ");
  return {
    malformed:
      run.malformedCount > 0
        ? tr(t, "mal.count", { count: num(lang, run.malformedCount, 0), lines })
        : tr(t, "mal.none"),
    notes: withLeftOut(run.notes, (note) => note.code, run.notesLeftOut).map((l, i) =>
      "item" in l
        ? { key: String(i), text: tr(t, `pnote.${l.item.code}`, formatted(l.item.params, lang)) }
        : { key: `more-${l.more}`, text: tr(t, "more.notes", { n: num(lang, l.count, 0) }) },
    ),
    skipped: run.malformed.map((m) => ({ line: m.line, reason: tr(t, `reason.${m.reason}`) })),
    env: env(run, t, lang),
  };
}
