/**
 * The model picker's "weights file" way: drop or choose .gguf/.safetensors files, or paste
 * a model.safetensors.index.json. Reading happens in the store action (model-files.ts);
 * this renders the drop zone, the reading's figures, and the reason a file was refused,
 * beside the drop zone in a polite live region.
 */
import {
  pastedIntoIndex,
  readFiles,
  readPastedIndex,
  setDragOver,
  setIndexText,
  weightsFilesView,
} from "../../stores/views/weights-files.ts";
import { Figures } from "./Figures.tsx";
import type { Rendered, WidgetProps } from "./hooks.ts";
import { island } from "./hooks.ts";

interface Props extends WidgetProps {
  id: string;
  disabled: boolean;
}

function Markup({
  id,
  disabled,
  v,
  s,
}: Props & Rendered<ReturnType<typeof weightsFilesView.initial>>) {
  const files = (list: FileList | null | undefined) => readFiles(list ? [...list] : []);
  return (
    <div class="calc-option calc-files">
      <div
        class={v.dragOver ? "calc-drop is-over" : "calc-drop"}
        data-drop-zone
        onDragOver={(e) => {
          e.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragOver(false);
          if (!disabled) files(e.dataTransfer?.files);
        }}
      >
        <label for={`${id}-file`}>
          {s({ key: "mf.drop" })} <u>{s({ key: "mf.choose" })}</u>
        </label>
        <input
          id={`${id}-file`}
          type="file"
          multiple
          accept=".gguf,.safetensors"
          disabled={disabled}
          aria-describedby={`${id}-file-hint ${id}-file-status`}
          onChange={(e) => {
            files(e.currentTarget.files);
            // Cleared, so choosing the same file again (after fixing it) reads it again.
            e.currentTarget.value = "";
          }}
        />
        <span id={`${id}-file-hint`} class="calc-hint">
          {s({ key: "mf.hint" })}
        </span>
        <span
          id={`${id}-file-status`}
          class={v.failed ? "calc-error" : "calc-hint"}
          role="status"
          aria-live="polite"
        >
          {v.status === null ? "" : s(v.status)}
        </span>
      </div>
      <div class="calc-field">
        <label for={`${id}-index`}>{s({ key: "mf.index" })}</label>
        <textarea
          id={`${id}-index`}
          rows={3}
          value={v.indexText}
          disabled={disabled}
          onInput={(e) => setIndexText(e.currentTarget.value)}
          onPaste={(e) => {
            if (pastedIntoIndex(e.clipboardData?.getData("text") ?? "")) e.preventDefault();
          }}
        />
        <button type="button" disabled={disabled || !v.canReadIndex} onClick={readPastedIndex}>
          {s({ key: "mf.readIndex" })}
        </button>
      </div>
      {v.reading && (
        <div data-reading={v.reading.format}>
          <Figures items={v.reading.figures} s={s} />
          <p class="calc-note">{s(v.reading.types)}</p>
          <ul class="calc-note">
            {v.reading.notes.map((n) => (
              <li key={n.key}>{s(n.text)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Its own island wrapper: loaded on demand (`WeightsFilesOnDemand.tsx`), it follows its own view. */
export const WeightsFiles = island(Markup, weightsFilesView);
