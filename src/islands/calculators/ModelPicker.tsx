/**
 * The model every calculator sizes: a preset (searchable), a parameter count, architecture
 * fields, or a pasted Hugging Face config.json. The presets come with the page's catalog
 * data, not the bundle; the core resolves the choice into the name and spec every widget
 * shows and computes with.
 */
import { atom } from "nanostores";
import { ARCH_FIELDS, PARAMS_FIELDS } from "../../estimate/arch-fields.ts";
import { billions, tr } from "../../i18n/format.ts";
import { issueText } from "../../i18n/messages.ts";
import { $catalog } from "../../stores/catalog.ts";
import type { ModelChoice } from "../../stores/model.ts";
import {
  $model,
  $resolvedModel,
  MODEL_KINDS,
  readResolvedModel,
  setArch,
  setModel,
  shownChoice,
} from "../../stores/model.ts";
import { fieldInputs } from "./FieldInput.tsx";
import { Figures } from "./Figures.tsx";
import { Frame } from "./Frame.tsx";
import type { Hydration, WidgetProps } from "./hooks.ts";
import { island, read } from "./hooks.ts";
import { modelLabel } from "./model-label.ts";
import { issuesByField } from "./ResultSummary.tsx";
import { SelectField } from "./SelectField.tsx";
import { lazy } from "../../stores/lazy.ts";

/** Page-local UI state (not persisted, not in links): the preset search. */
const $query = atom("");

/** The weights-file way loads only when chosen: most visits never drop a file. */
const weightsWay = lazy(() => import("./WeightsFiles.tsx"));

function FileWay(props: { id: string; t: WidgetProps["t"]; lang: string; disabled: boolean }) {
  const s = weightsWay.$state.get();
  if (s.status === "ready") return <s.module.WeightsFiles {...props} />;
  if (s.status === "failed")
    return (
      <p class="calc-option calc-error" role="status">
        {tr(props.t, "lazy.failed")}{" "}
        <button type="button" onClick={() => void weightsWay.load()}>
          {tr(props.t, "mf.retry")}
        </button>
      </p>
    );
  return <p class="calc-option calc-hint">{tr(props.t, "gf.loading")}</p>;
}

/** Presets whose name or id holds every word typed ("r1 70" finds the R1 Llama 70B distill). */
export function matchPresets<P extends { id: string; name: string }>(
  presets: readonly P[],
  query: string,
): P[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return presets.filter((p) => {
    const hay = `${p.name} ${p.id}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

function View({ t, lang, hydrated }: WidgetProps & Hydration) {
  const { gpus, presets } = $catalog.get();
  const m = shownChoice(read($model, hydrated));
  const resolved = readResolvedModel(hydrated);
  const issues = resolved && !resolved.ok ? resolved.issues : [];
  const byField = issuesByField(issues, t, lang, "model");
  const id = "mp";
  const d = !hydrated;
  const common = { gpus, t, lang, disabled: d };
  const query = $query.get();
  const matches = matchPresets(presets, query);
  const preset = presets.find((p) => p.id === m.preset);
  // The chosen preset stays listed (first) even when the search hides it, so the select
  // never shows one model while the store holds another.
  const shown = preset && !matches.includes(preset) ? [preset, ...matches] : matches;
  const paramsField = fieldInputs({
    id,
    fields: PARAMS_FIELDS,
    value: { params: m.params },
    set: (c) => setModel(c),
    issues: byField,
    ...common,
  });
  const arch = fieldInputs({
    id,
    fields: ARCH_FIELDS,
    value: m.arch ?? {},
    set: setArch,
    issues: byField,
    ...common,
  });
  const hfIssue = byField["hfConfig"];
  // Chosen now or stored from an earlier visit: load the file reader's controls after this
  // render (loading sets a store this island listens to).
  if (hydrated && m.kind === "file" && weightsWay.$state.get().status === "idle")
    queueMicrotask(() => void weightsWay.load());
  return (
    <Frame
      id={id}
      title={tr(t, "mp.title")}
      t={t}
      hydrated={hydrated}
      controls={
        <>
          <SelectField
            id={`${id}-kind`}
            label={tr(t, "f.kind")}
            value={m.kind}
            choices={MODEL_KINDS.map((k) => ({ value: k, label: tr(t, `opt.${k}`) }))}
            onValue={(v) => setModel({ kind: v as NonNullable<ModelChoice["kind"]> })}
            disabled={d}
          />
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
                  aria-controls={`${id}-preset`}
                  onInput={(e) => $query.set(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    const first = matches[0];
                    if (e.key === "Enter" && first) {
                      e.preventDefault();
                      setModel({ preset: first.id });
                    }
                  }}
                />
                <span id={`${id}-search-hint`} class="calc-hint" aria-live="polite">
                  {query.trim() && matches.length === 0
                    ? tr(t, "mf.noMatch", { query: query.trim() })
                    : `${tr(t, "mp.searchHint", { count: matches.length })} ${tr(t, "mf.searchHint")}`}
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
                onValue={(v) => setModel({ preset: v })}
                issue={byField["preset"]}
                disabled={d}
              />
            </>
          )}
          {m.kind === "params" && paramsField("params")}
          {m.kind === "arch" && (
            <>
              {arch("layers")}
              {arch("hidden")}
              {arch("heads")}
              {arch("kvHeads")}
              {arch("ffn")}
              {arch("vocab")}
              {arch("experts")}
              {arch("activeExperts")}
              {arch("tiedEmbeddings")}
            </>
          )}
          {m.kind === "file" && <FileWay id={id} t={t} lang={lang} disabled={d} />}
          {m.kind === "hf" && (
            <div class={hfIssue ? "calc-field is-invalid" : "calc-field"}>
              <label for={`${id}-hf`}>{tr(t, "f.hfText")}</label>
              <textarea
                id={`${id}-hf`}
                rows={6}
                value={m.hfText}
                disabled={d}
                aria-invalid={hfIssue ? "true" : "false"}
                aria-describedby={`${id}-hf-hint ${id}-hf-err`}
                onInput={(e) => setModel({ hfText: e.currentTarget.value })}
              />
              <span id={`${id}-hf-hint`} class="calc-hint">
                {tr(t, "mp.hfHint")}
              </span>
              <span id={`${id}-hf-err`} class="calc-error" aria-live="polite">
                {hfIssue ?? ""}
              </span>
            </div>
          )}
        </>
      }
    >
      <Figures
        items={[
          { key: "name", label: tr(t, "model"), value: modelLabel(t, lang, resolved), main: true },
          {
            key: "params",
            label: tr(t, "r.params"),
            value: resolved?.ok ? billions(lang, resolved.counts.total) : "—",
          },
          {
            key: "active",
            label: tr(t, "r.active"),
            value: resolved?.ok ? billions(lang, resolved.counts.active) : "—",
          },
        ]}
      />
      {issues.length > 0 && m.kind !== "hf" && (
        <ul class="calc-warnings">
          {issues.map((i) => (
            <li key={i.field}>{issueText(lang, t, i)}</li>
          ))}
        </ul>
      )}
      {m.kind === "preset" && preset && (
        <p class="calc-note-text">{tr(t, "mp.source", { source: preset.source })}</p>
      )}
    </Frame>
  );
}

export const ModelPicker = island(View, [$model, $query, $resolvedModel, weightsWay.$state]);
