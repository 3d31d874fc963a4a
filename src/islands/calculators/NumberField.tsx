/**
 * A numeric input that accepts what people type (see `parse-number.ts`). Invalid text stays
 * in the box with a message beside it and never reaches the store, so the widget keeps
 * showing its last valid result. It shows the value it is given: a calculator's field view
 * (`stores/views/fields.ts`) has already put a fraction in percent.
 */
import { Component } from "preact";
import type { NumberRule, ParseError } from "./parse-number.ts";
import { parseNumber } from "./parse-number.ts";
import type { Strings } from "../../i18n/format.ts";
import type { Msg } from "../../i18n/text.ts";
import { msg, qty, say } from "../../i18n/text.ts";

export interface NumberFieldProps {
  id: string;
  label: string;
  /** Unit shown in the label and in the range message; empty for plain counts. */
  unit: string;
  value: number;
  /** The value as the box writes it when it changes from outside (rounded by the view); else the plain number. */
  text?: string | undefined;
  rule: NumberRule;
  onValue: (v: number) => void;
  /** An optional field: an empty box unsets it (its default or "not given" applies). */
  onClear?: (() => void) | undefined;
  /** A message about this field from the estimate (a rule it breaks with another field). */
  issue?: string | undefined;
  t: Strings;
  lang: string;
  disabled: boolean;
}

/** A value as the box shows it; a field with no value yet shows an empty box. */
const shown = (p: Pick<NumberFieldProps, "value" | "text">): string =>
  p.text ?? (Number.isFinite(p.value) ? String(p.value) : "");

interface FieldState {
  text: string;
  error: ParseError | null;
  /** The number read from full-width or otherwise normalised text. */
  readAs: number | null;
}

export class NumberField extends Component<NumberFieldProps, FieldState> {
  override state: FieldState = { text: shown(this.props), error: null, readAs: null };

  // An outside change (Reset, a link, another island) replaces the text unless it already says that.
  override componentDidUpdate(prev: NumberFieldProps): void {
    if (Object.is(prev.value, this.props.value)) return;
    const r = parseNumber(this.state.text, this.props.rule);
    if (!Number.isFinite(this.props.value) && this.state.text === "") return;
    if (!r.ok || r.value !== this.props.value)
      this.setState({ text: shown(this.props), error: null, readAs: null });
  }

  onInput = (e: Event): void => {
    const text = (e.currentTarget as HTMLInputElement).value;
    if (text.trim() === "" && this.props.onClear) {
      this.setState({ text, error: null, readAs: null });
      this.props.onClear();
      return;
    }
    const r = parseNumber(text, this.props.rule);
    if (r.ok) {
      this.setState({
        text,
        error: null,
        readAs: r.normalized === null ? null : r.value,
      });
      this.props.onValue(r.value);
    } else {
      this.setState({ text, error: r.error, readAs: null });
    }
  };

  override render() {
    const p = this.props;
    const { text, error, readAs } = this.state;
    const said = (m: Msg) => say(p.t, p.lang, m);
    // The unit joins the range text with a space only when there is one ("1 to 64 GPUs", "1 to 1,000").
    const range = {
      min: qty(p.rule.min, undefined, 6),
      max: qty(p.rule.max, undefined, 6),
      unit: p.unit ? ` ${p.unit}` : "",
    };
    const message = error
      ? said(msg(`err.${error}`, range))
      : p.issue
        ? p.issue
        : readAs === null
          ? ""
          : said(msg("note.readAs", { value: qty(readAs, undefined, 6) }));
    const invalid = error !== null || Boolean(p.issue);
    return (
      <div class={invalid ? "calc-field is-invalid" : "calc-field"}>
        <label for={p.id}>
          {p.unit ? said(msg("note.labelUnit", { label: p.label, unit: p.unit })) : p.label}
        </label>
        <input
          id={p.id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onInput={this.onInput}
          disabled={p.disabled}
          aria-invalid={invalid ? "true" : "false"}
          data-optional={p.onClear ? "true" : undefined}
          aria-describedby={`${p.id}-hint ${p.id}-err`}
        />
        <span id={`${p.id}-hint`} class="calc-hint">
          {said(msg(p.rule.above ? "hint.rangeAbove" : "hint.range", range))}
        </span>
        <span id={`${p.id}-err`} class={invalid ? "calc-error" : "calc-note"} aria-live="polite">
          {message}
        </span>
      </div>
    );
  }
}
