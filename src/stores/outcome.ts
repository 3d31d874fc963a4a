/**
 * A calculator's result as a store: the request assembled from its input stores, checked
 * and run by the core's task code against the catalog. Islands read these and render.
 */
import type { ReadableAtom } from "nanostores";
import { computed } from "nanostores";
import type { Result } from "../estimate/result.ts";
import type { Fields } from "../estimate/tasks/field.ts";
import type { Outcome, TaskContext, TaskDef } from "../estimate/tasks/task.ts";
import { runTask } from "../estimate/tasks/task.ts";
import { $catalog } from "./catalog.ts";
import { $hfParser } from "./model.ts";
import { registry } from "./persist.ts";
import type { Built } from "./requests.ts";

export interface TaskStores<R extends Result> {
  $request: ReadableAtom<Built>;
  $outcome: ReadableAtom<Outcome<R>>;
  /** The request and outcome of the stores' initial values: what the page was built with. */
  initial: () => { request: Built; outcome: Outcome<R> };
}

const initialOf = <T>(store: ReadableAtom<T>): T =>
  (registry.find((r) => r.store === (store as unknown))?.initial as T | undefined) ?? store.get();

export function taskStores<
  F extends Fields,
  R extends Result,
  S extends readonly ReadableAtom<unknown>[],
>(
  def: TaskDef<F, R>,
  stores: S,
  build: (...values: { [K in keyof S]: S[K] extends ReadableAtom<infer V> ? V : never }) => Built,
  /** Extends the context the task runs in (a ranking checks its nested workload). */
  extend: (ctx: TaskContext) => TaskContext = (ctx) => ctx,
): TaskStores<R> {
  const run = (b: Built): Outcome<R> => {
    if (!b.ok) return { ok: false, issues: b.issues };
    const parseHf = $hfParser.get();
    if (parseHf === false)
      return {
        ok: false,
        issues: [{ field: "model.hfConfig", code: "hf-load-failed", params: {} }],
      };
    const ctx = { ...$catalog.get(), ...(parseHf ? { parseHf } : {}) };
    return runTask(def, b.request, extend(ctx));
  };
  const call = (values: unknown[]) => (build as (...v: unknown[]) => Built)(...values);
  const $request = computed(stores as unknown as ReadableAtom<unknown>[], (...v) => call(v));
  const $outcome = computed([$request, $catalog, $hfParser], (b) => run(b));
  let memo: { request: Built; outcome: Outcome<R> } | undefined;
  const initial = () => {
    if (!memo) {
      const request = call(stores.map(initialOf));
      memo = { request, outcome: run(request) };
    }
    return memo;
  };
  return { $request, $outcome, initial };
}
