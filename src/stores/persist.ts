/**
 * Calculator stores persisted in localStorage under versioned keys, and the registry that
 * sharing and Reset walk. What is read back from storage is untrusted: a store shows its
 * initial value until the engine (`engine.ts`) has checked the stored value with the
 * core's request checker, and then shows only what passed. Storage that throws (private
 * mode, quota, a disabled localStorage) degrades to an in-memory copy.
 */
import type { WritableAtom } from "nanostores";
import { atom } from "nanostores";
import type { Engine } from "./engine-api.ts";
import { engineNow, loadEngine } from "./engine.ts";
import { noteStored } from "./link-note.ts";
import { readStored, safe, writeStored } from "./storage.ts";

/** Bump when a stored shape changes incompatibly; old keys are then simply ignored. */
export const STORE_VERSION = 2;

/** Checks an untrusted value: invalid parts take the initial value and are named. */
export type Check<T> = (raw: unknown, engine: Engine) => { value: T; invalid: string[] };

/**
 * A store kept in localStorage under `key`. A stored value is shown once the engine has
 * checked it; an edit made before that wins over the stored value.
 */
/**
 * How many stores hold a stored value not yet applied (it waits for the engine that checks
 * it): while any does, results show "computing", not the default inputs' answer.
 */
export const $restoring = atom(0);

export function storedAtom<T>(
  key: string,
  initial: T,
  check: Check<T>,
  /** What the note calls this store's fields (`t` → `t.seqLen`): its link id, or its key. */
  noteAs = key,
): WritableAtom<T> {
  const text = readStored(key);
  const raw = text === undefined ? undefined : safe(() => JSON.parse(text) as unknown, undefined);
  const store = atom<T>(initial);
  if (raw !== undefined) {
    const apply = (e: Engine | null) => {
      if (!e || store.get() !== initial) return;
      // Whatever storage holds, the page loads: a value the checker cannot read at all
      // is dropped whole, and what was dropped is said once (`$storedNote`).
      const checked = safe(() => check(raw, e), { value: initial, invalid: ["*"] });
      store.set(checked.value);
      noteStored(noteAs, checked.invalid);
    };
    const now = engineNow();
    if (now) apply(now);
    else {
      $restoring.set($restoring.get() + 1);
      void loadEngine()
        .then(apply)
        .finally(() => $restoring.set($restoring.get() - 1));
    }
  }
  store.listen((v) => writeStored(key, v === undefined ? undefined : JSON.stringify(v)));
  return store;
}

/** How a store travels in a link: one parameter per field, checked like a stored value. */
export interface StoreCodec<T> {
  check: Check<T>;
  toParams(value: T): [string, string][];
  /** Rebuilds a value from its link parameters (keys without the store id). */
  fromParams(params: readonly [string, string][], engine: Engine): { value: T; invalid: string[] };
}

export interface CalcStore<T = unknown> {
  /** Short name used in links (`t.seqLen=2048`). */
  id: string;
  store: WritableAtom<T>;
  initial: T;
  codec: StoreCodec<T>;
}

/** All calculator stores, for links and Reset. */
export const registry: CalcStore[] = [];

export function calcStore<T>(id: string, initial: T, codec: StoreCodec<T>): WritableAtom<T> {
  const store = storedAtom(`gpu-calc:${id}:v${STORE_VERSION}`, initial, codec.check, id);
  registry.push({ id, store, initial, codec });
  return store;
}
