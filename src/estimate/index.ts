/**
 * The estimation core's one entry point for the shells that run it: the command line, the
 * page's engine (`src/stores/engine-impl.ts`) and the run analyzer. Every figure they show
 * comes from a task run through here (`registry.ts`), so the page, the command line and the
 * tests reach the same code. Beside it, pages read declarations directly (field tables,
 * option lists, units: no arithmetic); `.dependency-cruiser.cjs` holds that line.
 *
 * The folders, one domain each: `request/` (fields and the checker), `model/`, `hardware/`,
 * `memory/`, `training/`, `serving/`, `cost/`, `plan/`, `batch/`, `measured/` and
 * `generated/` (constants the calibration writes).
 */
export { runRequest, runTyped, TASKS, TASK_IDS } from "./registry.ts";
export type { TaskId, TaskRequest, TaskResult } from "./registry.ts";
export { runTask } from "./request/task.ts";
export type { Outcome, TaskContext } from "./request/task.ts";
export { checkFields } from "./request/check.ts";
export type { Checked, CheckContext } from "./request/check.ts";
export type { Requirement } from "./request/requirements.ts";
export { checkModel } from "./model/source.ts";
export { paramCounts } from "./model/model.ts";
export { PRESETS } from "./model/presets.ts";
export type { Preset } from "./model/presets.ts";
export type { ResolvedModelValue } from "./model/value.ts";
export { labelFits } from "./model/weights-header/label.ts";
export { rentGB } from "./memory/views.ts";
export { measuredRunTask } from "./measured/measured-run.ts";
export type { MeasuredRunResult } from "./measured/measured-run.ts";
export { costRequestOfRow } from "./plan/cost-request.ts";
export type { GpuSpec } from "./hardware/gpu.ts";
export type { ReferencePrice } from "./cost/price.ts";
export type { Conversion, ExchangeRate } from "./cost/exchange.ts";
