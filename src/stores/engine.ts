/**
 * The estimation engine, loaded on demand. A page opens with the results it was built with
 * (`$catalog`'s initial outcomes, computed at build time by this same engine); the engine
 * itself loads when something needs computing: the first edit, stored inputs, a shared
 * link. On the server the calculators' wrappers provide it up front.
 */
import { atom, computed } from "nanostores";
import type { Engine } from "./engine-api.ts";
import { lazy } from "./lazy.ts";

const loader = lazy(() => import("./engine-impl.ts"));
/** A store, not a variable: whatever read `$engine` before it was provided reads it again. */
const $provided = atom<Engine | null>(null);

/** Build time only: the engine the server renders with. */
export function provideEngine(e: Engine): void {
  $provided.set(e);
}

/** The engine once loaded; `null` while it is not; `false` when loading failed. */
export const $engine = computed(
  [$provided, loader.$state],
  (provided, s): Engine | null | false =>
    provided ?? (s.status === "ready" ? s.module.engine : s.status === "failed" ? false : null),
);

/**
 * The engine's state on `<html data-engine>` ("idle", "loading", "ready", "failed"), from
 * the first script on: what the page shows while results are being computed can follow it
 * in CSS, and browser tests wait on it.
 */
if (typeof document !== "undefined") {
  const show = (s: { status: string }) => {
    document.documentElement.dataset["engine"] = s.status;
  };
  show(loader.$state.get());
  loader.$state.listen(show);
}

/** Loads the engine (once; again after a failure) and resolves to it, or null on failure. */
export const loadEngine = (): Promise<Engine | null> => {
  const provided = $provided.get();
  return provided ? Promise.resolve(provided) : loader.load().then((m) => m?.engine ?? null);
};

/** The engine if it is already here. */
export const engineNow = (): Engine | null => {
  const e = $engine.get();
  return e || null;
};
