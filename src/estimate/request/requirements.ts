/**
 * Requirements across fields, declared once per task: the checker enforces them and the
 * README's field reference states them (`src/cli/reference.ts`), so "optional" in the
 * reference never hides a field the request cannot do without.
 */
import type { Issue } from "./issue.ts";
import { at, issue } from "./issue.ts";
import { isRecord } from "./check-value.ts";
import { own } from "./own.ts";

export type Requirement =
  /** At least one of these fields (a diagnosis side: its peak, or a GPU to read it from). */
  | { readonly oneOf: readonly string[] }
  /**
   * `field` must be given whenever `with` is (a model with tokens: 6·N·D needs N); with
   * `withTask`, only when `with` is a nested request of that task (a plan's workload).
   */
  | { readonly field: string; readonly with: string; readonly withTask?: string };

const given = (raw: Record<string, unknown>, name: string) => own(raw, name) !== undefined;

/** Whether `with` is given (and, for a nested request, is of the named task). */
function present(raw: Record<string, unknown>, name: string, task: string | undefined): boolean {
  const v = own(raw, name);
  if (v === undefined) return false;
  return task === undefined || (isRecord(v) && own(v, "task") === task);
}

/**
 * The issues of a request that leaves a requirement unmet, each at the field to give. A
 * field needed with one that is itself wrong (`bad`) is not asked for yet: what it is
 * needed for depends on the value still to be fixed.
 */
export function requirementIssues(
  reqs: readonly Requirement[],
  raw: Record<string, unknown>,
  path: string,
  bad: ReadonlySet<string>,
): Issue[] {
  return reqs.flatMap((r): Issue[] => {
    if ("oneOf" in r)
      return r.oneOf.some((f) => given(raw, f))
        ? []
        : [issue(at(path, r.oneOf[0] ?? ""), "needs-one-of", { fields: r.oneOf.join(", ") })];
    return !bad.has(r.with) && present(raw, r.with, r.withTask) && !given(raw, r.field)
      ? [issue(at(path, r.field), "needs-with", { with: r.with })]
      : [];
  });
}
