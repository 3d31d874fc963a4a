/**
 * A calculator's result as a store: the request assembled from its input stores, checked
 * and run by the engine's task code against the catalog. Until the engine has loaded,
 * inputs still at their initial values show the result the page was built with (computed
 * by the same engine at build time); any other input loads the engine, and the last result
 * stays on screen for the moment that takes ("computing" when there was none).
 */
import type { ReadableAtom, StoreValue } from "nanostores";
import { atom, computed, onMount } from "nanostores";
import type { TaskId, TaskResult } from "../estimate/registry.ts";
import type { Outcome } from "../estimate/request/task.ts";
import type { Issue } from "../estimate/request/issue.ts";
import { pageIssue } from "./page-issues.ts";
import { $catalog, $engineCatalog, taskContext } from "./catalog.ts";
import { $engine, loadEngine } from "./engine.ts";
import { declareInitial, initialOf } from "./initial.ts";
import type { Built } from "./requests.ts";
import { $restoring } from "./persist.ts";

/**
 * A result as a widget shows it: the task's result, or the issues that stop it. The
 * engine's outcome also echoes the request it resolved; no view reads that (a widget's
 * "Show the request" prints the request its inputs build), so a page's initial results,
 * which are these, leave it out.
 */
export type ShownOutcome<R> = { ok: true; result: R } | { ok: false; issues: Issue[] };
export const shownOutcome = <R>(o: Outcome<R>): ShownOutcome<R> =>
  o.ok ? { ok: true, result: o.result } : o;

export interface TaskStores<Id extends TaskId> {
  /** The task, and the key of its result among the page's initial results. */
  id: Id;
  $request: ReadableAtom<Built<Id>>;
  /** The result; `null` while the engine that computes the first one loads. */
  $outcome: ReadableAtom<ShownOutcome<TaskResult<Id>> | null>;
  /** The request and outcome of the stores' initial values: what the page was built with. */
  initial: () => { request: Built<Id>; outcome: ShownOutcome<TaskResult<Id>> | null };
}

/** Every calculator's stores, for the build to write their initial results into the page. */
export const taskStoreRegistry: {
  id: TaskId;
  initial: () => { request: unknown; outcome: unknown };
}[] = [];

type Values<S extends readonly ReadableAtom<unknown>[]> = {
  -readonly [K in keyof S]: StoreValue<S[K]>;
};

/** A task's request and result from its input stores. */
export function taskStores<Id extends TaskId, const S extends readonly ReadableAtom<unknown>[]>(
  id: Id,
  stores: S,
  build: (...values: Values<S>) => Built<Id>,
): TaskStores<Id> {
  type Result = ShownOutcome<TaskResult<Id>>;
  const initials = () => stores.map(initialOf) as Values<S>;
  const page = (key: string) => $catalog.get().initial?.[key];
  const fromPage = () => (page(id) as Result | undefined) ?? null;
  // Every input still holds its initial value (the same object: an edit replaces it).
  const $atInitial = computed(stores, (...values) => {
    const at = initials();
    return values.every((v, i) => v === at[i]);
  });
  const $request = computed(stores, build);
  const $current = computed(
    [$request, $atInitial, $catalog, $engineCatalog, $engine, $restoring],
    (b, atInitial, _catalog, _engineCatalog, e, restoring): Result | null => {
      if (e === false) return { ok: false, issues: [pageIssue("request", "engine-load-failed")] };
      // A returning visitor's stored inputs are still being applied: their answer is coming.
      if (restoring > 0) return null;
      if (!b.ok) return { ok: false, issues: b.issues };
      if (e) return shownOutcome(e.run(b.request, taskContext()));
      return atInitial ? fromPage() : null;
    },
  );
  const $outcome = atom<Result | null>(null);
  onMount($outcome, () => {
    // Every new request loads the engine (again after a failed load), unless the page has
    // the result.
    const offLoad = $request.subscribe(() => {
      if ($atInitial.get() && fromPage() !== null) return;
      void loadEngine();
    });
    // While the engine loads for a new request, the last result stays (see above).
    const offShow = $current.subscribe((o) => {
      if (o !== null) $outcome.set(o);
    });
    return () => {
      offLoad();
      offShow();
    };
  });
  // One initial outcome per page currency: the build renders both languages in one process,
  // and a zh-CN page's costs are in CNY where an English page's are in USD.
  const memo = new Map<string, { request: Built<Id>; outcome: Result | null }>();
  const initial = () => {
    const key = $catalog.get().currency ?? "";
    const known = memo.get(key);
    if (known) return known;
    const request = build(...initials());
    const e = $engine.get();
    const outcome =
      e && request.ok ? shownOutcome(e.run(request.request, taskContext())) : fromPage();
    // Only a computed outcome is final; one read from the page may still be coming.
    if (e) memo.set(key, { request, outcome });
    return { request, outcome };
  };
  declareInitial($request, () => initial().request);
  declareInitial($outcome, () => initial().outcome);
  const ts: TaskStores<Id> = { id, $request, $outcome, initial };
  taskStoreRegistry.push(ts);
  return ts;
}
