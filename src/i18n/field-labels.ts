/**
 * How an input and its options are labelled, from the core's field tables: the one place
 * that names those keys. The inputs (`stores/views/fields.ts`) say them, and a page carries
 * exactly the labels of its widgets' tables (`fieldTextKeys`, `widget-strings.ts`), so an
 * input shown before the engine has loaded is never labelled by its key.
 */
import type { Field, Fields } from "../estimate/request/field.ts";
import type { Msg } from "./text.ts";
import { codedKey, msg, textKeys } from "./text.ts";

/** A field's label: the table's `label` key (or the view's), else `f.<field name>`. */
export const fieldLabel = (name: string, f: Field, label?: string): Msg =>
  msg(codedKey(label ?? f.label ?? `f.${name}`));

/** An option's label: `opt.<field>.<value>` where a field names its options its own way, else `opt.<value>`. */
export const optionLabel = (name: string, o: string | number): Msg =>
  msg([`opt.${name}.${o}`, codedKey(`opt.${o}`)]);

/** The entry of an optional select left unset. */
export const unsetLabel = (name: string): Msg => msg(codedKey(`opt.${name}.unset`));

/**
 * Every key the labels of these tables' inputs may name, a group's and a list item's
 * included, and their units (`stores/views/fields.ts`). Keys the dictionaries lack are
 * named too; a caller keeps those it has.
 */
export function fieldTextKeys(tables: readonly Fields[]): Set<string> {
  const keys = new Set<string>();
  const add = (m: Msg) => textKeys(m).forEach((k) => keys.add(k));
  const walk = (table: Fields): void => {
    for (const [name, f] of Object.entries(table)) {
      add(fieldLabel(name, f));
      // A number's unit, and its form with a currency where the widget names one.
      if (f.kind === "number" && f.unit)
        [`unit.${f.unit}`, `unit.${f.unit}.in`].forEach((k) => keys.add(k));
      if (f.kind === "enum" || f.kind === "enum-list") {
        f.options.forEach((o) => add(optionLabel(name, o)));
        add(unsetLabel(name));
      }
      if (f.kind === "object") walk(f.fields);
      if (f.kind === "list") walk(f.item);
    }
  };
  tables.forEach(walk);
  return keys;
}
