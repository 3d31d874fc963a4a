/**
 * What a page shows, as data: a message key with its parameters, a quantity in a unit of
 * the unit table (`units.ts`), a unit after a number, a literal (a GPU's or a model's
 * name), or a list. The views (`src/stores/views/`) build these; `say` turns one into text
 * in the page's language and formats every number, so islands never format one, and the
 * page and the command line word a figure the same way.
 */
import type { Unit } from "../estimate/request/field.ts";
import type { MessageKey } from "./calculators.ts";
import type { Strings } from "./format.ts";
import { num, sci } from "./format.ts";
import type { ShownUnit } from "./units.ts";

export interface Msg {
  /** The message, or keys to try in order (the first the dictionary has). */
  readonly key: string | readonly string[];
  readonly params?: Readonly<Record<string, Text | number>> | undefined;
  /** What to show when the dictionary has none of the keys (a raw option id). */
  readonly or?: string;
}
/** A number in a unit; `digits` fixes the fraction digits (else by size), `sci` 6.0 × 10^19. */
export interface Qty {
  readonly n: number | null | undefined;
  readonly unit?: ShownUnit | undefined;
  readonly digits?: number | "sci" | undefined;
}
/** An input's unit (a `Unit`) after a number in a sentence: " GPUs", nothing for counts. */
export interface UnitAfter {
  readonly after: Unit | (string & {});
}
export interface List {
  readonly list: readonly Text[];
  /** The key of the separator between items; default `fig.separator` (", " / "、"). */
  readonly sep?: string;
}
export type Text = string | Msg | Qty | UnitAfter | List;

export type { MessageKey };

/**
 * A key made of a code the type checker cannot follow (assumption keys, breakdown labels
 * and field names are strings in the core): the only place a key goes unchecked. A key the
 * dictionaries lack then shows as the key itself, which the built-page check fails on
 * (`tests/dist/`); `tests/unit/i18n/option-labels.test.ts` requires every option's label.
 */
export const codedKey = (key: string): MessageKey => key as MessageKey;

/**
 * A message the dictionaries have, checked by the type checker: one key, or keys to try in
 * order whose last is always there. A key that may be missing (a raw option id) is written
 * as a `Msg` with `or`, the text to show instead.
 */
export const msg = (
  key: MessageKey | readonly [...string[], MessageKey],
  params?: Msg["params"],
): Msg => ({ key, params });
export const qty = (n: Qty["n"], unit?: ShownUnit, digits?: Qty["digits"]): Qty => ({
  n,
  unit,
  digits,
});

/**
 * Text in one language: what an island's markup calls with its own strings; `around`
 * splits a message around one parameter, for markup that wraps that part in an element.
 */
export type Say = ((x: Text) => string) & {
  around: (m: Msg, name: string) => [string, string, string];
};

function fill(template: string, t: Strings, lang: string, params: Msg["params"]): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const p = params?.[name];
    return p === undefined ? whole : typeof p === "number" ? String(p) : say(t, lang, p);
  });
}

export function say(t: Strings, lang: string, x: Text): string {
  if (typeof x === "string") return x;
  if ("list" in x)
    return x.list.map((i) => say(t, lang, i)).join(t[x.sep ?? "fig.separator"] ?? ", ");
  if ("after" in x) {
    const label = t[`unit.${x.after}`] ?? "";
    return label ? ` ${label}` : "";
  }
  if ("n" in x) {
    const n = x.digits === "sci" ? sci(lang, x.n ?? Number.NaN) : num(lang, x.n, x.digits);
    // A missing figure is a dash, without a unit after it.
    return x.unit && n !== "—" ? fill(t[`shown.${x.unit}`] ?? "{n}", t, lang, { n }) : n;
  }
  const keys = typeof x.key === "string" ? [x.key] : x.key;
  const template = keys.map((k) => t[k]).find((s) => s !== undefined);
  return template === undefined ? (x.or ?? keys[0] ?? "") : fill(template, t, lang, x.params);
}

/** Every message key a text names, its parameters' included (each key tried, for a `Msg`). */
export function textKeys(x: Text): string[] {
  if (typeof x === "string" || "n" in x || "after" in x) return [];
  if ("list" in x) return x.list.flatMap(textKeys);
  const keys = typeof x.key === "string" ? [x.key] : [...x.key];
  return [
    ...keys,
    ...Object.values(x.params ?? {}).flatMap((p) => (typeof p === "number" ? [] : textKeys(p))),
  ];
}

/** A message split around one of its parameters ("Rent at least", "24 GB", "per GPU"). */
function around(t: Strings, lang: string, m: Msg, name: string): [string, string, string] {
  const mark = "\u0000";
  const whole = say(t, lang, { ...m, params: { ...m.params, [name]: mark } });
  const [before = whole, after = ""] = whole.split(mark);
  const part = m.params?.[name] ?? "";
  return [before, typeof part === "number" ? String(part) : say(t, lang, part), after];
}

/** `say` for one dictionary and language. */
export const sayer = (t: Strings, lang: string): Say =>
  Object.assign((x: Text) => say(t, lang, x), {
    around: (m: Msg, name: string) => around(t, lang, m, name),
  });
