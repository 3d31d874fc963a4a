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

let listening = false;

/**
 * A calculator link: a version or any `store.field` part, whatever follows (`t.__proto__=…`,
 * or a link cut after `t.seqLen`, must still be read, to be refused with a note). A page's
 * own anchors (`#measure-first`) have neither.
 */
const isLink = (hash: string): boolean => /(^#|&)(v=|[a-z]+\.)/.test(hash);

/** Applies the link in the address bar, then drops the hash so a reload keeps later edits. */
function applyLink(): void {
  const hash = window.location.hash;
  if (!isLink(hash)) return;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  void Promise.all([shareModule.load(), loadEngine()]).then(([share, engine]) => {
    if (!share || !engine) return;
    $linkNote.set(share.applyHash(hash, engine));
  });
}

/**
 * Applies a link on the client's first island mount, and again whenever a link is pasted
 * into the address bar of a page already open.
 */
export function applyLinkOnce(): void {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener("hashchange", applyLink);
  applyLink();
}
