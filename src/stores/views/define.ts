/**
 * A view: what one widget renders, computed from the stores it reads. Islands subscribe to
 * their view alone (`island(View, view)`), so the stores a widget follows are the view's
 * inputs, declared once here, never a list kept beside the markup.
 */
import type { ReadableAtom, StoreValue } from "nanostores";
import { computed } from "nanostores";
import { initialOf } from "../initial.ts";

export interface View<V> {
  $view: ReadableAtom<V>;
  /** The view of every input's build-time value: what the server rendered (hydration). */
  initial: () => V;
}

type Values<S extends readonly ReadableAtom<unknown>[]> = {
  -readonly [K in keyof S]: StoreValue<S[K]>;
};

export function defineView<const S extends readonly ReadableAtom<unknown>[], V>(
  stores: S,
  build: (...values: Values<S>) => V,
): View<V> {
  return {
    $view: computed(stores, build),
    // A tuple mapped over keeps its positions: each entry is its own store's value.
    initial: () => build(...(stores.map(initialOf) as Values<S>)),
  };
}
