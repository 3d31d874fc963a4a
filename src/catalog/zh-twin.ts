/**
 * Passages in the data files (`content/gpus.json`, `content/prices.json`,
 * `content/exchange-rates.json`) carry their Chinese beside the English: a field `note`
 * has its twin `noteZh`, `title` has `titleZh`, and so on. The Chinese pages show the twin,
 * the English pages the original. Figures, units, product and proper names stay as written.
 *
 * A twin the schema requires (`requireZhTwins`) makes a missing translation fail the build,
 * the command line and the unit tests alike; optional twins (`titleZh` for a document whose
 * title is its proper name) fall back to the original.
 */
import type { z } from "zod";
import type { Lang } from "../i18n/lang.ts";

/** The Chinese twin's field name: `note` → `noteZh`. */
export const zhKey = <K extends string>(key: K): `${K}Zh` => `${key}Zh`;

/**
 * Adds an issue for each of `keys` that `obj` holds without its Chinese twin, and for each
 * twin without the passage it translates.
 */
export function requireZhTwins(
  obj: Readonly<Record<string, unknown>>,
  keys: readonly string[],
  ctx: z.RefinementCtx,
  where: string,
  path: readonly (string | number)[] = [],
): void {
  for (const key of keys) {
    const has = obj[key] !== undefined;
    const hasZh = obj[zhKey(key)] !== undefined;
    if (has && !hasZh)
      ctx.addIssue({
        code: "custom",
        path: [...path, zhKey(key)],
        message: `${where}: "${key}" needs its Chinese twin "${zhKey(key)}" (the Chinese pages show it)`,
      });
    if (hasZh && !has)
      ctx.addIssue({
        code: "custom",
        path: [...path, zhKey(key)],
        message: `${where}: "${zhKey(key)}" translates a "${key}" that is not there`,
      });
  }
}

/** The passage in the page's language: the Chinese twin on Chinese pages, when there is one. */
export function inLang(lang: Lang, en: string, zh: string | undefined): string;
export function inLang(
  lang: Lang,
  en: string | undefined,
  zh: string | undefined,
): string | undefined;
export function inLang(
  lang: Lang,
  en: string | undefined,
  zh: string | undefined,
): string | undefined {
  return lang === "en" ? en : (zh ?? en);
}
