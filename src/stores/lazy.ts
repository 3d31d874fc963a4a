/**
 * One way to load code on demand: a store that says whether the chunk is loading, loaded or
 * failed (a dropped connection, a deploy that replaced the file), and an action that loads
 * it, or loads it again after a failure. Islands show `state` ("Loading…", or a retry
 * button) and never call `import()` themselves.
 */
import type { ReadableAtom } from "nanostores";
import { atom } from "nanostores";

export type LazyState<M> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; module: M }
  | { status: "failed" };

export interface Lazy<M> {
  $state: ReadableAtom<LazyState<M>>;
  /** Loads the module (once); resolves to it, or to null when the load failed. */
  load: () => Promise<M | null>;
}

export function lazy<M>(loader: () => Promise<M>): Lazy<M> {
  const $state = atom<LazyState<M>>({ status: "idle" });
  let pending: Promise<M | null> | null = null;
  const load = (): Promise<M | null> => {
    const s = $state.get();
    if (s.status === "ready") return Promise.resolve(s.module);
    if (pending) return pending;
    $state.set({ status: "loading" });
    pending = loader().then(
      (module) => {
        $state.set({ status: "ready", module });
        pending = null;
        return module;
      },
      () => {
        $state.set({ status: "failed" });
        pending = null;
        return null;
      },
    );
    return pending;
  };
  return { $state, load };
}
