/**
 * A numeric input that accepts what people type (see `parse-number.ts`). Invalid text stays
 * in the box with a message beside it and never reaches the store, so the widget keeps
 * showing its last valid result.
 */
import { useEffect, useState } from "preact/hooks";
import type { NumberRule, ParseError } from "./parse-number.ts";
import { parseNumber } from "./parse-number.ts";
import type { Strings } from "./format.ts";
import { num, tr } from "./format.ts";

export interface NumberFieldProps {
  id: string;
  label: string;
  /** Unit shown in the label and in the range message; empty for plain counts. */
  unit: string;
  hint?: string | undefined;
  value: number;
  rule: NumberRule;
  onValue: (v: number) => void;
  t: Strings;
  lang: string;
  disabled: boolean;
}

export function NumberField(p: NumberFieldProps) {
  const [text, setText] = useState(String(p.value));
  const [error, setError] = useState<ParseError | null>(null);
  const [readAs, setReadAs] = useState<string | null>(null);

  // An outside change (Reset, a link, another island) replaces the text unless it already says that.
  useEffect(() => {
    const r = parseNumber(text, p.rule);
    if (!r.ok || r.value !== p.value) {
      setText(String(p.value));
      setError(null);
      setReadAs(null);
    }
  }, [p.value]);

  const onInput = (e: Event) => {
    const v = (e.currentTarget as HTMLInputElement).value;
    setText(v);
    const r = parseNumber(v, p.rule);
    if (r.ok) {
      setError(null);
      setReadAs(r.normalized === null ? null : num(p.lang, r.value, 6));
      p.onValue(r.value);
    } else {
      setError(r.error);
      setReadAs(null);
    }
  };
  const hintId = `${p.id}-hint`;
  const errId = `${p.id}-err`;
  // The unit joins the range text with a space only when there is one ("1 to 64 GPUs", "1 to 1,000").
  const range = { min: num(p.lang, p.rule.min, 6), max: num(p.lang, p.rule.max, 6), unit: p.unit ? ` ${p.unit}` : "" };
  const message = error
    ? tr(p.t, `err.${error}`, range)
    : readAs === null
      ? ""
      : tr(p.t, "note.readAs", { value: readAs });
  return (
    <div class={error ? "calc-field is-invalid" : "calc-field"}>
      <label for={p.id}>
        {p.label}
        {p.unit ? ` (${p.unit})` : ""}
      </label>
      <input
        id={p.id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellcheck={false}
        value={text}
        onInput={onInput}
        disabled={p.disabled}
        aria-invalid={error ? "true" : "false"}
        aria-describedby={`${hintId} ${errId}`}
      />
      <span id={hintId} class="calc-hint">
        {p.hint ?? tr(p.t, "hint.range", range)}
      </span>
      <span id={errId} class={error ? "calc-error" : "calc-note"} aria-live="polite">
        {message}
      </span>
    </div>
  );
}
