/**
 * The parts every widget's view shares: its result (being computed, refused with the
 * issues that stop it, or the figures), a headline figure, the warnings and assumptions,
 * and the request behind it as the command line takes it.
 */
import type { GpuChoice } from "../catalog.ts";
import type { Result } from "../../estimate/result.ts";
import type { Issue } from "../../estimate/request/issue.ts";
import type { AsBuilt, ShownOutcome } from "../outcome.ts";
import {
  assumptionMessages,
  fieldLabelMessage,
  issueMessage,
  warningMessage,
} from "../../i18n/messages.ts";
import type { Msg, Text } from "../../i18n/text.ts";
import { msg } from "../../i18n/text.ts";
import type { Built } from "../requests.ts";

export interface IssueView {
  /** The request field the issue names (`lora.rank`). */
  field: string;
  /** "<field's label>: <what is wrong>", the label a `field` parameter. */
  line: Msg;
}

/**
 * A widget's results: as the page was built (the server's markup, kept until the engine
 * computes), being computed, refused (every issue at once), or the view of one.
 */
export type Shown<V> = { status: "as-built" } | LiveShown<V>;
/** A result in any state but as built: what the browser draws. */
export type LiveShown<V> =
  | { status: "computing"; text: Msg }
  | { status: "issues"; title: Msg; issues: IssueView[] }
  | ({ status: "ok" } & V);

/** A task's outcome as its widget holds it (`TaskStores.$outcome`). */
export type Held<R> = ShownOutcome<R> | AsBuilt | null;

export function shown<R, V>(o: Held<R>, view: (r: R) => V): Shown<V> {
  if (o === null) return { status: "computing", text: msg("calc.computing") };
  if (o.ok === "as-built") return { status: "as-built" };
  if (!o.ok)
    return {
      status: "issues",
      title: msg("issues.title"),
      issues: o.issues.map((i) => ({
        field: i.field,
        line: msg("issues.line", { field: fieldLabelMessage(i), text: issueMessage(i) }),
      })),
    };
  return { status: "ok", ...view(o.result) };
}

/** A headline figure: `key` tags its `<output>` for tests and print. */
export interface Figure {
  key: string;
  label: Text;
  value: Text;
  main?: boolean;
}

export interface SummaryView {
  warnings: Msg[];
  assumptions: { key: string; label: Msg; value: Text; source: Msg }[];
}

export const summary = (r: Pick<Result, "warnings" | "assumptions">): SummaryView => ({
  warnings: r.warnings.map(warningMessage),
  assumptions: r.assumptions.map((a) => ({ key: a.key, ...assumptionMessages(a) })),
});

/**
 * Issue messages by the field they name under `prefix` (`options.1`), for the inputs to
 * show beside themselves; the first issue of a field wins.
 */
export function issuesAt(o: Held<unknown>, prefix = ""): Record<string, Msg> {
  const out: Record<string, Msg> = {};
  const issues: readonly Issue[] = o?.ok === false ? o.issues : [];
  for (const i of issues) {
    if (prefix && !i.field.startsWith(`${prefix}.`)) continue;
    const rest = prefix ? i.field.slice(prefix.length + 1) : i.field;
    out[rest.split(".")[0] ?? rest] ??= issueMessage(i);
  }
  return out;
}

/** The request as "Show the request" prints it; null while a field needs fixing. */
export const requestText = (b: Built | null): string | null =>
  b?.ok ? JSON.stringify(b.request, null, 2) : null;

/** A catalog GPU's name (the id when the catalog has none by that id). */
export const gpuName = (gpus: readonly GpuChoice[], id: string | undefined): string =>
  gpus.find((g) => g.id === id)?.name ?? id ?? "—";
