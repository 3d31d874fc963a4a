/**
 * Published serving runs (`serving-runs.ts`) as accuracy cases: each run's decode-speed
 * request, the output tokens per second over all users it measured, and its role
 * (calibration runs joined the fit and show their in-sample error; validation runs never
 * did). The accuracy page shows the two apart, with the median and 90th-percentile |error|.
 */
import type { ServingRun } from "./serving-runs.ts";
import { servingRunRequest } from "./serving-runs.ts";
import { PRESETS } from "../estimate/model/presets.ts";
import { isArch } from "../estimate/model/model.ts";

/** The presets that are mixtures of experts (a run names its model by preset). */
const MOE_PRESETS = new Set(
  PRESETS.filter((p) => isArch(p.model) && p.model.moe !== undefined).map((p) => p.id),
);

const describe = (r: ServingRun): string =>
  `${r.model}, ${r.weight_format} ${r.weight_bits} bits, ${r.engine} ${r.engine_version}, ${r.gpu}${r.tensor_parallel > 1 ? ` x ${r.tensor_parallel} (TP)` : ""}; ${r.users} users (${r.mode === "closed" ? "each sends the next request when one ends" : "all requests at once"}); prompt ${Math.round(r.prompt_tokens)}, output ${Math.round(r.output_tokens)} tokens`;

export interface ServingCase {
  id: string;
  role: ServingRun["role"];
  /** The document the run comes from. */
  source: string;
  /** Who published it (`measured-table.ts`). */
  publisher: string;
  description: string;
  measures: string;
  /** Output tokens/s over all users, as the source measured. */
  measured: number;
  /** The decode-speed request that estimates it; its `tokensPerSecond` is compared. */
  request: Record<string, unknown>;
  /** The model is a mixture of experts: scored, and its likely range taken, apart. */
  moe: boolean;
}

/** A serving run the decode fit never saw: its error, source, and whether its model is a MoE. */
export interface ServingError {
  signedError: number;
  source: string;
  moe: boolean;
}

/** Every run that states its output tokens/s. */
export function servingCases(runs: readonly ServingRun[]): ServingCase[] {
  return runs
    .filter((r) => r.output_tok_s !== undefined)
    .map((r) => ({
      id: r.id,
      role: r.role,
      source: r.source,
      publisher: r.publisher,
      description: describe(r),
      measures: `output tok/s over all users (${r.source}, ${r.date})`,
      measured: r.output_tok_s ?? 0,
      request: servingRunRequest(r),
      moe: MOE_PRESETS.has(r.model),
    }));
}
