/**
 * localStorage that never throws: private mode, a full quota or a disabled storage degrade
 * to an in-memory copy that keeps this page view working. Our own few lines rather than a
 * persistence library on every calculator page (about 0.6 kB gzipped less).
 */

/** Runs a call that may throw; anything it throws gives `fallback`. */
export function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}

const storage = (): Storage | null =>
  safe(() => (typeof localStorage === "undefined" ? null : localStorage), null);

const memory: Record<string, string> = {};

/** The text stored under `key`, if any. */
export const readStored = (key: string): string | undefined =>
  safe(() => storage()?.getItem(key) ?? undefined, memory[key]);

/** Stores `text` under `key`; `undefined` removes the key. */
export function writeStored(key: string, text: string | undefined): void {
  if (text === undefined) {
    delete memory[key];
    safe(() => storage()?.removeItem(key), undefined);
  } else {
    memory[key] = text;
    safe(() => storage()?.setItem(key, text), undefined);
  }
}
