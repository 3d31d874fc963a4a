/**
 * The calculators' strings in the page's language, once per page however many widgets it
 * shows: each widget's wrapper writes the keys the page does not have yet
 * (`CalcPageData.astro`), and every island reads the page's whole set. On the server the
 * wrappers provide the full dictionary, which never reaches the browser's code.
 */
import type { Strings } from "../i18n/format.ts";

/** Marks the page's scripts of calculator strings. */
export const STRINGS_ATTRIBUTE = "data-calc-strings";

let provided: ((lang: string) => Strings) | null = null;
let fromPage: Strings | null = null;

/** Build time only: the dictionary the server renders with. */
export function provideStrings(dictionary: (lang: string) => Strings): void {
  provided = dictionary;
}

function readPage(): Strings {
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

/** The strings a widget renders with, in the page's language. */
export function pageStrings(lang: string): Strings {
  if (provided) return provided(lang);
  return (fromPage ??= typeof document === "undefined" ? {} : readPage());
}
