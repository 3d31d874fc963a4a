/**
 * The model every calculator sizes: a preset (searchable), a parameter count, architecture
 * fields, a weights file, or a pasted Hugging Face config.json. The presets come with the
 * page's catalog data, not the bundle; the core resolves the choice into the name and spec
 * every widget shows and computes with.
 */
import { setModel } from "../../stores/model.ts";
import { modelPickerView, setQuery } from "../../stores/views/model-picker.ts";
import { Controls } from "./Controls.tsx";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import type { Rendered, WidgetProps } from "./hooks.ts";
import { island } from "./hooks.ts";
import { WeightsFilesOnDemand } from "./WeightsFilesOnDemand.tsx";

type Props = WidgetProps & Rendered<ReturnType<typeof modelPickerView.initial>>;

function Markup({ v, s, t, lang, hydrated }: Props) {
  const { id, search, file, hf } = v;
  const d = !hydrated;
  return (
    <Frame
      v={v}
      s={s}
      t={t}
      lang={lang}
      hydrated={hydrated}
      extra={
        <>
          {search && (
            <div class="calc-field">
              <label for={`${id}-search`}>{t["mp.search"]}</label>
              <input
                id={`${id}-search`}
                type="search"
                value={search.query}
                disabled={d}
                aria-describedby={`${id}-search-hint`}
                aria-controls={`${id}-preset`}
                onInput={(e) => setQuery(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key !== "Enter") return;
                  e.preventDefault();
                  search.onEnter();
                }}
              />
              <span id={`${id}-search-hint`} class="calc-hint" aria-live="polite">
                {s(search.hint)}
              </span>
            </div>
          )}
          <Controls fields={v.fields} s={s} t={t} lang={lang} disabled={d} />
          {file && <WeightsFilesOnDemand id={id} lang={lang} disabled={d} />}
          {hf && (
            <div class={hf.issue ? "calc-field is-invalid" : "calc-field"}>
              <label for={`${id}-hf`}>{t["f.hfText"]}</label>
              <textarea
                id={`${id}-hf`}
                rows={6}
                value={hf.text}
                disabled={d}
                aria-invalid={hf.issue ? "true" : "false"}
                aria-describedby={`${id}-hf-hint ${id}-hf-err`}
                onInput={(e) => setModel({ hfText: e.currentTarget.value })}
              />
              <span id={`${id}-hf-hint`} class="calc-hint">
                {t["mp.hfHint"]}
              </span>
              <span id={`${id}-hf-err`} class="calc-error" aria-live="polite">
                {hf.issue ? s(hf.issue) : ""}
              </span>
            </div>
          )}
        </>
      }
    >
      <Figures items={v.figures} s={s} />
      {v.issues.length > 0 && (
        <ul class="calc-warnings">
          {v.issues.map((i, n) => (
            <li key={n}>{s(i)}</li>
          ))}
        </ul>
      )}
      {v.source && (
        <p class="calc-note-text" id={`${v.id}-source`}>
          {s(v.source)}
        </p>
      )}
    </Frame>
  );
}

export const ModelPicker = island(Markup, modelPickerView);
