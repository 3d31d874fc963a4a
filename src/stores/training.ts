/**
 * `$training`: how the model is trained, shared by training memory, compute time and the
 * GPU ranking. Opens on a QLoRA fine-tune of the default model that fits one 24 GB card,
 * with recomputation.
 */
import { atom } from "nanostores";
import { LORA_TARGETS } from "../estimate/vocabulary.ts";
import type { Input } from "../estimate/request/field.ts";
import type { LORA_FIELDS } from "../estimate/memory/training-fields.ts";
import { TRAINING_FIELDS } from "../estimate/memory/training-fields.ts";
import type { Changes } from "./field-store.ts";
import { fieldStore, merged } from "./field-store.ts";

export type TrainingState = Input<typeof TRAINING_FIELDS>;

export const TRAINING_INITIAL: TrainingState = {
  microBatch: 1,
  seqLen: 2048,
  recompute: "full",
  flashAttention: true,
  lora: { rank: 16, targets: [...LORA_TARGETS], baseBits: 4 },
  gpu: "rtx-4090",
};

/**
 * The training fields. What they show with a framework's defaults is `trainingShown`
 * (`views/training-shown.ts`): every framework's profile loads only where training fields
 * show, not on every page that reads this store.
 */
export const training = fieldStore("t", TRAINING_FIELDS, TRAINING_INITIAL);
export const $training = training.store;
export const setTraining = training.set;

export const METHODS = ["none", "lora", "qlora"] as const;
export type Method = (typeof METHODS)[number];

/** Full training, LoRA on a 16-bit base, or QLoRA (LoRA on a 4-bit NF4 base). */
export function methodOf(t: TrainingState): Method {
  if (!t.lora) return "none";
  return (t.lora.baseBits ?? 16) < 16 ? "qlora" : "lora";
}

/**
 * The LoRA settings last set this page view, kept while full training is chosen so that
 * choosing LoRA again restores them (page-local: not persisted, not in links).
 */
export const $parkedLora = atom<TrainingState["lora"]>(TRAINING_INITIAL.lora);

export function setMethod(method: Method): void {
  const current = $training.get().lora;
  if (current) $parkedLora.set(current);
  if (method === "none") return setTraining({ lora: undefined });
  setTraining({ lora: { ...$parkedLora.get(), baseBits: method === "qlora" ? 4 : 16 } });
}

export const setLora = (changes: Changes<typeof LORA_FIELDS>): void =>
  setTraining({ lora: merged($training.get().lora, changes) });
