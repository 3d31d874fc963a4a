/**
 * Sharing and resetting: every calculator store encodes into the URL hash, one parameter
 * per field (`#t.seqLen=2048&k.options=[…]`), so a truncated or edited link loses only the
 * fields it breaks. Applying a link validates each field; invalid ones keep their defaults
 * and are listed in `$linkNote` for the page to show.
 */
import { fieldOk, sanitize } from "./fields.ts";
import type { FieldSpec } from "./fields.ts";
import { registry } from "./persist.ts";
// Islands import only their own stores; a link and Reset cover all of them, so this module
// (loaded on demand) registers every store before it encodes, applies or resets.
import "./calc.ts";

import { $linkNote } from "./link-note.ts";

export { $linkNote } from "./link-note.ts";

/** A field as it travels in a link: numbers and enums as text, lists and objects as JSON. */
export function toParam(spec: FieldSpec, v: unknown): string {
  return spec.t === "list" || spec.t === "custom" ? JSON.stringify(v) : String(v);
}

/** Decodes a link parameter; anything unreadable becomes a value `fieldOk` rejects. */
export function fromParam(spec: FieldSpec, s: string): unknown {
  switch (spec.t) {
    case "num":
      return /^-?[\d.]+(e[+-]?\d+)?$/i.test(s) ? Number(s) : Number.NaN;
    case "bool":
      return s === "true" ? true : s === "false" ? false : s;
    case "enum":
    case "str":
      return s;
    default:
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return null; // no list or model spec accepts null
      }
  }
}

export function encodeState(): string {
  const params = new URLSearchParams();
  for (const { id, store, shape, defaults } of registry) {
    const value = store.get() as Record<string, unknown>;
    for (const key of Object.keys(shape)) {
      const spec = shape[key];
      // Fields at their default stay out of the link: shorter links, same estimate.
      if (
        spec &&
        JSON.stringify(value[key]) !== JSON.stringify((defaults as Record<string, unknown>)[key])
      ) {
        params.set(`${id}.${key}`, toParam(spec, value[key]));
      }
    }
  }
  return params.toString();
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

export function shareUrl(location: { origin: string; pathname: string }): string {
  return `${location.origin}${location.pathname}#${encodeState()}`;
}

/** Applies a link's hash; returns the names of fields that were invalid. Unknown keys are ignored. */
export function applyHash(hash: string): string[] {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const invalid: string[] = [];
  for (const { id, store, shape, defaults } of registry) {
    const next: Record<string, unknown> = { ...defaults };
    let touched = false;
    for (const [name, text] of params) {
      const [sid, key] = name.split(".", 2);
      const spec = key === undefined ? undefined : shape[key];
      if (sid !== id || !spec || key === undefined) continue;
      touched = true;
      const v = fromParam(spec, text);
      if (!fieldOk(spec, v)) {
        invalid.push(name);
        continue;
      }
      const r = sanitize<Record<string, unknown>>({ [key]: spec }, { [key]: v }, id);
      invalid.push(...r.invalid);
      next[key] = r.value[key];
    }
    // A shared link describes the whole estimate: fields it leaves out are at their defaults.
    if (touched || params.size > 0) store.set(next);
  }
  return invalid;
}

/** Reads the link once on the client, then drops the hash so a reload keeps later edits. */
export function applyLinkOnce(): void {
  if (typeof window === "undefined" || !/^#[a-z]\./.test(window.location.hash)) return;
  $linkNote.set(applyHash(window.location.hash));
  history.replaceState(null, "", window.location.pathname + window.location.search);
}

export function resetAll(): void {
  for (const { store, defaults } of registry) store.set(defaults);
  $linkNote.set([]);
}
