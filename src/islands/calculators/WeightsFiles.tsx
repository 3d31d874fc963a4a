/**
 * The model picker's "weights file" way: drop or choose .gguf/.safetensors files, or paste
 * a model.safetensors.index.json. Reading happens in the store action (model-files.ts);
 * this renders the drop zone, the reading's figures, and the reason a file was refused,
 * beside the drop zone in a polite live region.
 */
import { atom } from "nanostores";
import type { ReadingNote } from "../../estimate/weights-header/read.ts";
import { billions, gb, num, tr } from "../../i18n/format.ts";
import type { Strings } from "../../i18n/format.ts";
import { $fileRead, pasteIndex, readIndex, readWeightFiles } from "../../stores/model-files.ts";
import type { Hydration } from "./hooks.ts";
import { island } from "./hooks.ts";

/** Page-local: the pasted index text and whether a drag is over the zone. */
const $indexText = atom("");
const $dragOver = atom(false);

/** How many tensor types to list: the largest few say what the file is. */
const SHOWN_TYPES = 4;

const noteText = (t: Strings, n: ReadingNote): string => {
  const { code, ...params } = n;
  return tr(t, `mf.note.${code}`, params);
};

function Summary({ t, lang }: { t: Strings; lang: string }) {
  const s = $fileRead.get();
  if (s.status !== "read") return null;
  const r = s.reading;
  return (
    <div data-reading={r.format}>
      <dl class="calc-figures">
        <div>
          <dt>{tr(t, "mf.params")}</dt>
          <dd>
            <output data-figure="file-params">{billions(lang, r.params)}</output>
          </dd>
        </div>
        <div>
          <dt>{tr(t, "mf.bytes")}</dt>
          <dd>
            <output data-figure="file-bytes">{gb(lang, r.weightBytes)}</output>
          </dd>
        </div>
        <div>
          <dt>{tr(t, "mf.bpw")}</dt>
          <dd>
            <output data-figure="file-bpw">{num(lang, r.bitsPerWeight, 2)}</output>
          </dd>
        </div>
      </dl>
      <p class="calc-note">
        {tr(t, "mf.types")}:{" "}
        {r.types
          .slice(0, SHOWN_TYPES)
          .map((x) => `${x.name} ${gb(lang, x.bytes)}`)
          .join(", ")}
      </p>
      <ul class="calc-note">
        {s.pastedChars !== undefined && (
          <li>{tr(t, "mf.pasteRead", { size: num(lang, s.pastedChars / 1e6, 1) })}</li>
        )}
        {r.notes.map((n) => (
          <li key={n.code}>{noteText(t, n)}</li>
        ))}
        <li>
          {tr(t, "mf.applied", {
            bits: num(lang, r.weightBits, 2),
            engine: r.format === "gguf" ? tr(t, "mf.appliedEngine") : "",
          })}
        </li>
      </ul>
    </div>
  );
}

function Status({ t }: { t: Strings }) {
  const s = $fileRead.get();
  if (s.status === "reading") return <>{tr(t, "mf.reading")}</>;
  if (s.status === "load-failed") return <>{tr(t, "mf.loadFailed")}</>;
  if (s.status !== "error") return null;
  const { file, ...params } = s.error.params ?? {};
  const text = tr(t, `mf.err.${s.error.code}`, params);
  return <>{file !== undefined ? `${String(file)}: ${text}` : text}</>;
}

interface Props {
  id: string;
  t: Strings;
  lang: string;
  disabled: boolean;
}

function View({ id, t, lang, disabled }: Props & Hydration) {
  const s = $fileRead.get();
  const failed = s.status === "error" || s.status === "load-failed";
  const onFiles = (files: FileList | null | undefined) => {
    if (files && files.length > 0) void readWeightFiles([...files]);
  };
  return (
    <div class="calc-option calc-files">
      <div
        class={$dragOver.get() ? "calc-drop is-over" : "calc-drop"}
        data-drop-zone
        onDragOver={(e) => {
          e.preventDefault();
          $dragOver.set(true);
        }}
        onDragLeave={() => $dragOver.set(false)}
        onDrop={(e) => {
          e.preventDefault();
          $dragOver.set(false);
          if (!disabled) onFiles(e.dataTransfer?.files);
        }}
      >
        <label for={`${id}-file`}>
          {tr(t, "mf.drop")} <u>{tr(t, "mf.choose")}</u>
        </label>
        <input
          id={`${id}-file`}
          type="file"
          multiple
          accept=".gguf,.safetensors"
          disabled={disabled}
          aria-describedby={`${id}-file-hint ${id}-file-status`}
          onChange={(e) => onFiles(e.currentTarget.files)}
        />
        <span id={`${id}-file-hint`} class="calc-hint">
          {tr(t, "mf.hint")}
        </span>
        <span
          id={`${id}-file-status`}
          class={failed ? "calc-error" : "calc-hint"}
          role="status"
          aria-live="polite"
        >
          <Status t={t} />
        </span>
      </div>
      <div class="calc-field">
        <label for={`${id}-index`}>{tr(t, "mf.index")}</label>
        <textarea
          id={`${id}-index`}
          rows={3}
          value={$indexText.get()}
          disabled={disabled}
          onInput={(e) => $indexText.set(e.currentTarget.value)}
          onPaste={(e) => {
            if (pasteIndex(e.clipboardData?.getData("text") ?? "") === "read") e.preventDefault();
          }}
        />
        <button
          type="button"
          disabled={disabled || !$indexText.get().trim()}
          onClick={() => void readIndex($indexText.get())}
        >
          {tr(t, "mf.readIndex")}
        </button>
      </div>
      <Summary t={t} lang={lang} />
    </div>
  );
}

/** Its own island wrapper: loaded on demand, it listens to its own stores. */
export const WeightsFiles = island<Props>(View, [$fileRead, $indexText, $dragOver]);
