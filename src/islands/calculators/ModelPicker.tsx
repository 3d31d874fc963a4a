/**
 * The model every calculator sizes: a preset (searchable), a parameter count, architecture
 * fields, or a pasted Hugging Face config.json. The presets arrive as props (data in the
 * HTML, not code in the bundle), which keeps them out of every page's JavaScript budget.
 */
import { atom } from "nanostores";
import { paramCounts } from "../../estimate/model.ts";
import type { Preset } from "../../estimate/presets.ts";
import { $model, setModel } from "../../stores/model.ts";
import type { ModelState } from "../../stores/model.ts";
import type { Hydration } from "./hooks.ts";
import type { Strings } from "../../i18n/format.ts";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import { SelectField } from "./SelectField.tsx";
import { bind } from "./bind.tsx";
import { num, tr } from "../../i18n/format.ts";
import { island, read } from "./hooks.ts";

export interface ModelPickerProps {
  t: Strings;
  lang: string;
  presets: Preset[];
}

/** The architecture editor and the config.json parser, loaded when someone first picks either. */
type Editor = typeof import("./ModelEditor.tsx");
const $editor = atom<Editor | null>(null);
function loadEditor(): Promise<Editor> {
  return import("./ModelEditor.tsx").then((e) => {
    $editor.set(e);
    return e;
  });
}

/**
 * Applies a change and re-resolves the spec the other widgets compute with. Architecture
 * fields and a pasted config.json are resolved by the editor module.
 */
function update(changes: Partial<ModelState>, t: Strings, presets: readonly Preset[]): void {
  const next = { ...$model.get(), ...changes };
  if (next.kind !== "hf") $hfError.set(null);
  if (next.kind === "preset") {
    const p = presets.find((x) => x.id === next.preset);
    setModel(p ? { ...changes, spec: p.model, name: p.name } : changes);
  } else if (next.kind === "params") {
    setModel({
      ...changes,
      spec: { params: next.params },
      name: tr(t, "mp.paramsName", { b: num("en", next.params / 1e9, 2) }),
    });
  } else {
    setModel(changes);
    const e = $editor.get();
    if (e) e.resolve(t, $hfError);
    else void loadEditor().then((m) => m.resolve(t, $hfError));
  }
}

/** Page-local UI state (not persisted, not in links): the preset search and the config error. */
const $query = atom("");
const $hfError = atom<string | null>(null);

function View({ t, lang, presets, hydrated }: ModelPickerProps & Hydration) {
  const m = read($model, hydrated);
  const query = $query.get();
  const hfError = $hfError.get();
  const editor = $editor.get();
  if ((m.kind === "arch" || m.kind === "hf") && !editor) void loadEditor();
  const id = "mp";
  const d = !hydrated;
  const set = (c: Partial<ModelState>) => update(c, t, presets);
  const { n, sel, chk } = bind(id, m, set, t, lang, d);
  const q = query.trim().toLowerCase();
  const shown = presets.filter((p) => !q || p.name.toLowerCase().includes(q) || p.id.includes(q));
  const counts = paramCounts(m.spec);
  const preset = presets.find((p) => p.id === m.preset);
  return (
    <Frame
      id={id}
      title={tr(t, "mp.title")}
      t={t}
      hydrated={hydrated}
      controls={
        <>
          {sel("kind", ["preset", "params", "arch", "hf"])}
          {m.kind === "preset" && (
            <>
              <div class="calc-field">
                <label for={`${id}-search`}>{tr(t, "mp.search")}</label>
                <input
                  id={`${id}-search`}
                  type="search"
                  value={query}
                  disabled={d}
                  aria-describedby={`${id}-search-hint`}
                  onInput={(e) => $query.set((e.currentTarget as HTMLInputElement).value)}
                />
                <span id={`${id}-search-hint`} class="calc-hint">
                  {tr(t, "mp.searchHint", { count: shown.length })}
                </span>
              </div>
              <SelectField
                id={`${id}-preset`}
                label={tr(t, "f.preset")}
                value={m.preset}
                choices={(shown.length ? shown : presets).map((p) => ({
                  value: p.id,
                  label: p.name,
                }))}
                onValue={(v) => set({ preset: v })}
                disabled={d}
              />
            </>
          )}
          {m.kind === "params" && n("params", tr(t, "unit.params"), 1e6, 1e13, false, true)}
          {(m.kind === "arch" || m.kind === "hf") &&
            (editor ? (
              editor.Fields({ m, hfError, n, chk, set, t, disabled: d })
            ) : (
              <p class="calc-note-text">{tr(t, "gf.loading")}</p>
            ))}
        </>
      }
    >
      <Figures
        items={[
          { key: "name", label: tr(t, "model"), value: m.name, main: true },
          {
            key: "params",
            label: tr(t, "r.params"),
            value: `${num(lang, counts.total / 1e9, 2)} B`,
          },
          {
            key: "active",
            label: tr(t, "r.active"),
            value: `${num(lang, counts.active / 1e9, 2)} B`,
          },
        ]}
      />
      {m.kind === "preset" && preset && (
        <p class="calc-note-text">{tr(t, "mp.source", { source: preset.source })}</p>
      )}
    </Frame>
  );
}

export const ModelPicker = island(View, [$model, $query, $hfError, $editor]);
