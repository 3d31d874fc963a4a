/**
 * A persisted, shareable store holding the fields of a request the user has set, checked
 * against the core's field table on every load and link. Fields left unset take the
 * request's defaults when a task runs, exactly as on the command line.
 */
import type { WritableAtom } from "nanostores";
import type { Fields } from "../estimate/tasks/field.ts";
import { withDefaults, withDerived } from "../estimate/tasks/field.ts";
import type { Partial, Refine } from "./field-codec.ts";
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

/**
 * `derive`: the defaults the task derives from the other fields (a framework's), the same
 * function the task runs, so a field shows the value the estimate will use. `refine`: a
 * check across fields that a stored value or a link must also pass.
 */
export function fieldStore<T extends Partial>(
  id: string,
  fields: Fields,
  initial: T,
  derive?: (state: Record<string, unknown>) => Record<string, unknown>,
  refine?: Refine<T>,
): FieldStore<T> {
  const store = calcStore<T>(id, initial, fieldCodec(fields, initial, refine));
  const set = (changes: { [K in keyof T]?: T[K] | undefined }): void => {
    const next: Partial = { ...store.get(), ...changes };
    for (const [k, v] of Object.entries(changes)) if (v === undefined) delete next[k];
    store.set(next as T);
  };
  const effective = (state: T) =>
    withDefaults(fields, derive ? withDerived(fields, derive(state), state) : state);
  return { store, fields, initial, set, effective };
}
