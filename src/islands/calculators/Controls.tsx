/** A widget's inputs, each drawn by the kind its view gives it (see `stores/views/fields.ts`). */
import type { Strings } from "../../i18n/format.ts";
import type { Say } from "../../i18n/text.ts";
import type { Choice, FieldView } from "../../stores/views/fields.ts";
import { NumberField } from "./NumberField.tsx";
import { CheckField, CheckGroup, SelectField } from "./SelectField.tsx";

export interface ControlsProps {
  fields: readonly FieldView[];
  s: Say;
  t: Strings;
  lang: string;
  disabled: boolean;
}

function Control({ f, s, t, lang, disabled }: Omit<ControlsProps, "fields"> & { f: FieldView }) {
  const shown = {
    label: "label" in f ? s(f.label) : "",
    issue: "issue" in f && f.issue ? s(f.issue) : undefined,
    disabled,
  };
  const choices = (list: readonly Choice[]) =>
    list.map((c) => ({ value: c.value, label: s(c.label) }));
  switch (f.kind) {
    case "number":
      return <NumberField {...f} {...shown} unit={s(f.unit)} t={t} lang={lang} />;
    case "select":
      return <SelectField {...f} {...shown} choices={choices(f.choices)} />;
    case "check":
      return <CheckField {...f} {...shown} />;
    case "checks":
      return <CheckGroup {...f} {...shown} choices={choices(f.choices)} />;
    case "group":
      return (
        <fieldset class="calc-option">
          <legend>{s(f.legend)}</legend>
          {f.note && <p class="calc-note-text">{s(f.note)}</p>}
          <Controls fields={f.fields} s={s} t={t} lang={lang} disabled={disabled} />
        </fieldset>
      );
    case "button":
      return (
        <button
          type="button"
          class="no-print calc-secondary"
          onClick={f.onClick}
          disabled={disabled}
        >
          {shown.label}
        </button>
      );
  }
}

export function Controls({ fields, ...p }: ControlsProps) {
  return (
    <>
      {fields.map((f) => (
        <Control key={f.id} f={f} {...p} />
      ))}
    </>
  );
}
