/**
 * Ticked items of every checklist, kept in localStorage under `checklist:<id>` as
 * `{"v":1,"checked":["item-id",...]}`. What is loaded is validated: anything else (old
 * format, hand-edited, corrupted) reads as "nothing ticked", never as an error. Writes that
 * the storage refuses (quota, privacy mode) keep the ticks for this page view only.
 */
import { atom, computed, type ReadableAtom, type WritableAtom } from "nanostores";
import { persistentAtom, setPersistentEngine } from "@nanostores/persistent";
import { readStored, writeStored } from "./storage.ts";

export const STORAGE_PREFIX = "checklist:";
const VERSION = 1;

type Ticks = readonly string[];
const EMPTY: Ticks = [];

/** Parse a stored value; anything but the current format is an empty list. */
export function decodeTicks(encoded: string | null | undefined): Ticks {
  if (typeof encoded !== "string") return EMPTY;
  try {
    const value: unknown = JSON.parse(encoded);
    if (typeof value !== "object" || value === null) return EMPTY;
    const { v, checked } = value as { v?: unknown; checked?: unknown };
    if (v !== VERSION || !Array.isArray(checked)) return EMPTY;
    const ids = checked.filter(
      (id): id is string => typeof id === "string" && id.length > 0 && id.length <= 100,
    );
    return [...new Set(ids)];
  } catch {
    return EMPTY;
  }
}

/** Nothing ticked removes the key (`undefined` tells the persistent store to delete it). */
export function encodeTicks(ticks: Ticks): string | undefined {
  return ticks.length === 0
    ? undefined
    : JSON.stringify({ v: VERSION, checked: [...new Set(ticks)] });
}

/** Storage that throws (private mode, quota) keeps the ticks in memory (`storage.ts`). */
setPersistentEngine(
  new Proxy<Record<string, string>>(
    {},
    {
      has: (_, key) => readStored(String(key)) !== undefined,
      get: (_, key) => readStored(String(key)),
      set: (_, key, value: string) => (writeStored(String(key), value), true),
      deleteProperty: (_, key) => (writeStored(String(key), undefined), true),
    },
  ),
  { addEventListener() {}, removeEventListener() {} },
);

const persisted = new Map<string, WritableAtom<Ticks>>();
/** Ticks the storage refused to keep, per checklist id (this page view only). */
const $unsaved = atom<Record<string, Ticks>>({});
const views = new Map<string, ReadableAtom<Ticks>>();

function persistedStore(id: string): WritableAtom<Ticks> {
  let store = persisted.get(id);
  if (!store) {
    store = persistentAtom<Ticks>(`${STORAGE_PREFIX}${id}`, EMPTY, {
      encode: encodeTicks,
      decode: decodeTicks,
    });
    persisted.set(id, store);
  }
  return store;
}

/** The ticked item ids of one checklist. */
export function $checklist(id: string): ReadableAtom<Ticks> {
  let view = views.get(id);
  if (!view) {
    view = computed([persistedStore(id), $unsaved], (saved, unsaved) => unsaved[id] ?? saved);
    views.set(id, view);
  }
  return view;
}

export function setTicks(id: string, ticks: Ticks): void {
  const { [id]: _dropped, ...rest } = $unsaved.get();
  try {
    persistedStore(id).set([...new Set(ticks)]);
    if (_dropped) $unsaved.set(rest);
  } catch {
    $unsaved.set({ ...rest, [id]: [...new Set(ticks)] });
  }
}

export function setTicked(id: string, itemId: string, ticked: boolean): void {
  const current = $checklist(id).get();
  setTicks(id, ticked ? [...current, itemId] : current.filter((x) => x !== itemId));
}

export function resetChecklist(id: string): void {
  setTicks(id, EMPTY);
}
