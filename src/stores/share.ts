/**
 * Sharing and resetting: every calculator store travels in the URL hash, one parameter per
 * field (`#v=2&t.seqLen=2048&k.options=[…]`), so a cut or edited link loses only the fields
 * it breaks. Applying a link checks each field with the store's codec (the core's request
 * checker); what it could not restore is reported once, each field once, capped.
 */
import type { Engine } from "./engine-api.ts";
import type { LinkNote } from "./link-note.ts";
import { $linkNote, NOTE_MAX_FIELDS, noteName } from "./link-note.ts";
import { registry, STORE_VERSION } from "./persist.ts";
// Islands import only their own stores; a link and Reset cover every store of the site, so
// this module (loaded on demand) registers all of them before it encodes, applies or resets.
import "./all-stores.ts";

/** Longer than any link these calculators write (a pasted config.json included). */
export const MAX_LINK_CHARS = 100_000;
const VERSION_KEY = "v";

export function encodeState(): string {
  const params = new URLSearchParams({ [VERSION_KEY]: String(STORE_VERSION) });
  for (const { id, store, codec } of registry)
    for (const [key, text] of codec.toParams(store.get())) params.append(`${id}.${key}`, text);
  return params.toString();
}

export function shareUrl(location: { origin: string; pathname: string }): string {
  return `${location.origin}${location.pathname}#${encodeState()}`;
}

/** Builds this page's link and tries the clipboard; says whether it was copied. */
export async function copyLink(): Promise<{ link: string; copied: boolean }> {
  const link = shareUrl(window.location);
  try {
    await navigator.clipboard.writeText(link);
    return { link, copied: true };
  } catch {
    // Clipboard refused (permissions, insecure context): the link is shown to copy by hand.
    return { link, copied: false };
  }
}

/**
 * Applies a link's hash to every store: a store the link names takes the link's fields
 * (checked), every other store its initial value, since a link describes the whole estimate.
 * A link naming no store this version knows changes nothing.
 */
export function applyHash(hash: string, engine: Engine): LinkNote {
  const truncated = hash.length > MAX_LINK_CHARS;
  const params = new URLSearchParams(hash.slice(0, MAX_LINK_CHARS).replace(/^#/, ""));
  const byStore = new Map<string, [string, string][]>();
  const invalid = new Set<string>();
  let version: string | null = null;
  for (const [name, text] of params) {
    if (name === VERSION_KEY) {
      version = text;
      continue;
    }
    const dot = name.indexOf(".");
    if (dot < 1) {
      // Not `store.field`: no store could take it, so it is named rather than dropped.
      invalid.add(name);
      continue;
    }
    const id = name.slice(0, dot);
    const list = byStore.get(id) ?? [];
    list.push([name.slice(dot + 1), text]);
    byStore.set(id, list);
  }
  const known = new Set(registry.map((r) => r.id));
  const unknownStores = [...byStore.keys()].filter((id) => !known.has(id));
  const restores = [...byStore.keys()].some((id) => known.has(id));
  if (restores) {
    for (const { id, store, initial, codec } of registry) {
      const entries = byStore.get(id);
      if (!entries) {
        store.set(initial);
        continue;
      }
      const r = codec.fromParams(entries, engine);
      for (const field of r.invalid) invalid.add(`${id}.${field}`);
      store.set(r.value);
    }
  }
  const names = [...invalid].map(noteName);
  return {
    invalid: names.slice(0, NOTE_MAX_FIELDS),
    more: Math.max(0, names.length - NOTE_MAX_FIELDS),
    unknownStores: unknownStores.slice(0, NOTE_MAX_FIELDS).map(noteName),
    nothingRestored: !restores,
    otherVersion: version !== String(STORE_VERSION),
    truncated,
  };
}

export function resetAll(): void {
  for (const { store, initial } of registry) store.set(initial);
  $linkNote.set(null);
}
