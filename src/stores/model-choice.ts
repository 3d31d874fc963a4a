/**
 * What the model store keeps, declared once: the ways of describing a model and what was
 * given for each, checked with the same tables as a request's model. Apart from the store
 * (`model.ts`) so the engine's interface can name the type without importing the store.
 */
import { ARCH_FIELDS, PARAMS_FIELDS } from "../estimate/model/arch-fields.ts";
import type { Input } from "../estimate/request/field.ts";
import { oneOf, text } from "../estimate/request/field.ts";

export const MODEL_KINDS = ["preset", "params", "arch", "hf", "file"] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];

/** A pasted config.json is a few kB; anything far larger is not one. */
export const HF_TEXT_MAX_CHARS = 200_000;

/** A model read from weight files (model-files.ts): its name and the source the core takes. */
export const FILE_MODEL_FIELDS = {
  label: text(300),
  params: { ...PARAMS_FIELDS.params, required: false },
  arch: { kind: "object", fields: ARCH_FIELDS },
} as const;

/**
 * What the store keeps: the chosen way of describing the model, and what was given for
 * each way, each checked with the same table as a request's model.
 */
export const MODEL_CHOICE_FIELDS = {
  kind: oneOf(MODEL_KINDS, { default: "preset" }),
  preset: { kind: "preset" },
  params: { ...PARAMS_FIELDS.params, required: false },
  arch: { kind: "object", fields: ARCH_FIELDS },
  /** The pasted config.json, kept as typed even when it is not valid JSON yet. */
  hfText: text(HF_TEXT_MAX_CHARS),
  file: { kind: "object", fields: FILE_MODEL_FIELDS },
} as const;

export type ModelChoice = Input<typeof MODEL_CHOICE_FIELDS>;

/** Llama 3.1 8B (meta-llama/Llama-3.1-8B config.json), as the preset and as fields. */
export const MODEL_INITIAL: ModelChoice = {
  kind: "preset",
  preset: "llama-3.1-8b",
  params: 8e9,
  arch: { layers: 32, hidden: 4096, heads: 32, kvHeads: 8, ffn: 14336, vocab: 128256 },
  hfText: "",
};
