/**
 * What the model picker shows: the ways to describe a model (a preset found by search, a
 * parameter count, architecture fields, a weights file, a pasted config.json), and the
 * core's reading of the choice: its name and parameter counts, or why it has none.
 */
import { atom } from "nanostores";
import { ARCH_FIELDS, PARAMS_FIELDS } from "../../estimate/model/arch-fields.ts";
import { issueMessage } from "../../i18n/messages.ts";
import { msg, qty } from "../../i18n/text.ts";
import { $catalog } from "../catalog.ts";
import { $model, $resolvedModel, model, setArch, setModel } from "../model.ts";
import { defineView } from "./define.ts";
import type { FieldView } from "./fields.ts";
import { fieldViews } from "./fields.ts";
import { modelText } from "./model-name.ts";
import { issuesAt } from "./result.ts";

const ID = "mp";

/** Page-local (not persisted, not in links): the preset search. */
const $query = atom("");
export const setQuery = (q: string): void => $query.set(q);

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

/** The architecture fields the picker offers (the rest come with a pasted config.json). */
const ARCH_SHOWN = [
  "layers",
  "hidden",
  "heads",
  "kvHeads",
  "ffn",
  "vocab",
  "experts",
  "activeExperts",
  "tiedEmbeddings",
] as const;

export const modelPickerView = defineView(
  [$model, $query, $resolvedModel, $catalog],
  (state, query, resolved, { gpus, presets }) => {
    const m = model.effective(state);
    const refused = resolved && !resolved.ok ? resolved : null;
    const issues = issuesAt(refused, "model");
    const bind = { id: ID, issues, gpus };
    const matches = matchPresets(presets, query);
    const preset = presets.find((p) => p.id === m.preset);
    // The chosen preset stays listed (first) even when the search hides it, so the select
    // never shows one model while the store holds another.
    const listed = preset && !matches.includes(preset) ? [preset, ...matches] : matches;
    const first = matches[0];
    const trimmed = query.trim();
    const kind = m.kind;
    const arch = fieldViews({ ...bind, fields: ARCH_FIELDS, value: m.arch ?? {}, set: setArch });
    return {
      id: ID,
      title: msg("mp.title"),
      kind,
      controls: [fieldViews({ ...bind, fields: model.fields, value: m, set: model.set })("kind")],
      /** The preset search: what was typed, and how many presets it matches. */
      search:
        kind === "preset"
          ? {
              query,
              hint:
                trimmed && matches.length === 0
                  ? msg("mp.noMatch", { query: trimmed })
                  : msg("mp.searchBoth", {
                      matches: msg("mp.searchHint", { count: matches.length }),
                      how: msg("mp.searchHow"),
                    }),
              onEnter: () => first && setModel({ preset: first.id }),
            }
          : null,
      fields:
        kind === "preset"
          ? [
              {
                kind: "select",
                id: `${ID}-preset`,
                label: msg("f.preset"),
                value: m.preset ?? "",
                choices: (listed.length ? listed : presets).map((p) => ({
                  value: p.id,
                  label: p.name,
                })),
                onValue: (v) => setModel({ preset: v }),
                issue: issues["preset"],
              } satisfies FieldView,
            ]
          : kind === "params"
            ? [
                fieldViews({
                  ...bind,
                  fields: PARAMS_FIELDS,
                  value: m,
                  set: (c) => setModel({ params: c.params }),
                })("params"),
              ]
            : kind === "arch"
              ? ARCH_SHOWN.map((name) => arch(name))
              : [],
      /** The weights-file way's controls are shown. */
      file: kind === "file",
      hf: kind === "hf" ? { text: m.hfText, issue: issues["hfConfig"] } : null,
      figures: [
        { key: "name", label: msg("model"), value: modelText(resolved), main: true },
        ...(["params", "active"] as const).map((key) => ({
          key,
          label: msg(`r.${key}`),
          value: resolved?.ok
            ? qty(resolved.counts[key === "params" ? "total" : key] / 1e9, "billions", 2)
            : "—",
        })),
      ],
      // The pasted config's issue shows beside its box.
      issues: kind === "hf" || !refused ? [] : refused.issues.map(issueMessage),
      // The chosen preset's provenance comes with the core's reading of it, so the page's
      // list of presets carries only what the list shows (a name to find, an id to choose).
      source:
        kind === "preset" && resolved?.ok && resolved.model.name.kind === "preset"
          ? msg("mp.source", { source: resolved.model.name.source })
          : null,
    };
  },
);
