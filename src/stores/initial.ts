/**
 * What each store holds when the page is built. An island's first (hydration) render shows
 * exactly what the server rendered, so it reads these; Preact does not patch attributes
 * while hydrating, so rendering stored or linked state straight away would leave stale
 * `disabled` flags and values behind. After mounting, islands show the stores themselves.
 */
import type { ReadableAtom } from "nanostores";
import { registry } from "./persist.ts";

const declared = new WeakMap<ReadableAtom<unknown>, () => unknown>();

/** Declares what a derived store (a result, the resolved model) held at build time. */
export function declareInitial<T>(store: ReadableAtom<T>, initial: () => T): void {
  declared.set(store, initial);
}

/**
 * A store's build-time value: a calculator store's initial value, a declared one, or
 * (page-local stores, which start the same on every load) its value now.
 */
export function initialOf<T>(store: ReadableAtom<T>): T {
  const d = declared.get(store);
  if (d) return d() as T;
  const entry = registry.find((r) => r.store === (store as unknown));
  return entry ? (entry.initial as T) : store.get();
}
