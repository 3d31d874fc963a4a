/**
 * A calculator's result as a store: the request assembled from its input stores, checked
 * and run by the engine's task code against the catalog. Until the engine has loaded,
 * inputs still at their initial values show the result the page was built with: the markup
 * the server rendered stays as it is (`AS_BUILT`, kept by `Live.tsx`), so the page carries
 * no second copy of it as data. Any other input loads the engine, and the last result stays
 * on screen for the moment that takes ("computing" when there was none).
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

/**
 * The result the page was built with, still on screen as the server rendered it: the inputs
 * hold their initial values and the engine has not computed. The browser has no copy of it;
 * the engine computes it again when a reader acts on it (`Live.tsx`).
 */
export const AS_BUILT = { ok: "as-built" } as const;
export type AsBuilt = typeof AS_BUILT;

export interface TaskStores<Id extends TaskId> {
  /** The task. */
  id: Id;
  $request: ReadableAtom<Built<Id>>;
  /**
   * The result; `AS_BUILT` while the page shows the one it was built with; `null` while the
   * engine that computes the first one for other inputs loads.
   */
  $outcome: ReadableAtom<ShownOutcome<TaskResult<Id>> | AsBuilt | null>;
  /**
   * The request and outcome of the stores' initial values: what the page was built with (in
   * the browser, until the engine has loaded, `AS_BUILT`).
   */
  initial: () => { request: Built<Id>; outcome: ShownOutcome<TaskResult<Id>> | AsBuilt };
}

type Values<S extends readonly ReadableAtom<unknown>[]> = {
  -readonly [K in keyof S]: StoreValue<S[K]>;
};

/** A task's request and result from its input stores. */
export function taskStores<Id extends TaskId, const S extends readonly ReadableAtom<unknown>[]>(
  id: Id,
  stores: S,
  build: (...values: Values<S>) => Built<Id>,
): TaskStores<Id> {
  type Result = ShownOutcome<TaskResult<Id>> | AsBuilt;
  const initials = () => stores.map(initialOf) as Values<S>;
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
      return atInitial ? AS_BUILT : null;
    },
  );
  // The page opens on the result it was built with.
  const $outcome = atom<Result | null>(AS_BUILT);
  // Once anything else has shown (issues, another result), the built markup is gone: back at
  // the initial inputs, the engine computes their result again, the last one staying meanwhile.
  let builtGone = false;
  onMount($outcome, () => {
    // Every new request loads the engine (again after a failed load), unless the page shows
    // its result as built.
    const offLoad = $request.subscribe(() => {
      if (builtGone || !$atInitial.get()) void loadEngine();
    });
    // While the engine loads for a new request, the last result stays (see above).
    const offShow = $current.subscribe((o) => {
      // A returning visitor's stored inputs are being applied: the default answer must not
      // show meanwhile, so the built one gives way to "computing".
      if (o === null && $restoring.get() > 0 && $outcome.get() === AS_BUILT) {
        builtGone = true;
        $outcome.set(null);
      }
      if (o === null || (o === AS_BUILT && builtGone)) return;
      if (o !== AS_BUILT) builtGone = true;
      $outcome.set(o);
    });
    return () => {
      offLoad();
      offShow();
    };
  });
  // One initial outcome per page currency: the build renders both languages in one process,
  // and a zh-CN page's costs are in CNY where an English page's are in USD.
  const memo = new Map<string, { request: Built<Id>; outcome: Result }>();
  const initial = () => {
    const key = $catalog.get().currency ?? "";
    const known = memo.get(key);
    if (known) return known;
    const request = build(...initials());
    const e = $engine.get();
    const outcome: Result = !e
      ? AS_BUILT
      : request.ok
        ? shownOutcome(e.run(request.request, taskContext()))
        : { ok: false, issues: request.issues };
    // Only a computed outcome is final: the engine may still come.
    if (e) memo.set(key, { request, outcome });
    return { request, outcome };
  };
  declareInitial($request, () => initial().request);
  declareInitial($outcome, () => initial().outcome);
  return { id, $request, $outcome, initial };
}
