/**
 * The calculators' strings in the page's language, once per page however many widgets it
 * shows: each widget's wrapper writes the keys the page does not have yet
 * (`CalcPageData.astro`), and every island reads the page's whole set. On the server the
 * wrappers provide the full dictionary, which never reaches the browser's code.
 *
 * Of the words of results (warnings, assumptions, sources), a page carries those of its
 * initial results; the rest, which only a result the engine computes can name, load with
 * the engine (`engine-data.ts`).
 */
import type { Strings } from "../i18n/format.ts";

/** Marks the page's scripts of calculator strings. */
export const STRINGS_ATTRIBUTE = "data-calc-strings";

let provided: ((lang: string) => Strings) | null = null;
let fromPage: Record<string, string> | null = null;

/** Build time only: the dictionary the server renders with. */
export function provideStrings(dictionary: (lang: string) => Strings): void {
  provided = dictionary;
}

function readPage(): Record<string, string> {
  const all: Record<string, string> = {};
  for (const el of document.querySelectorAll(`script[${STRINGS_ATTRIBUTE}]`)) {
    try {
      Object.assign(all, JSON.parse(el.textContent || "{}"));
    } catch {
      // A damaged script only loses its keys: the widget shows them by name.
    }
  }
  return all;
}

const page = (): Record<string, string> =>
  (fromPage ??= typeof document === "undefined" ? {} : readPage());

/** The strings a widget renders with, in the page's language. */
export function pageStrings(lang: string): Strings {
  return provided ? provided(lang) : page();
}

/** Adds words the page did not carry (the engine's, `engine-data.ts`); the page's own stay. */
export function addPageStrings(words: Strings): void {
  const held = page();
  for (const [k, v] of Object.entries(words)) held[k] ??= v;
}
