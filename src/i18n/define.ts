import type { Lang } from "./lang.ts";

/**
 * One typed dictionary per language: the English object fixes the keys, and the Chinese
 * one must have exactly those keys, so a missing or stray key fails the type check.
 * Features keep their own dictionaries (one file each) so no single file grows unbounded.
 */
export function defineStrings<const T extends Record<string, string>>(
  en: T,
  zhCN: { [K in keyof T]: string },
): Record<Lang, { [K in keyof T]: string }> {
  return { en, "zh-cn": zhCN };
}

/** Fill `{name}` placeholders. */
export function format(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
