/**
 * Binds fields to one store: `n("seqLen", unit, min, max)` renders a NumberField whose
 * label is `f.seqLen` and whose valid values go straight to the store's setter.
 */
import type { Strings } from "../../i18n/format.ts";
import { tr } from "../../i18n/format.ts";
import { NumberField } from "./NumberField.tsx";
import { CheckField, SelectField } from "./SelectField.tsx";
import { choices } from "./choices.ts";

export function bind<S extends object>(
  id: string,
  state: S,
  set: (changes: Partial<S>) => void,
  t: Strings,
  lang: string,
  disabled: boolean,
) {
  const n = (
    key: keyof S & string,
    unit: string,
    min: number,
    max: number,
    integer = true,
    suffixes = false,
  ) => (
    <NumberField
      id={`${id}-${key}`}
      label={tr(t, `f.${key}`)}
      unit={unit}
      value={state[key] as number}
      rule={{ min, max, integer, suffixes }}
      onValue={(v) => set({ [key]: v } as Partial<S>)}
      t={t}
      lang={lang}
      disabled={disabled}
    />
  );
  const sel = (key: keyof S & string, values: readonly string[]) => (
    <SelectField
      id={`${id}-${key}`}
      label={tr(t, `f.${key}`)}
      value={String(state[key])}
      choices={choices(t, values)}
      onValue={(v) => set({ [key]: typeof state[key] === "number" ? Number(v) : v } as Partial<S>)}
      disabled={disabled}
    />
  );
  const chk = (key: keyof S & string) => (
    <CheckField
      id={`${id}-${key}`}
      label={tr(t, `f.${key}`)}
      checked={state[key] === true}
      onValue={(v) => set({ [key]: v } as Partial<S>)}
      disabled={disabled}
    />
  );
  return { n, sel, chk };
}
