/**
 * Inputs drawn from the core's field tables: a field's kind picks the control, and its
 * range, unit, options and label key come from the table, so the page accepts exactly what
 * the command line accepts. `fieldInputs(...)("seqLen")` renders one bound field.
 */
import type { ComponentChildren } from "preact";
import type { GpuSpec } from "../../estimate/gpu.ts";
import type { Field, Fields } from "../../estimate/tasks/field.ts";
import type { Strings } from "../../i18n/format.ts";
import { tr } from "../../i18n/format.ts";
import { NumberField } from "./NumberField.tsx";
import { CheckField, CheckGroup, SelectField } from "./SelectField.tsx";

/** Percentages shown without float noise (0.07 x 100 = 7.000000000000001). */
const toPercent = (v: number): number => Math.round(v * 100 * 1e9) / 1e9;

export const labelKey = (name: string, f: Field | undefined): string => f?.label ?? `f.${name}`;

/** An option's label: `opt.<field>.<value>` where a field names its options its own way, else `opt.<value>`. */
const optionLabel = (t: Strings, name: string, o: string | number): string =>
  t[`opt.${name}.${o}`] ?? tr(t, `opt.${o}`);

export const gpuChoices = (gpus: readonly GpuSpec[]) =>
  gpus.map((g) => ({ value: g.id, label: `${g.name} (${g.memoryGB} GB)` }));

export interface Binding {
  /** Prefix of the inputs' ids (`tm` → `tm-seqLen`). */
  id: string;
  fields: Fields;
  /** The values shown: what the user set, defaults for the rest. */
  value: Readonly<Record<string, unknown>>;
  set: (changes: Record<string, unknown>) => void;
  /** Messages from the estimate, by field name. */
  issues?: Readonly<Record<string, string>>;
  gpus: readonly GpuSpec[];
  t: Strings;
  lang: string;
  disabled: boolean;
}

export function fieldInputs(b: Binding) {
  return (name: string, opts: { label?: string } = {}): ComponentChildren => {
    const f = b.fields[name];
    if (!f) return null;
    const id = `${b.id}-${name}`;
    const label = tr(b.t, opts.label ?? labelKey(name, f));
    const v = b.value[name];
    const issue = b.issues?.[name];
    const set = (x: unknown) => b.set({ [name]: x });
    switch (f.kind) {
      case "number": {
        const percent = f.percent === true;
        return (
          <NumberField
            id={id}
            label={label}
            unit={percent ? "%" : tr(b.t, `unit.${f.unit}`)}
            value={typeof v === "number" ? (percent ? toPercent(v) : v) : Number.NaN}
            rule={{
              min: percent ? toPercent(f.min) : f.min,
              max: percent ? toPercent(f.max) : f.max,
              integer: f.int === true,
              above: f.above === true,
              suffixes: f.suffixes === true,
            }}
            onValue={(x) => set(percent ? x / 100 : x)}
            onClear={f.default === undefined && !f.required ? () => set(undefined) : undefined}
            issue={issue}
            t={b.t}
            lang={b.lang}
            disabled={b.disabled}
          />
        );
      }
      case "enum": {
        // An optional choice without a default can be left unset: its first entry says so.
        const unset =
          f.default === undefined && !f.required
            ? [{ value: "", label: tr(b.t, `opt.${name}.unset`) }]
            : [];
        return (
          <SelectField
            id={id}
            label={label}
            value={typeof v === "string" || typeof v === "number" ? String(v) : ""}
            choices={[
              ...unset,
              ...f.options.map((o) => ({ value: String(o), label: optionLabel(b.t, name, o) })),
            ]}
            onValue={(x) =>
              set(x === "" ? undefined : (f.options.find((o) => String(o) === x) ?? x))
            }
            issue={issue}
            disabled={b.disabled}
          />
        );
      }
      case "bool":
        return (
          <CheckField
            id={id}
            label={label}
            checked={v === true}
            onValue={set}
            disabled={b.disabled}
          />
        );
      case "gpu":
        return (
          <SelectField
            id={id}
            label={label}
            value={typeof v === "string" ? v : ""}
            choices={gpuChoices(b.gpus)}
            onValue={set}
            issue={issue}
            disabled={b.disabled}
          />
        );
      case "enum-list":
        return (
          <CheckGroup
            id={id}
            label={label}
            choices={f.options.map((o) => ({ value: o, label: optionLabel(b.t, name, o) }))}
            checked={Array.isArray(v) ? (v as string[]) : []}
            onValue={(list) => set(f.options.filter((o) => list.includes(o)))}
            issue={issue}
            disabled={b.disabled}
          />
        );
      default:
        return null;
    }
  };
}
