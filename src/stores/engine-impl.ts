/**
 * The estimation engine as the page uses it: the request checker, the model resolver, the
 * config.json reader and every task. This module is the line between what a page loads up
 * front (inputs, stores, the results it was built with) and what it loads on the first edit
 * (`engine.ts`); on the server the calculators' wrappers hand it to the stores directly.
 */
import type { Preset, ResolvedModelValue } from "../estimate/index.ts";
import {
  checkFields,
  checkModel,
  costRequestOfRow,
  labelFits,
  paramCounts,
  runTyped,
} from "../estimate/index.ts";
import type { Fields } from "../estimate/request/field.ts";
import type { Engine, ResolvedModel } from "./engine-api.ts";
import type { ModelChoice } from "./model-choice.ts";

function resolveModel(source: Record<string, unknown>, presets: readonly Preset[]): ResolvedModel {
  const r = checkModel(source, "model", presets);
  if (r.issues.length) return { ok: false, issues: r.issues };
  const model = r.keep as ResolvedModelValue;
  return { ok: true, model, counts: paramCounts(model.spec) };
}

/**
 * A file's name is kept from a link or stored state only when the count it prints is its
 * model's own: otherwise the model is called by its figures, and the note names the label.
 */
function checkFileLabel(m: ModelChoice): { value: ModelChoice; invalid: string[] } {
  const file = m.file;
  if (file?.label === undefined) return { value: m, invalid: [] };
  const source = file.arch ? { ...file.arch } : file.params ? { params: file.params } : null;
  const r = source ? resolveModel(source, []) : null;
  if (r?.ok && labelFits(file.label, r.counts.total)) return { value: m, invalid: [] };
  const { label: _dropped, ...rest } = file;
  return { value: { ...m, file: rest }, invalid: ["file.label"] };
}

/**
 * The way a choice names must hold its model: a preset, count or architecture dropped as
 * invalid (or never there) takes the initial one, so the page always has a model to size.
 */
function refineModelChoice(m: ModelChoice, initial: ModelChoice) {
  const kind = m.kind ?? "preset";
  const way = kind === "preset" || kind === "params" || kind === "arch" ? kind : null;
  const checked = checkFileLabel(m);
  if (!way || checked.value[way] !== undefined) return checked;
  return { value: { ...checked.value, [way]: initial[way] }, invalid: checked.invalid };
}

export const engine: Engine = {
  run: runTyped,
  check: (fields: Fields, raw, ctx) => checkFields(fields, raw, ctx),
  resolveModel,
  refineModelChoice,
  costRequestOfRow,
};
