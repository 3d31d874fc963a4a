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

/**
 * Where to fetch a module again after `error`, a failed dynamic import. A browser may keep
 * that failure for the page's life (Chromium 150 does: importing the same URL again rejects
 * at once, with no request), so the retry asks for the URL the error names, with a query of
 * its own: a new module map entry and a new fetch of the same file. Null when the error names
 * no URL (Safari's message does not): the import is retried as written.
 */
export function retryUrl(error: unknown, attempt: number): string | null {
  const named =
    error instanceof Error
      ? /\b(https?:\/\/[^\s"']+?\.m?js)(?!\w)(?:\?[^\s"']*)?/.exec(error.message)
      : null;
  return named ? `${named[1]}?retry=${attempt}` : null;
}

/**
 * `loader` imports one module (`() => import("./x.ts")`) and resolves to it as imported: a
 * retry may import it again by its URL (`retryUrl`), which gives the same module.
 */
export function lazy<M>(loader: () => Promise<M>): Lazy<M> {
  const $state = atom<LazyState<M>>({ status: "idle" });
  let pending: Promise<M | null> | null = null;
  let failure: unknown = null;
  let attempts = 0;
  const load = (): Promise<M | null> => {
    const s = $state.get();
    if (s.status === "ready") return Promise.resolve(s.module);
    if (pending) return pending;
    $state.set({ status: "loading" });
    const again = failure === null ? null : retryUrl(failure, ++attempts);
    pending = (again ? (import(/* @vite-ignore */ again) as Promise<M>) : loader()).then(
      (module) => {
        $state.set({ status: "ready", module });
        pending = null;
        return module;
      },
      (e: unknown) => {
        // The first failure names the file; a retry's names it with its query.
        if (failure === null) failure = e;
        $state.set({ status: "failed" });
        pending = null;
        return null;
      },
    );
    return pending;
  };
  return { $state, load };
}
