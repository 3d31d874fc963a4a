/**
 * What the last applied link, and what the saved inputs, could not restore: said once per
 * page by `LinkNote.tsx`.
 */
import { atom } from "nanostores";

export interface LinkNote {
  /** Fields whose value in the link was invalid and so took the initial value (each once). */
  invalid: string[];
  /** How many more invalid fields there were beyond `invalid`. */
  more: number;
  /** Store ids in the link that this version does not know (their fields were ignored). */
  unknownStores: string[];
  /** The link held nothing this version could restore; nothing was changed. */
  nothingRestored: boolean;
  /** The link was written by another version of the calculators. */
  otherVersion: boolean;
  /** The link was longer than any this site writes and was cut. */
  truncated: boolean;
}

export const $linkNote = atom<LinkNote | null>(null);

/** Saved inputs (localStorage) that were invalid and took their initial values. */
export const $storedNote = atom<string[]>([]);

/** Invalid fields a note names; the link note counts the rest. */
export const NOTE_MAX_FIELDS = 12;
/** A name in a note is cut past this many characters (a link may carry a 100 kB name). */
const NOTE_NAME_CHARS = 64;

/** A field's name as a note shows it: cut when it is longer than any real one. */
export const noteName = (name: string): string =>
  name.length > NOTE_NAME_CHARS ? `${name.slice(0, NOTE_NAME_CHARS)}…` : name;

/** Names the fields of store `id` that could not be restored from storage. */
export function noteStored(id: string, invalid: readonly string[]): void {
  if (invalid.length === 0) return;
  const names = invalid.map((f) => noteName(`${id}.${f}`));
  $storedNote.set([...new Set([...$storedNote.get(), ...names])].slice(0, NOTE_MAX_FIELDS));
}
