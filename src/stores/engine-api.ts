/** What the stores ask of the estimation engine (`engine-impl.ts`), as types only. */
import type { ParamCounts } from "../estimate/model/model.ts";
import type { CostRequestInput } from "../estimate/plan/cost-request.ts";
import type { PlanRow } from "../estimate/plan/row.ts";
import type { ResolvedModelValue } from "../estimate/model/value.ts";
import type { Preset } from "../estimate/model/presets.ts";
import type { Checked, CheckContext } from "../estimate/request/check.ts";
import type { Fields } from "../estimate/request/field.ts";
import type { Issue } from "../estimate/request/issue.ts";
import type { TaskId, TaskRequest, TaskResult } from "../estimate/registry.ts";
import type { Outcome, TaskContext } from "../estimate/request/task.ts";
import type { ModelChoice } from "./model-choice.ts";

export type ResolvedModel =
  { ok: true; model: ResolvedModelValue; counts: ParamCounts } | { ok: false; issues: Issue[] };

export interface Engine {
  /** Checks and runs a request that names its task (the command line's path). */
  run: <Id extends TaskId>(
    request: { task: Id } & TaskRequest<NoInfer<Id>>,
    ctx: TaskContext,
  ) => Outcome<TaskResult<Id>>;
  /** Checks values against a field table: valid ones kept, every issue reported. */
  check: (fields: Fields, raw: Record<string, unknown>, ctx: CheckContext) => Checked;
  /** Resolves a request's model into its name, spec and parameter counts. */
  resolveModel: (source: Record<string, unknown>, presets: readonly Preset[]) => ResolvedModel;
  /**
   * A stored or linked model choice made whole: the way it names holds a model (else the
   * initial one), and a weights file's label prints its model's own count (else it is
   * dropped); what was replaced or dropped is named.
   */
  refineModelChoice: (
    m: ModelChoice,
    initial: ModelChoice,
  ) => { value: ModelChoice; invalid: string[] };
  /** The total-cost page's request that bills as a plan row does (null: no run hours). */
  costRequestOfRow: (row: PlanRow) => CostRequestInput | null;
}
