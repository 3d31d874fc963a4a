/** What the last applied link could not restore, said once per page by `LinkNote.tsx`. */
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
