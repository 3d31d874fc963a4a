import type { Currency } from "../estimate/vocabulary.ts";

/** The site's languages. Chinese is the default and lives at `/`; English at `/en/`. */
export const LANGS = ["zh-cn", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "zh-cn";

/** BCP 47 tag for `<html lang>`; Pagefind also splits its index by it. */
export const HTML_LANG: Record<Lang, string> = { "zh-cn": "zh-CN", en: "en" };

/** Prefix a site path (starting and ending with "/") with the language's root. */
export function localePath(lang: Lang, path: string): string {
  return lang === DEFAULT_LANG ? path : `/${lang}${path}`;
}

/**
 * The currency a page shows costs in until the user chooses one: renters reading the Chinese
 * site are quoted in yuan, those reading the English one mostly in dollars.
 */
export const LANG_CURRENCY: Record<Lang, Currency> = { "zh-cn": "CNY", en: "USD" };

export function otherLang(lang: Lang): Lang {
  return lang === "en" ? "zh-cn" : "en";
}
