/**
 * The estimation engine, loaded on demand. A page opens with the results it was built with
 * (`$catalog`'s initial outcomes, computed at build time by this same engine); the engine
 * itself loads when something needs computing: the first edit, stored inputs, a shared
 * link. On the server the calculators' wrappers provide it up front.
 */
import { atom, computed } from "nanostores";
import type { Engine } from "./engine-api.ts";
import type { LazyState } from "./lazy.ts";
import { lazy } from "./lazy.ts";
import { engineData } from "./engine-data.ts";

const loader = lazy(() => import("./engine-impl.ts"));
/** A store, not a variable: whatever read `$engine` before it was provided reads it again. */
const $provided = atom<Engine | null>(null);

/** Build time only: the engine the server renders with. */
export function provideEngine(e: Engine): void {
  $provided.set(e);
}

/**
 * The engine with the data it computes with and the words of its results
 * (`engine-data.ts`): ready when both are, failed when either failed (loading again retries
 * what failed).
 */
const $loaded = computed([loader.$state, engineData.$state], (code, data): LazyState<Engine> =>
  code.status === "ready" && data.status === "ready"
    ? { status: "ready", module: code.module.engine }
    : code.status === "failed" || data.status === "failed"
      ? { status: "failed" }
      : code.status === "idle" && data.status === "idle"
        ? { status: "idle" }
        : { status: "loading" },
);

/** The engine once loaded; `null` while it is not; `false` when loading failed. */
export const $engine = computed(
  [$provided, $loaded],
  (provided, s): Engine | null | false =>
    provided ?? (s.status === "ready" ? s.module : s.status === "failed" ? false : null),
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
  show($loaded.get());
  $loaded.listen(show);
}

/** Loads the engine (once; again after a failure) and resolves to it, or null on failure. */
export const loadEngine = (): Promise<Engine | null> => {
  const provided = $provided.get();
  return provided
    ? Promise.resolve(provided)
    : Promise.all([loader.load(), engineData.load()]).then(([m, data]) =>
        m && data ? m.engine : null,
      );
};

/** The engine if it is already here. */
export const engineNow = (): Engine | null => {
  const e = $engine.get();
  return e || null;
};
