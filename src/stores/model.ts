/**
 * `$model`: the model every calculator sizes, shared by all widgets on all pages. It keeps
 * what the user gave in each way of describing a model (a preset, a parameter count, typed
 * architecture fields, a pasted config.json), so switching between them loses nothing;
 * `modelSource` turns the chosen one into the request's `model`, and `$resolvedModel` is
 * the engine's reading of it: name and spec together, never one without the other.
 */
import { computed, onMount } from "nanostores";
import type { ARCH_FIELDS } from "../estimate/model/arch-fields.ts";
import type { Issue } from "../estimate/request/issue.ts";
import { pageIssue } from "./page-issues.ts";
import { $catalog, $engineCatalog } from "./catalog.ts";
import type { ModelChoice } from "./model-choice.ts";
import { MODEL_CHOICE_FIELDS, MODEL_INITIAL } from "./model-choice.ts";
import type { Engine, ResolvedModel } from "./engine-api.ts";
import { $engine, loadEngine } from "./engine.ts";
import type { Changes } from "./field-store.ts";
import { fieldStore, merged } from "./field-store.ts";
import { declareInitial } from "./initial.ts";

export type { ResolvedModel } from "./engine-api.ts";

// A stored or linked choice is made whole by the engine (a model for its way, an honest label).
export const model = fieldStore("m", MODEL_CHOICE_FIELDS, MODEL_INITIAL, undefined, (m, e) =>
  e.refineModelChoice(m, MODEL_INITIAL),
);
export const $model = model.store;

export const setModel = (changes: Changes<typeof MODEL_CHOICE_FIELDS>): void => model.set(changes);
export const setArch = (changes: Changes<typeof ARCH_FIELDS>): void =>
  setModel({ arch: merged($model.get().arch, changes) });

/** The request's `model` for the chosen way of describing it, or why there is none. */
export function modelSource(
  m: ModelChoice,
): { ok: true; source: Record<string, unknown> } | { ok: false; issues: Issue[] } {
  switch (m.kind ?? "preset") {
    case "preset":
      return { ok: true, source: { preset: m.preset } };
    case "params":
      return { ok: true, source: { params: m.params } };
    case "arch":
      return { ok: true, source: { ...m.arch } };
    case "file":
      if (m.file?.arch) return { ok: true, source: { ...m.file.arch } };
      if (m.file?.params) return { ok: true, source: { params: m.file.params } };
      return { ok: false, issues: [pageIssue("model.file", "file-missing")] };
    default:
      try {
        return { ok: true, source: { hfConfig: JSON.parse(m.hfText ?? "") as unknown } };
      } catch {
        return { ok: false, issues: [pageIssue("model.hfConfig", "hf-bad-json")] };
      }
  }
}

/** The store key of the resolved model among the page's initial results. */
const INITIAL_KEY = "model";

/** A model choice as the engine reads it: name and spec, or the issues that stop it. */
export function resolveChoice(m: ModelChoice, e: Engine): ResolvedModel {
  const source = modelSource(m);
  if (!source.ok) return source;
  const r = e.resolveModel(source.source, $engineCatalog.get().presets);
  // A file's model is an architecture or a count to the core; the page calls it by the file.
  if (r.ok && m.kind === "file" && m.file?.label)
    return { ...r, model: { ...r.model, name: { kind: "file", label: m.file.label } } };
  return r;
}

/** The choice is the initial one (the same object: an edit or a link replaces it). */
const sameAsInitial = (m: ModelChoice): boolean => m === MODEL_INITIAL;

/** The initial model as the page was built with it (or as the engine reads it, on the server). */
export function initialModel(): ResolvedModel | null {
  const e = $engine.get();
  if (e) return resolveChoice(MODEL_INITIAL, e);
  return ($catalog.get().initial?.[INITIAL_KEY] as ResolvedModel | undefined) ?? null;
}

/** Name and spec of the chosen model; `null` while the engine that reads it loads. */
export const $resolvedModel = computed([$model, $engine], (m, e): ResolvedModel | null => {
  if (e) return resolveChoice(m, e);
  if (e === false) return { ok: false, issues: [pageIssue("model", "engine-load-failed")] };
  return sameAsInitial(m) ? initialModel() : null;
});
declareInitial($resolvedModel, initialModel);
onMount($resolvedModel, () => {
  const need = (m: ModelChoice) => {
    if (!sameAsInitial(m)) void loadEngine();
  };
  need($model.get());
  return $model.listen(need);
});

export { INITIAL_KEY as MODEL_INITIAL_KEY };
