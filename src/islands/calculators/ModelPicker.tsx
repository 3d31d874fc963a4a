/**
 * The model every calculator sizes: a preset (searchable), a parameter count, architecture
 * fields, or a pasted Hugging Face config.json. The presets arrive as props (data in the
 * HTML, not code in the bundle), which keeps them out of every page's JavaScript budget.
 */
import { atom } from "nanostores";
import type { ModelArch } from "../../estimate/model.ts";
import { paramCounts } from "../../estimate/model.ts";
import type { Preset } from "../../estimate/presets.ts";
import { $model, setModel } from "../../stores/calc.ts";
import type { ModelState } from "../../stores/calc.ts";
import type { Hydration, Strings } from "./ui.ts";
import { Figures, Frame, SelectField, bind, num, tr, island, read } from "./ui.ts";

export interface ModelPickerProps {
  t: Strings;
  lang: string;
  presets: Preset[];
}

/** Architecture fields typed by hand, as the estimator's model description. */
function archFrom(m: ModelState): ModelArch {
  const arch: ModelArch = {
    layers: m.layers,
    hidden: m.hidden,
    heads: m.heads,
    kvHeads: Math.min(m.kvHeads, m.heads),
    ffn: m.ffn,
    vocab: m.vocab,
    tiedEmbeddings: m.tied,
  };
  if (m.experts > 1)
    arch.moe = {
      experts: m.experts,
      activeExperts: Math.min(m.activeExperts, m.experts),
      expertFfn: m.ffn,
    };
  return arch;
}

/**
 * Applies a change and re-resolves the spec the other widgets compute with. A pasted
 * config.json is parsed by a module loaded only when someone pastes one.
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
  } else if (next.kind === "arch") {
    setModel({ ...changes, spec: archFrom(next), name: tr(t, "mp.archName") });
  } else {
    setModel(changes);
    void import("../../estimate/hf-config.ts").then(({ parseHfConfig }) => {
      // Parses whatever is in the box by now, so out-of-order loads cannot apply stale text.
      const m = $model.get();
      if (m.kind !== "hf") return;
      let json: unknown;
      try {
        json = JSON.parse(m.hfText);
      } catch {
        $hfError.set(tr(t, "mp.hfBadJson"));
        return;
      }
      const r = parseHfConfig(json);
      if (!r.ok) $hfError.set(tr(t, "mp.hfMissing", { field: r.field }));
      else {
        $hfError.set(null);
        setModel({ spec: r.model, name: `config.json (${r.family})` });
      }
    });
  }
}

/** Page-local UI state (not persisted, not in links): the preset search and the config error. */
const $query = atom("");
const $hfError = atom<string | null>(null);

function View({ t, lang, presets, hydrated }: ModelPickerProps & Hydration) {
  const m = read($model, hydrated);
  const query = $query.get();
  const hfError = $hfError.get();
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
          {m.kind === "arch" && (
            <>
              {n("layers", "", 1, 1000)}
              {n("hidden", "", 64, 65536)}
              {n("heads", "", 1, 1024)}
              {n("kvHeads", "", 1, 1024)}
              {n("ffn", "", 64, 262144)}
              {n("vocab", tr(t, "unit.tokens"), 2, 1e6)}
              {n("experts", "", 1, 1024)}
              {n("activeExperts", "", 1, 1024)}
              {chk("tied")}
            </>
          )}
          {m.kind === "hf" && (
            <div class={hfError ? "calc-field is-invalid" : "calc-field"}>
              <label for={`${id}-hf`}>{tr(t, "f.hfText")}</label>
              <textarea
                id={`${id}-hf`}
                rows={6}
                value={m.hfText}
                disabled={d}
                aria-invalid={hfError ? "true" : "false"}
                aria-describedby={`${id}-hf-hint ${id}-hf-err`}
                onInput={(e) => set({ hfText: (e.currentTarget as HTMLTextAreaElement).value })}
              />
              <span id={`${id}-hf-hint`} class="calc-hint">
                {tr(t, "mp.hfHint")}
              </span>
              <span id={`${id}-hf-err`} class="calc-error" aria-live="polite">
                {hfError ?? ""}
              </span>
            </div>
          )}
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

export const ModelPicker = island(View, [$model, $query, $hfError]);
