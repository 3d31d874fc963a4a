/**
 * Inputs drawn from the core's field tables: a field's kind picks the control, and its
 * range, unit, options and label key come from the table, so the page accepts exactly what
 * the command line accepts. A fraction shown as a percentage is converted here, both ways.
 * `fieldViews(binding)("seqLen")` takes only the names of the table's input fields: a group
 * (LoRA) or a list (cost options) is not one input, and its widget lays out its parts.
 */
import type { GpuChoice } from "../catalog.ts";
import type {
  BoolField,
  EnumField,
  EnumListField,
  Fields,
  GpuField,
  NumberField,
} from "../../estimate/request/field.ts";
import type { Msg, Text } from "../../i18n/text.ts";
import { fieldLabel, optionLabel, unsetLabel } from "../../i18n/field-labels.ts";
import { msg, qty } from "../../i18n/text.ts";
import { boxText } from "./box-text.ts";
import type { Changes } from "../field-store.ts";

/** What a number input accepts, in the units it shows (a percentage for a fraction). */
export interface NumberRule {
  min: number;
  max: number;
  integer: boolean;
  above: boolean;
  suffixes: boolean;
}

export interface Choice {
  value: string;
  label: Text;
}

export interface NumberView {
  kind: "number";
  id: string;
  label: Text;
  /** The unit the label and range name ("%" for a fraction shown in percent); "" for counts. */
  unit: Text;
  /** The value as the box shows it; NaN when the field has none. */
  value: number;
  /** `value` as the box writes it, rounded for reading (`box-text.ts`); "" for none. */
  text: string;
  rule: NumberRule;
  onValue: (shown: number) => void;
  /** An optional field: an empty box unsets it (its default or "not given" applies). */
  onClear?: (() => void) | undefined;
  issue?: Msg | undefined;
}
export interface SelectView {
  kind: "select";
  id: string;
  label: Text;
  value: string;
  choices: readonly Choice[];
  onValue: (v: string) => void;
  issue?: Msg | undefined;
}
export interface CheckView {
  kind: "check";
  id: string;
  label: Text;
  checked: boolean;
  onValue: (on: boolean) => void;
}
export interface ChecksView {
  kind: "checks";
  id: string;
  label: Text;
  choices: readonly Choice[];
  checked: readonly string[];
  onToggle: (value: string, on: boolean) => void;
  issue?: Msg | undefined;
}
/** Fields shown together under a legend (a LoRA group, one cost option), after a note. */
export interface GroupView {
  kind: "group";
  id: string;
  legend: Text;
  note?: Text;
  fields: readonly FieldView[];
}
export interface ButtonView {
  kind: "button";
  id: string;
  label: Text;
  onClick: () => void;
}
export type FieldView = NumberView | SelectView | CheckView | ChecksView | GroupView | ButtonView;

type InputField = NumberField | EnumField | BoolField | GpuField | EnumListField;
/** The names of a table's fields that are one input each. */
export type InputName<F extends Fields> = {
  [K in keyof F]: F[K] extends InputField ? K : never;
}[keyof F] &
  string;

export interface Binding<F extends Fields> {
  /** Prefix of the inputs' ids (`tm` → `tm-seqLen`). */
  id: string;
  fields: F;
  /** The values shown: what the user set, defaults for the rest. */
  value: Readonly<Record<string, unknown>>;
  set: (changes: Changes<NoInfer<F>>) => void;
  /** Messages from the estimate, by field name. */
  issues?: Readonly<Record<string, Msg>>;
  gpus: readonly GpuChoice[];
  /** The currency money fields are in, where one is chosen ("Budget (USD)"). */
  currency?: string | undefined;
}

/** Percentages without float noise (0.07 x 100 = 7.000000000000001). */
const toPercent = (v: number): number => Math.round(v * 100 * 1e9) / 1e9;

export const gpuChoices = (gpus: readonly GpuChoice[]): Choice[] =>
  gpus.map((g) => ({
    value: g.id,
    label: msg("opt.gpuChoice", { name: g.name, memory: qty(g.memoryGB, "gb") }),
  }));

/**
 * The fields of a store's table one view shows, as the table has them: the view binds these,
 * and its page carries their labels and no others (`i18n/widget-strings.ts`).
 */
export const shownFields = <F extends Fields, const K extends keyof F & string>(
  fields: F,
  names: readonly K[],
): Pick<F, K> => Object.fromEntries(names.map((n) => [n, fields[n]])) as Pick<F, K>;

export function fieldViews<F extends Fields>(b: Binding<F>) {
  return (name: InputName<F>, opts: { label?: string } = {}): FieldView => {
    const f = b.fields[name] as InputField;
    const v = b.value[name];
    const base = {
      id: `${b.id}-${name}`,
      label: fieldLabel(name, f, opts.label),
      issue: b.issues?.[name],
    };
    // The value comes from this field's own control, so it has the field's type.
    const set = (x: unknown) => b.set({ [name]: x } as Changes<F>);
    const options = (list: readonly (string | number)[]) =>
      list.map((o) => ({ value: String(o), label: optionLabel(name, o) }));
    // An optional field without a default can be left unset (an empty box, an "unset" entry).
    const optional =
      !("default" in f && f.default !== undefined) && !("required" in f && f.required);
    switch (f.kind) {
      case "number": {
        const percent = f.percent === true;
        const shown = (x: number) => (percent ? toPercent(x) : x);
        return {
          ...base,
          kind: "number",
          unit: percent
            ? "%"
            : b.currency
              ? msg([`unit.${f.unit}.in`, `unit.${f.unit}`], { currency: b.currency })
              : msg(`unit.${f.unit}`),
          value: typeof v === "number" ? shown(v) : Number.NaN,
          text: typeof v === "number" ? boxText(shown(v)) : "",
          rule: {
            min: shown(f.min),
            max: shown(f.max),
            integer: f.int === true,
            above: f.above === true,
            suffixes: f.suffixes === true,
          },
          onValue: (x) => set(percent ? x / 100 : x),
          onClear: optional ? () => set(undefined) : undefined,
        };
      }
      case "enum":
        return {
          ...base,
          kind: "select",
          value: typeof v === "string" || typeof v === "number" ? String(v) : "",
          choices: [
            ...(optional ? [{ value: "", label: unsetLabel(name) }] : []),
            ...options(f.options),
          ],
          onValue: (x) => set(x === "" ? undefined : f.options.find((o) => String(o) === x)),
        };
      case "bool":
        return { ...base, kind: "check", checked: v === true, onValue: set };
      case "gpu":
        return {
          ...base,
          kind: "select",
          value: typeof v === "string" ? v : "",
          choices: gpuChoices(b.gpus),
          onValue: set,
        };
      case "enum-list": {
        const checked = Array.isArray(v) ? v.map(String) : [];
        return {
          ...base,
          kind: "checks",
          choices: options(f.options),
          checked,
          // The table's order, whatever order the boxes were ticked in.
          onToggle: (x, on) => set(f.options.filter((o) => (o === x ? on : checked.includes(o)))),
        };
      }
    }
  };
}
