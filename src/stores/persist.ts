/**
 * Calculator stores persisted with @nanostores/persistent under versioned keys. Reads are
 * validated field by field (`fields.ts`); storage that throws (private mode, quota, a
 * disabled localStorage) degrades to an in-memory store instead of breaking the page.
 */
import type { WritableAtom } from "nanostores";
import {
  persistentAtom,
  setPersistentEngine,
  windowPersistentEvents,
} from "@nanostores/persistent";
import type { Shape } from "./fields.ts";
import { defaultsOf, sanitize } from "./fields.ts";

/** Bump when a stored shape changes incompatibly; old keys are then simply ignored. */
export const STORE_VERSION = 1;

/** Runs a storage call; anything it throws means "not stored". */
function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}
const storage = (): Storage | null =>
  safe(() => (typeof localStorage === "undefined" ? null : localStorage), null);

/** Every access to localStorage can throw; an in-memory copy keeps the session working. */
const memory: Record<string, string> = {};
const safeEngine = new Proxy(memory, {
  has: (_, key) => safe(() => storage()?.getItem(String(key)) != null, String(key) in memory),
  get: (_, key) => safe(() => storage()?.getItem(String(key)) ?? undefined, memory[String(key)]),
  set: (_, key, value: string) => {
    memory[String(key)] = value;
    safe(() => storage()?.setItem(String(key), value), undefined);
    return true;
  },
  deleteProperty: (_, key) => {
    delete memory[String(key)];
    safe(() => storage()?.removeItem(String(key)), undefined);
    return true;
  },
});
if (typeof window !== "undefined") setPersistentEngine(safeEngine, windowPersistentEvents);

export interface CalcStore<T extends object> {
  /** Short name used in links (`t.seqLen=2048`). */
  id: string;
  store: WritableAtom<T>;
  shape: Shape;
  defaults: T;
}

/** All calculator stores, for Copy link and Reset. */
export const registry: CalcStore<object>[] = [];

export function calcAtom<T extends object>(id: string, shape: Shape): WritableAtom<T> {
  const defaults = defaultsOf<T>(shape);
  const store = persistentAtom<T>(`gpu-calc:${id}:v${STORE_VERSION}`, defaults, {
    encode: JSON.stringify,
    decode: (text: string): T => {
      try {
        return sanitize<T>(shape, JSON.parse(text) as unknown).value;
      } catch {
        return defaults;
      }
    },
  });
  registry.push({ id, store, shape, defaults } as unknown as CalcStore<object>);
  return store;
}

/** Sets some fields of a store (actions elsewhere are one-liners over this). */
export function patch<T extends object>(store: WritableAtom<T>, changes: Partial<T>): void {
  store.set({ ...store.get(), ...changes });
}
