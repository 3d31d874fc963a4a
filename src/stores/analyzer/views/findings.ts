/** What the log suggests, in words: each finding with its figures formatted for the page. */
import type { Strings } from "../../../i18n/format.ts";
import { num, tr } from "../../../i18n/format.ts";
import type { Finding } from "../../../run-log/findings.ts";
import type { LoadedRun } from "../../../workers/analyzer/protocol.ts";
import { withLeftOut } from "./left-out.ts";

export interface FindingLine {
  key: string;
  text: string;
  /** `warn`, `info`, or `more` for a kind's "…and M more" line. */
  kind: "warn" | "info" | "more";
  code: string;
}

/** Seconds, percentages and MiB print whole; GB and counts keep the default precision. */
const WHOLE = /Pct$|Seconds$|MiB/;

/** A finding in words: numbers formatted for the page, the steady-state reason translated. */
function findingText(f: Finding, t: Strings, lang: string): string {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(f.params))
    params[k] =
      typeof v === "number"
        ? num(lang, v, WHOLE.test(k) ? 0 : undefined)
        : k === "reason"
          ? tr(t, `steady.${v}`)
          : v;
  return (
    (f.gpuIndex === null ? "" : tr(t, "find.gpu", { gpu: f.gpuIndex })) +
    tr(t, `finding.${f.code}`, params)
  );
}

export function findingsView(run: LoadedRun, t: Strings, lang: string): FindingLine[] {
  return withLeftOut(run.findings, (f) => f.code, run.findingsLeftOut).map((l, i) =>
    "item" in l
      ? {
          key: String(i),
          text: findingText(l.item, t, lang),
          kind: l.item.severity,
          code: l.item.code,
        }
      : {
          key: `more-${l.more}`,
          text: tr(t, "more.findings", { n: num(lang, l.count, 0) }),
          kind: "more",
          code: l.more,
        },
  );
}
