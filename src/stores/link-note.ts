/**
 * The light half of sharing, loaded by every island: the note about invalid link fields,
 * and applying a shared link on load. The encoder, decoder and Reset (`share.ts`) load only
 * when a page is opened from a link or a share button is pressed.
 */
import { atom } from "nanostores";

/** Field names from the last applied link that were invalid and reset. */
export const $linkNote = atom<string[]>([]);

let applying = false;

/** Reads the link once on the client, then drops the hash so a reload keeps later edits. */
export function applyLinkOnce(): void {
  if (applying || typeof window === "undefined" || !/^#[a-z]\./.test(window.location.hash)) return;
  applying = true;
  const hash = window.location.hash;
  void import("./share.ts").then(({ applyHash }) => {
    $linkNote.set(applyHash(hash));
    history.replaceState(null, "", window.location.pathname + window.location.search);
  });
}
