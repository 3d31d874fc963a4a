/** `$fit`: which workload the GPU ranking sizes (the training or the serving settings) and its order. */
import type { Input } from "../estimate/tasks/field.ts";
import { oneOf } from "../estimate/tasks/field.ts";
import { SORT_KEYS } from "../estimate/vocabulary.ts";
import { fieldStore } from "./field-store.ts";

export const FIT_STORE_FIELDS = {
  mode: oneOf(["training", "inference"], { default: "training" }),
  // The same options and default as the ranking request's `sortBy`.
  sortBy: oneOf(SORT_KEYS, { default: "cost" }),
} as const;
export type FitState = Input<typeof FIT_STORE_FIELDS>;

export const fit = fieldStore("f", FIT_STORE_FIELDS, {});
export const $fit = fit.store;
export const setFit = fit.set;
