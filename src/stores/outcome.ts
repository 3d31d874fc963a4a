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
import { issue } from "../estimate/request/issue.ts";
import { $catalog, taskContext } from "./catalog.ts";
import { $engine, loadEngine } from "./engine.ts";
import { declareInitial, initialOf } from "./initial.ts";
import type { Built } from "./requests.ts";

export interface TaskStores<Id extends TaskId> {
  /** The task, and the key of its result among the page's initial results. */
  id: Id;
  /** The request; null while what builds it loads (`loadBuilder`). */
  $request: ReadableAtom<Built<Id> | null>;
  /** The result; `null` while the engine that computes the first one loads. */
  $outcome: ReadableAtom<Outcome<TaskResult<Id>> | null>;
  /** The request and outcome of the stores' initial values: what the page was built with. */
  initial: () => { request: Built<Id> | null; outcome: Outcome<TaskResult<Id>> | null };
  /**
   * Loads what builds the request, where that loads later (with the engine): the page then
   * carries the initial request, and the server awaits this before it renders.
   */
  loadBuilder?: (() => Promise<unknown>) | undefined;
}

/** Every calculator's stores, for the build to write their initial results into the page. */
export const taskStoreRegistry: {
  id: TaskId;
  initial: () => { request: unknown; outcome: unknown };
  loadBuilder?: (() => Promise<unknown>) | undefined;
}[] = [];

/** Where the page keeps a task's initial request, beside its initial result. */
export const requestKey = (id: TaskId): string => `${id}.request`;

type Values<S extends readonly ReadableAtom<unknown>[]> = {
  -readonly [K in keyof S]: StoreValue<S[K]>;
};

/**
 * A task's request and result from its input stores. `build` may need code that loads with
 * the engine (`loadBuilder`: the plan's request, which only the pages that plan need): it
 * then returns null until that has loaded, and the page carries the request of the initial
 * inputs (written at build time), as it carries their result.
 */
export function taskStores<Id extends TaskId, const S extends readonly ReadableAtom<unknown>[]>(
  id: Id,
  stores: S,
  build: (...values: Values<S>) => Built<Id> | null,
  loadBuilder?: () => Promise<unknown>,
): TaskStores<Id> {
  type Result = Outcome<TaskResult<Id>>;
  const initials = () => stores.map(initialOf) as Values<S>;
  const page = (key: string) => $catalog.get().initial?.[key];
  const fromPage = () => (page(id) as Result | undefined) ?? null;
  const requestFromPage = () => (page(requestKey(id)) as Built<Id> | undefined) ?? null;
  // Every input still holds its initial value (the same object: an edit replaces it).
  const $atInitial = computed(stores, (...values) => {
    const at = initials();
    return values.every((v, i) => v === at[i]);
  });
  // While what builds it loads, inputs other than the initial ones have no request yet.
  const $request = computed([computed(stores, build), $atInitial], (b, atInitial) =>
    b === null && atInitial ? requestFromPage() : b,
  );
  const $current = computed(
    [$request, $atInitial, $catalog, $engine],
    (b, atInitial, _catalog, e): Result | null => {
      if (e === false) return { ok: false, issues: [issue("request", "engine-load-failed")] };
      // What builds the request is loading.
      if (b === null) return null;
      if (!b.ok) return { ok: false, issues: b.issues };
      if (e) return e.run(b.request, taskContext());
      return atInitial ? fromPage() : null;
    },
  );
  const $outcome = atom<Result | null>(null);
  onMount($outcome, () => {
    // Every new request (or, where its builder loads later, none yet) loads the engine (again
    // after a failed load) and that builder, unless the page has the result.
    const offLoad = $request.subscribe(() => {
      if ($atInitial.get() && fromPage() !== null) return;
      void loadEngine();
      void loadBuilder?.();
    });
    // A builder that loads later comes with the engine, whatever loaded the engine: stores
    // that are not inputs (the measured basis) change the request too.
    const offBuilder = $engine.subscribe((e) => {
      if (e) void loadBuilder?.();
    });
    // While the engine loads for a new request, the last result stays (see above).
    const offShow = $current.subscribe((o) => {
      if (o !== null) $outcome.set(o);
    });
    return () => {
      offLoad();
      offBuilder();
      offShow();
    };
  });
  let memo: { request: Built<Id> | null; outcome: Result | null } | undefined;
  const initial = () => {
    if (memo) return memo;
    const request = build(...initials()) ?? requestFromPage();
    const e = $engine.get();
    const outcome = e && request?.ok ? e.run(request.request, taskContext()) : fromPage();
    // Only a computed outcome is final; one read from the page may still be coming.
    if (e) memo = { request, outcome };
    return { request, outcome };
  };
  declareInitial($request, () => initial().request);
  declareInitial($outcome, () => initial().outcome);
  const ts: TaskStores<Id> = { id, $request, $outcome, initial, loadBuilder };
  taskStoreRegistry.push(ts);
  return ts;
}
