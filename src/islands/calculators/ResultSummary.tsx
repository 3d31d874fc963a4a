/**
 * Assumptions and warnings of an estimate, translated from the core's codes; and, when the
 * inputs cannot be estimated, the issues that stop it, each with its field's label.
 */
import type { ComponentChildren } from "preact";
import type { Assumption, Warning } from "../../estimate/result.ts";
import type { Outcome } from "../../estimate/tasks/task.ts";
import type { Issue } from "../../estimate/tasks/issue.ts";
import type { Strings } from "../../i18n/format.ts";
import { tr } from "../../i18n/format.ts";
import { formatParam, issueText, warningText } from "../../i18n/messages.ts";

export interface ResultSummaryProps {
  assumptions: readonly Assumption[];
  warnings: readonly Warning[];
  t: Strings;
  lang: string;
}

export function ResultSummary(p: ResultSummaryProps) {
  return (
    <div class="calc-summary">
      {p.warnings.length > 0 && (
        <ul class="calc-warnings" aria-label={tr(p.t, "warnings")}>
          {p.warnings.map((w, i) => (
            <li key={`${w.code}-${i}`}>{warningText(p.lang, p.t, w)}</li>
          ))}
        </ul>
      )}
      <details class="calc-assumptions" open>
        <summary>{tr(p.t, "assumptions")}</summary>
        <dl>
          {p.assumptions.map((a) => (
            <div key={a.key}>
              <dt>{tr(p.t, `as.${a.key}`)}</dt>
              <dd>
                {formatParam(p.lang, p.t, a.key, a.value)}{" "}
                <small>({tr(p.t, `src.${a.source}`, a.sourceParams)})</small>
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}

/** The label of the field an issue path names: `lora.rank` → the LoRA rank's label. */
function fieldLabel(t: Strings, path: string): string {
  const parts = path.split(".").filter((x) => !/^\d+$/.test(x));
  for (let i = parts.length; i > 0; i--) {
    const key = `f.${parts.slice(0, i).join(".")}`;
    if (t[key]) return t[key];
  }
  const last = parts[parts.length - 1] ?? path;
  return t[`f.${last}`] ?? path;
}

/** Why there is no estimate: every issue at once, each after its field's label. */
export function IssueList(p: { issues: readonly Issue[]; t: Strings; lang: string }) {
  return (
    <div class="calc-issues" role="alert" data-issues>
      <p>{tr(p.t, "issues.title")}</p>
      <ul>
        {p.issues.map((i) => (
          <li key={`${i.field}-${i.code}`} data-issue-field={i.field}>
            <strong>{fieldLabel(p.t, i.field)}</strong>: {issueText(p.lang, p.t, i)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Issue messages by top-level field name, for the inputs to show beside themselves. */
export function issuesByField(
  issues: readonly Issue[],
  t: Strings,
  lang: string,
  prefix = "",
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    if (prefix && !i.field.startsWith(`${prefix}.`)) continue;
    const rest = prefix ? i.field.slice(prefix.length + 1) : i.field;
    const key = rest.split(".")[0] ?? rest;
    out[key] ??= issueText(lang, t, i);
  }
  return out;
}

export interface ResultsProps<R> {
  /** The estimate; `null` while the engine that computes it loads. */
  outcome: Outcome<R> | null;
  t: Strings;
  lang: string;
  render: (result: R) => ComponentChildren;
}

/** A widget's results: the estimate, or why there is none, or that it is being computed. */
export function Results<R>(p: ResultsProps<R>) {
  if (p.outcome === null)
    return (
      <p class="calc-note-text" role="status">
        {tr(p.t, "calc.computing")}
      </p>
    );
  if (!p.outcome.ok) return <IssueList issues={p.outcome.issues} t={p.t} lang={p.lang} />;
  return <>{p.render(p.outcome.result)}</>;
}
