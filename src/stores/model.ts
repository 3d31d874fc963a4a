/**
 * `$model`: the model every calculator sizes, shared by all widgets on all pages. It keeps
 * what the user gave in each way of describing a model (a preset, a parameter count, typed
 * architecture fields, a pasted config.json), so switching between them loses nothing;
 * `modelSource` turns the chosen one into the request's `model`, and `$resolvedModel` is
 * the core's reading of it: name and spec together, never one without the other.
 */
import { computed } from "nanostores";
import { ARCH_FIELDS, PARAMS_FIELDS } from "../estimate/arch-fields.ts";
import { checkModel } from "../estimate/model-source.ts";
import type { ResolvedModelValue } from "../estimate/model-value.ts";
import { checkFields } from "../estimate/tasks/check.ts";
import { checkNumber, isRecord } from "../estimate/tasks/check-value.ts";
import type { Input } from "../estimate/tasks/field.ts";
import type { Issue } from "../estimate/tasks/issue.ts";
import { issue } from "../estimate/tasks/issue.ts";
import type { Preset } from "../estimate/presets.ts";
import { $catalog, taskContext } from "./catalog.ts";
import type { ParamCounts } from "../estimate/model.ts";
import { paramCounts } from "../estimate/model.ts";
import type { StoreCodec } from "./persist.ts";
import { calcStore } from "./persist.ts";

export const MODEL_KINDS = ["preset", "params", "arch", "hf"] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];
export type ArchInput = Input<typeof ARCH_FIELDS>;

export interface ModelChoice {
  kind: ModelKind;
  preset: string;
  params: number;
  arch: ArchInput;
  /** The pasted config.json, kept as typed even when it is not valid JSON yet. */
  hfText: string;
}

/** A pasted config.json is a few kB; anything far larger is not one. */
export const HF_TEXT_MAX_CHARS = 200_000;

/** Llama 3.1 8B (meta-llama/Llama-3.1-8B config.json), as the preset and as fields. */
export const MODEL_INITIAL: ModelChoice = {
  kind: "preset",
  preset: "llama-3.1-8b",
  params: 8e9,
  arch: { layers: 32, hidden: 4096, heads: 32, kvHeads: 8, ffn: 14336, vocab: 128256 },
  hfText: "",
};

function check(raw: unknown): { value: ModelChoice; invalid: string[] } {
  if (!isRecord(raw)) return { value: MODEL_INITIAL, invalid: raw === undefined ? [] : ["*"] };
  const invalid: string[] = [];
  const value: ModelChoice = { ...MODEL_INITIAL, arch: { ...MODEL_INITIAL.arch } };
  const take = <K extends keyof ModelChoice>(key: K, ok: boolean) => {
    if (raw[key] === undefined) return;
    if (ok) value[key] = raw[key] as ModelChoice[K];
    else invalid.push(key);
  };
  take("kind", (MODEL_KINDS as readonly unknown[]).includes(raw["kind"]));
  take(
    "preset",
    $catalog.get().presets.some((p) => p.id === raw["preset"]),
  );
  take("params", checkNumber(PARAMS_FIELDS.params, raw["params"], "params") === null);
  take("hfText", typeof raw["hfText"] === "string" && raw["hfText"].length <= HF_TEXT_MAX_CHARS);
  if (raw["arch"] !== undefined) {
    if (!isRecord(raw["arch"])) invalid.push("arch");
    else {
      const r = checkFields(ARCH_FIELDS, raw["arch"], taskContext());
      if (r.issues.length) invalid.push("arch");
      value.arch = { ...MODEL_INITIAL.arch, ...r.value };
    }
  }
  return { value, invalid };
}

const codec: StoreCodec<ModelChoice> = {
  check,
  toParams: (v) => [
    ["kind", v.kind],
    ["preset", v.preset],
    ["params", String(v.params)],
    ["arch", JSON.stringify(v.arch)],
    ...(v.hfText ? [["hfText", v.hfText] as [string, string]] : []),
  ],
  fromParams: (params) => {
    const raw: Record<string, unknown> = {};
    for (const [key, text] of params) {
      if (key === "params") raw[key] = /^[\d.]+(e[+-]?\d+)?$/i.test(text) ? Number(text) : text;
      else if (key === "arch") {
        try {
          raw[key] = JSON.parse(text) as unknown;
        } catch {
          raw[key] = text;
        }
      } else raw[key] = text;
    }
    const r = check(raw);
    const known = new Set(["kind", "preset", "params", "arch", "hfText"]);
    return {
      ...r,
      invalid: [...r.invalid, ...params.map(([k]) => k).filter((k) => !known.has(k))],
    };
  },
};

export const $model = calcStore<ModelChoice>("m", MODEL_INITIAL, codec);

export const setModel = (changes: Partial<ModelChoice>): void =>
  $model.set({ ...$model.get(), ...changes });
export const setArch = (changes: ArchInput): void =>
  setModel({ arch: { ...$model.get().arch, ...changes } });

/** The request's `model` for the chosen way of describing it, or why there is none. */
export function modelSource(
  m: ModelChoice,
): { ok: true; source: Record<string, unknown> } | { ok: false; issues: Issue[] } {
  switch (m.kind) {
    case "preset":
      return { ok: true, source: { preset: m.preset } };
    case "params":
      return { ok: true, source: { params: m.params } };
    case "arch":
      return { ok: true, source: { ...m.arch } };
    case "hf":
      try {
        return { ok: true, source: { hfConfig: JSON.parse(m.hfText) as unknown } };
      } catch {
        return { ok: false, issues: [issue("model.hfConfig", "hf-bad-json")] };
      }
  }
}

export type ResolvedModel =
  { ok: true; model: ResolvedModelValue; counts: ParamCounts } | { ok: false; issues: Issue[] };

/** A model choice as the core reads it: name and spec, or the issues that stop it. */
export function resolveChoice(m: ModelChoice, presets: readonly Preset[]): ResolvedModel {
  const source = modelSource(m);
  if (!source.ok) return source;
  const r = checkModel(source.source, "model", presets);
  if (r.issues.length) return { ok: false, issues: r.issues };
  const model = r.keep as ResolvedModelValue;
  return { ok: true, model, counts: paramCounts(model.spec) };
}

export const $resolvedModel = computed([$model, $catalog], (m, c) => resolveChoice(m, c.presets));

/** The resolved model as a render should show it: the initial model until hydrated. */
export const readResolvedModel = (hydrated: boolean): ResolvedModel =>
  hydrated ? $resolvedModel.get() : resolveChoice(MODEL_INITIAL, $catalog.get().presets);
