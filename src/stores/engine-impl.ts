/**
 * The estimation engine as the page uses it: the request checker, the model resolver, the
 * config.json reader and every task. This module is the line between what a page loads up
 * front (inputs, stores, the results it was built with) and what it loads on the first edit
 * (`engine.ts`); on the server the calculators' wrappers hand it to the stores directly.
 */
import { paramCounts } from "../estimate/model.ts";
import { checkModel } from "../estimate/model-source.ts";
import type { ResolvedModelValue } from "../estimate/model-value.ts";
import type { Preset } from "../estimate/presets.ts";
import { checkFields } from "../estimate/tasks/check.ts";
import type { Fields } from "../estimate/tasks/field.ts";
import { runTyped } from "../estimate/tasks/registry.ts";
import type { Engine, ResolvedModel } from "./engine-api.ts";

function resolveModel(source: Record<string, unknown>, presets: readonly Preset[]): ResolvedModel {
  const r = checkModel(source, "model", presets);
  if (r.issues.length) return { ok: false, issues: r.issues };
  const model = r.keep as ResolvedModelValue;
  return { ok: true, model, counts: paramCounts(model.spec) };
}

export const engine: Engine = {
  run: runTyped,
  check: (fields: Fields, raw, ctx) => checkFields(fields, raw, ctx),
  resolveModel,
};
