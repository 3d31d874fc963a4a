/** `$serving`: how the model is served, shared by inference memory, throughput and the ranking. */
import type { Input } from "../estimate/request/field.ts";
import { SERVING_FIELDS, servingDefaults } from "../estimate/serving/fields.ts";
import { fieldStore } from "./field-store.ts";
import { $model } from "./model.ts";

export type ServingState = Input<typeof SERVING_FIELDS>;

export const SERVING_INITIAL: ServingState = {
  engine: "vllm",
  weightBits: 16,
  kvBits: 16,
  contextTokens: 4096,
  sequences: 1,
  promptTokens: 1024,
  outputTokens: 256,
  gpu: "rtx-4090",
};

export const serving = fieldStore("i", SERVING_FIELDS, SERVING_INITIAL, servingDefaults);
export const $serving = serving.store;
export const setServing = serving.set;

// A weights file's exact size belongs to that file: once the model is described another
// way, its size comes from its own shape again.
$model.listen((m) => {
  if (m.kind !== "file" && $serving.get().weightFileBytes !== undefined)
    setServing({ weightFileBytes: undefined });
});
