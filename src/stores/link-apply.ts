/**
 * The light half of sharing, loaded by every island: applying a link on load. The codec and
 * Reset (`share.ts`) load only when a page is opened from a link or a share button is
 * pressed.
 */
import { loadEngine } from "./engine.ts";
import { lazy } from "./lazy.ts";
import { $linkNote } from "./link-note.ts";

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
