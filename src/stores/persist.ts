/**
 * Calculator stores persisted with @nanostores/persistent under versioned keys, and the
 * registry that sharing and Reset walk. What is read back from storage is checked by the
 * store's codec (`field-codec.ts`: the core's request checker); storage that throws
 * (private mode, quota, a disabled localStorage) degrades to an in-memory store.
 */
import type { WritableAtom } from "nanostores";
import {
  persistentAtom,
  setPersistentEngine,
  windowPersistentEvents,
} from "@nanostores/persistent";

/** Bump when a stored shape changes incompatibly; old keys are then simply ignored. */
export const STORE_VERSION = 2;

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

/** How a store's value is checked, and how it travels in a link (one parameter per field). */
export interface StoreCodec<T> {
  /** Checks an untrusted value: invalid parts take the initial value and are named. */
  check(raw: unknown): { value: T; invalid: string[] };
  toParams(value: T): [string, string][];
  /** Rebuilds a value from its link parameters (keys without the store id). */
  fromParams(params: readonly [string, string][]): { value: T; invalid: string[] };
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
  const store = persistentAtom<T>(`gpu-calc:${id}:v${STORE_VERSION}`, initial, {
    encode: JSON.stringify,
    decode: (text: string): T => {
      try {
        return codec.check(JSON.parse(text) as unknown).value;
      } catch {
        return initial;
      }
    },
  });
  registry.push({ id, store, initial, codec } as unknown as CalcStore);
  return store;
}
