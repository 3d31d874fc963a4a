/**
 * A calculator's result as a store: the request assembled from its input stores, checked
 * and run by the engine's task code against the catalog. Until the engine has loaded, a
 * request equal to the initial one shows the result the page was built with (computed by
 * the same engine at build time); any other request loads the engine and shows `null`
 * ("computing") for the moment that takes.
 */
import type { ReadableAtom } from "nanostores";
import { computed, onMount } from "nanostores";
import type { Result } from "../estimate/result.ts";
import type { Outcome } from "../estimate/tasks/task.ts";
import { $catalog, taskContext } from "./catalog.ts";
import { $engine, loadEngine } from "./engine.ts";
import { issue } from "../estimate/tasks/issue.ts";
import { registry } from "./persist.ts";
import type { Built } from "./requests.ts";

export interface TaskStores<R extends Result> {
  /** The key of this calculator's result among the page's initial results. */
  key: string;
  $request: ReadableAtom<Built>;
  /** The result; `null` while the engine that computes it loads. */
  $outcome: ReadableAtom<Outcome<R> | null>;
  /** The request and outcome of the stores' initial values: what the page was built with. */
  initial: () => { request: Built; outcome: Outcome<R> | null };
}

/** Every calculator's stores, for the build to write their initial results into the page. */
export const taskStoreRegistry: TaskStores<Result>[] = [];

const initialOf = <T>(store: ReadableAtom<T>): T =>
  (registry.find((r) => r.store === (store as unknown))?.initial as T | undefined) ?? store.get();

const same = (a: Built, b: Built): boolean => JSON.stringify(a) === JSON.stringify(b);

export function taskStores<R extends Result, S extends readonly ReadableAtom<unknown>[]>(
  key: string,
  stores: S,
  build: (...values: { [K in keyof S]: S[K] extends ReadableAtom<infer V> ? V : never }) => Built,
): TaskStores<R> {
  const call = (values: unknown[]) => (build as (...v: unknown[]) => Built)(...values);
  const initialRequest = (): Built => call(stores.map(initialOf));
  const fromPage = () => ($catalog.get().initial?.[key] as Outcome<R> | undefined) ?? null;
  const $request = computed(stores as unknown as ReadableAtom<unknown>[], (...v) => call(v));
  // While the engine loads for a new request, the last result stays on screen (it is
  // replaced within the moment the load takes) rather than blanking the figures.
  let last: Outcome<R> | null = null;
  const $outcome = computed([$request, $catalog, $engine], (b, _c, e): Outcome<R> | null => {
    let out: Outcome<R> | null;
    if (!b.ok) out = { ok: false, issues: b.issues };
    else if (e) out = e.run(b.request, taskContext()) as Outcome<R>;
    else if (e === false) out = { ok: false, issues: [issue("request", "engine-load-failed")] };
    else out = same(b, initialRequest()) ? fromPage() : last;
    last = out ?? last;
    return out;
  });
  onMount($outcome, () => {
    const need = (b: Built) => {
      if (!same(b, initialRequest()) || fromPage() === null) void loadEngine();
    };
    need($request.get());
    return $request.listen(need);
  });
  let memo: { request: Built; outcome: Outcome<R> | null } | undefined;
  const initial = () => {
    if (!memo) {
      const request = initialRequest();
      const e = $engine.get();
      const outcome =
        e && request.ok ? (e.run(request.request, taskContext()) as Outcome<R>) : fromPage();
      // Only a computed outcome is final; one read from the page may still be coming.
      if (e) memo = { request, outcome };
      return { request, outcome };
    }
    return memo;
  };
  const ts: TaskStores<R> = { key, $request, $outcome, initial };
  taskStoreRegistry.push(ts);
  return ts;
}
