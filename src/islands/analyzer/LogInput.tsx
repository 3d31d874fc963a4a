/** File or paste input for one run: size-checked before reading, progress while the worker parses. */
import { useState } from "preact/hooks";
import { checkLogSize, MAX_LOG_BYTES } from "../../run-log/nvidia-smi-csv.ts";
import type { Strings } from "../../i18n/format.ts";
import { num, tr } from "../../i18n/format.ts";
import type { LoadError } from "./protocol.ts";

export interface LogInputProps {
  id: string;
  label: string;
  pasteLabel: string;
  buttonLabel: string;
  t: Strings;
  lang: string;
  disabled: boolean;
  /** 0..1 while loading, null otherwise. */
  progress: number | null;
  error: LoadError | null;
  onLoad: (src: { file: File } | { text: string }, name: string) => void;
  onRefuse: (e: LoadError) => void;
}

const MIB = 1024 * 1024;

export function errorText(e: LoadError, t: Strings, lang: string): string {
  if (e.error === "too-large")
    return tr(t, "load.too-large", {
      size: num(lang, e.receivedBytes / MIB, 1),
      limit: num(lang, e.limitBytes / MIB, 0),
    });
  if (e.error === "schema") return tr(t, "load.schema", { path: e.path || "schema" });
  return tr(t, `load.${e.error}`);
}

export function LogInput(p: LogInputProps) {
  const [text, setText] = useState("");
  const [empty, setEmpty] = useState(false);
  const refuseIfLarge = (bytes: number): boolean => {
    const c = checkLogSize(bytes);
    if (!c.ok)
      p.onRefuse({ error: "too-large", limitBytes: c.limitBytes, receivedBytes: c.receivedBytes });
    return !c.ok;
  };
  const onFile = (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (!file || refuseIfLarge(file.size)) return;
    p.onLoad({ file }, file.name);
  };
  const onPaste = () => {
    setEmpty(text.trim() === "");
    if (text.trim() === "" || refuseIfLarge(text.length)) return;
    p.onLoad({ text }, "");
  };
  const msg = empty ? t(p, "in.emptyPaste") : p.error ? errorText(p.error, p.t, p.lang) : "";
  return (
    <div class="an-input">
      <div class="calc-field">
        <label for={`${p.id}-file`}>{p.label}</label>
        <input
          id={`${p.id}-file`}
          type="file"
          accept=".json,.csv,.txt,.log,text/csv,application/json,text/plain"
          disabled={p.disabled}
          onChange={onFile}
          aria-describedby={`${p.id}-limit ${p.id}-msg`}
        />
        <span id={`${p.id}-limit`} class="calc-hint">
          {tr(p.t, "in.limit", { mb: num(p.lang, MAX_LOG_BYTES / MIB, 0) })}
        </span>
      </div>
      <div class="calc-field">
        <label for={`${p.id}-paste`}>{p.pasteLabel}</label>
        <textarea
          id={`${p.id}-paste`}
          rows={4}
          spellcheck={false}
          disabled={p.disabled}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
        />
      </div>
      <div class="an-row">
        <button type="button" disabled={p.disabled} onClick={onPaste}>
          {p.buttonLabel}
        </button>
        {p.progress !== null && (
          <label class="an-progress">
            {p.t["in.progress"]} <progress max={1} value={p.progress} />{" "}
            {num(p.lang, p.progress * 100, 0)}%
          </label>
        )}
      </div>
      <p id={`${p.id}-msg`} class="calc-error" role="status" data-testid={`${p.id}-msg`}>
        {msg}
      </p>
    </div>
  );
}
const t = (p: LogInputProps, k: string) => p.t[k] ?? k;
