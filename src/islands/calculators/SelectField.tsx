/** A labelled `<select>` and a labelled checkbox, disabled until the island hydrates. */
export interface Choice {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  choices: readonly Choice[];
  onValue: (v: string) => void;
  disabled: boolean;
}

export function SelectField(p: SelectFieldProps) {
  return (
    <div class="calc-field">
      <label for={p.id}>{p.label}</label>
      <select
        id={p.id}
        value={p.value}
        disabled={p.disabled}
        onChange={(e) => p.onValue((e.currentTarget as HTMLSelectElement).value)}
      >
        {p.choices.map((c) => (
          <option key={c.value} value={c.value} selected={c.value === p.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface CheckFieldProps {
  id: string;
  label: string;
  checked: boolean;
  onValue: (v: boolean) => void;
  disabled: boolean;
}

export function CheckField(p: CheckFieldProps) {
  return (
    <div class="calc-field calc-check">
      <input
        id={p.id}
        type="checkbox"
        checked={p.checked}
        disabled={p.disabled}
        onChange={(e) => p.onValue((e.currentTarget as HTMLInputElement).checked)}
      />
      <label for={p.id}>{p.label}</label>
    </div>
  );
}
