/**
 * A persisted, shareable store holding the fields of a request the user has set, checked
 * against the core's field table on every load and link. Fields left unset take the
 * request's defaults when a task runs, exactly as on the command line.
 */
import type { WritableAtom } from "nanostores";
import type { Fields } from "../estimate/tasks/field.ts";
import { withDefaults } from "../estimate/tasks/field.ts";
import type { Partial } from "./field-codec.ts";
import { fieldCodec } from "./field-codec.ts";
import { calcStore } from "./persist.ts";

export interface FieldStore<T extends Partial> {
  store: WritableAtom<T>;
  fields: Fields;
  initial: T;
  /** The values a calculator shows: the fields set, and the request's defaults for the rest. */
  effective: (state: T) => Record<string, unknown>;
  /** Sets some fields (`undefined` unsets one, so its default applies again). */
  set: (changes: { [K in keyof T]?: T[K] | undefined }) => void;
}

export function fieldStore<T extends Partial>(
  id: string,
  fields: Fields,
  initial: T,
): FieldStore<T> {
  const store = calcStore<T>(id, initial, fieldCodec(fields, initial));
  const set = (changes: { [K in keyof T]?: T[K] | undefined }): void => {
    const next: Partial = { ...store.get(), ...changes };
    for (const [k, v] of Object.entries(changes)) if (v === undefined) delete next[k];
    store.set(next as T);
  };
  return { store, fields, initial, set, effective: (state) => withDefaults(fields, state) };
}
