/**
 * The light half of sharing, loaded by every island: what the last applied link could not
 * restore, and applying a link on load. The codec itself (`share.ts`) loads only when a
 * page is opened from a link or a share button is pressed.
 */
import { atom } from "nanostores";
import { loadEngine } from "./engine.ts";
import { lazy } from "./lazy.ts";

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

/** The link codec and Reset, loaded on first use (with a retry message if the load fails). */
export const shareModule = lazy(() => import("./share.ts"));

let applied = false;

/** Reads the link once on the client, then drops the hash so a reload keeps later edits. */
export function applyLinkOnce(): void {
  if (
    applied ||
    typeof window === "undefined" ||
    !/(^#|&)[a-z]+\.[A-Za-z]+=/.test(window.location.hash)
  )
    return;
  applied = true;
  const hash = window.location.hash;
  void Promise.all([shareModule.load(), loadEngine()]).then(([share, engine]) => {
    if (!share || !engine) return;
    $linkNote.set(share.applyHash(hash, engine));
    history.replaceState(null, "", window.location.pathname + window.location.search);
  });
}
