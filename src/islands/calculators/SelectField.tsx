/** A labelled `<select>`, a labelled checkbox and a group of checkboxes, disabled until the island hydrates. */
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
  /** A message about this field from the estimate. */
  issue?: string | undefined;
  disabled: boolean;
}

function IssueText({ id, issue }: { id: string; issue: string | undefined }) {
  return (
    <span id={`${id}-err`} class={issue ? "calc-error" : "calc-note"} aria-live="polite">
      {issue ?? ""}
    </span>
  );
}

export function SelectField(p: SelectFieldProps) {
  return (
    <div class={p.issue ? "calc-field is-invalid" : "calc-field"}>
      <label for={p.id}>{p.label}</label>
      <select
        id={p.id}
        value={p.value}
        disabled={p.disabled}
        aria-invalid={p.issue ? "true" : "false"}
        aria-describedby={`${p.id}-err`}
        onChange={(e) => p.onValue(e.currentTarget.value)}
      >
        {p.choices.map((c) => (
          <option key={c.value} value={c.value} selected={c.value === p.value}>
            {c.label}
          </option>
        ))}
      </select>
      <IssueText id={p.id} issue={p.issue} />
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
        onChange={(e) => p.onValue(e.currentTarget.checked)}
      />
      <label for={p.id}>{p.label}</label>
    </div>
  );
}

export interface CheckGroupProps {
  id: string;
  label: string;
  choices: readonly Choice[];
  checked: readonly string[];
  /** One box ticked or unticked; the field's view keeps the list in its table's order. */
  onToggle: (value: string, on: boolean) => void;
  issue?: string | undefined;
  disabled: boolean;
}

/** Several options of one list, as a fieldset of checkboxes (LoRA targets). */
export function CheckGroup(p: CheckGroupProps) {
  return (
    <fieldset class={p.issue ? "calc-field calc-group is-invalid" : "calc-field calc-group"}>
      <legend>{p.label}</legend>
      {p.choices.map((c) => (
        <span key={c.value} class="calc-check">
          <input
            id={`${p.id}-${c.value}`}
            type="checkbox"
            checked={p.checked.includes(c.value)}
            disabled={p.disabled}
            onChange={(e) => p.onToggle(c.value, e.currentTarget.checked)}
          />
          <label for={`${p.id}-${c.value}`}>{c.label}</label>
        </span>
      ))}
      <IssueText id={p.id} issue={p.issue} />
    </fieldset>
  );
}
