/**
 * A calculator's result as a store: the request assembled from its input stores, checked
 * and run by the core's task code against the catalog. Islands read these and render.
 */
import type { ReadableAtom } from "nanostores";
import { computed } from "nanostores";
import type { Result } from "../estimate/result.ts";
import type { Fields } from "../estimate/tasks/field.ts";
import type { Outcome, TaskDef } from "../estimate/tasks/task.ts";
import { runTask, withNestedTasks } from "../estimate/tasks/task.ts";
import { $catalog } from "./catalog.ts";
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
  nested: readonly TaskDef[] = [],
): TaskStores<R> {
  const run = (b: Built): Outcome<R> =>
    b.ok
      ? runTask(def, b.request, withNestedTasks($catalog.get(), nested))
      : { ok: false, issues: b.issues };
  const call = (values: unknown[]) => (build as (...v: unknown[]) => Built)(...values);
  const $request = computed(stores as unknown as ReadableAtom<unknown>[], (...v) => call(v));
  const $outcome = computed([$request, $catalog], (b) => run(b));
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
