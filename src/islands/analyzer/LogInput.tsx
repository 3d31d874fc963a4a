/** File or paste input for one run: what it shows is its view store's; a paste too long for the box goes straight to the worker. */
import { useStore } from "@nanostores/preact";
import { analyzeBox, takePaste, typeText } from "../../stores/analyzer/paste.ts";
import { loadLog } from "../../stores/analyzer/slots.ts";
import type { AnalyzerViews, Strings } from "../../stores/analyzer/views/index.ts";
import type { Slot } from "../../workers/analyzer/protocol.ts";

export interface LogInputProps {
  v: AnalyzerViews;
  slot: Slot;
  label: string;
  pasteLabel: string;
  buttonLabel: string;
  t: Strings;
  disabled: boolean;
}

export function LogInput({ v, slot, label, pasteLabel, buttonLabel, t, disabled }: LogInputProps) {
  const view = useStore(v.input[slot]);
  const id = `an-${slot}`;
  const onFile = (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (file) loadLog(slot, { file }, file.name);
    // Cleared, so choosing the same file again (after a failed read, or edited) reads it again.
    input.value = "";
  };
  const onPaste = (e: ClipboardEvent) => {
    if (takePaste(slot, e.clipboardData?.getData("text/plain") ?? "")) e.preventDefault();
  };
  return (
    <div class="an-input">
      <div class="calc-field">
        <label for={`${id}-file`}>{label}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,.csv,.txt,.log,text/csv,application/json,text/plain"
          disabled={disabled}
          onChange={onFile}
          aria-describedby={`${id}-limit ${id}-msg`}
        />
        <span id={`${id}-limit`} class="calc-hint">
          {view.limit}
        </span>
      </div>
      <div class="calc-field">
        <label for={`${id}-paste`}>{pasteLabel}</label>
        <textarea
          id={`${id}-paste`}
          rows={4}
          spellcheck={false}
          disabled={disabled}
          value={view.text}
          onInput={(e) => typeText(slot, e.currentTarget.value)}
          onPaste={onPaste}
          aria-describedby={`${id}-msg`}
        />
      </div>
      <div class="an-row">
        <button type="button" disabled={disabled} onClick={() => analyzeBox(slot)}>
          {buttonLabel}
        </button>
        {view.progress !== null && (
          <label class="an-progress">
            {t["in.progress"]} <progress max={1} value={view.progress} /> {view.progressPct}
          </label>
        )}
      </div>
      <p
        id={`${id}-msg`}
        class={view.refused ? "calc-error" : "calc-note"}
        role="status"
        data-testid={`${id}-msg`}
      >
        {view.message}
      </p>
    </div>
  );
}
