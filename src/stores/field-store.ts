/**
 * A persisted, shareable store holding the fields of a request the user has set, checked
 * against the core's field table on every load and link. Fields left unset take the
 * request's defaults when a task runs, exactly as on the command line.
 */
import type { WritableAtom } from "nanostores";
import type { Fields, Input, WithDefaults } from "../estimate/request/field.ts";
import { withDefaults, withDerived } from "../estimate/request/field.ts";
import type { Refine } from "./field-codec.ts";
import { fieldCodec } from "./field-codec.ts";
import { calcStore } from "./persist.ts";

/** Changes to a store: `undefined` unsets a field, so its default applies again. */
export type Changes<F extends Fields> = { [K in keyof F]?: Input<F>[K] | undefined };

/** A group's values with some changed: `undefined` removes a field, so its default applies. */
export function merged<F extends Fields>(
  current: Input<F> | undefined,
  changes: Changes<F>,
): Input<F> {
  const next: Record<string, unknown> = { ...current, ...changes };
  for (const [k, v] of Object.entries(changes)) if (v === undefined) delete next[k];
  // Each key is a field of F holding a value of its type (undefined ones are gone).
  return next as Input<F>;
}

export interface FieldStore<F extends Fields> {
  store: WritableAtom<Input<F>>;
  fields: F;
  initial: Input<F>;
  /** The values a calculator shows: the fields set, and the request's defaults for the rest. */
  effective: (state: Input<F>) => WithDefaults<F>;
  set: (changes: Changes<F>) => void;
}

/**
 * The values a calculator shows for a state: the fields set, then the defaults the task
 * derives from them (`derive`, the same function the task runs: a framework's), then the
 * table's, so a field shows the value the estimate will use.
 */
export const shownWith =
  <F extends Fields>(
    fields: F,
    derive?: (state: Record<string, unknown>) => Record<string, unknown>,
  ) =>
  (state: Input<F>): WithDefaults<F> =>
    // withDefaults adds exactly the table's defaults to the values given.
    withDefaults(
      fields,
      derive ? withDerived(fields, derive(state), state) : state,
    ) as WithDefaults<F>;

/** `derive`: see `shownWith`. `refine`: a check across fields that a stored value or a link must also pass. */
export function fieldStore<const F extends Fields>(
  id: string,
  fields: F,
  initial: Input<F>,
  derive?: (state: Record<string, unknown>) => Record<string, unknown>,
  refine?: Refine<Input<F>>,
): FieldStore<F> {
  const store = calcStore<Input<F>>(id, initial, fieldCodec(fields, initial, refine));
  const set = (changes: Changes<F>): void => store.set(merged(store.get(), changes));
  // withDefaults adds exactly the table's defaults to the values given.
  const effective = (state: Input<F>) =>
    withDefaults(
      fields,
      derive ? withDerived(fields, derive(state), state) : state,
    ) as WithDefaults<F>;
  return { store, fields, initial, set, effective };
}
