/**
 * Store subscription for islands. The first (hydration) render uses the store's defaults,
 * exactly what the server rendered at build time; after mounting, the island re-renders
 * with the stored or linked state. Preact does not patch attributes while hydrating, so
 * rendering the persisted state straight away would leave stale `disabled`/values behind.
 */
import type { ReadableAtom } from "nanostores";
import { useEffect, useState } from "preact/hooks";
import { registry } from "../../stores/persist.ts";
import { applyLinkOnce } from "../../stores/share.ts";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    applyLinkOnce();
    setHydrated(true);
  }, []);
  return hydrated;
}

export function useCalc<T>(store: ReadableAtom<T>, hydrated: boolean): T {
  const [, force] = useState(0);
  // Synchronous re-render on change (no batching timer): results must follow the input
  // within one frame.
  useEffect(() => store.listen(() => force((n) => n + 1)), [store]);
  if (hydrated) return store.get();
  const entry = registry.find((r) => r.store === (store as unknown));
  return entry ? (entry.defaults as T) : store.get();
}
